package router

import (
	"slices"
	"strings"
)

// fieldCues maps phrases to the record field a factual question asks for,
// most specific first.
var fieldCues = []struct {
	phrase, field string
}{
	// fields the data does not record: asked of one institution, the
	// answer says so instead of offering matches (phrases no name holds:
	// "Norwich Telephone Museum" asks for no telephone number)
	{"phone number", "phone"}, {"telephone number", "phone"}, {"telefonnummer", "phone"},
	{"telefoonnummer", "phone"}, {"contact number", "phone"}, {"email address", "email"},
	{"e mail address", "email"}, {"opening hours", "opening_hours"}, {"opening times", "opening_hours"},
	{"offnungszeiten", "opening_hours"}, {"openingstijden", "opening_hours"}, {"openingsuren", "opening_hours"},
	{"free entry", "admission"}, {"free admission", "admission"}, {"free to enter", "admission"},
	{"free to visit", "admission"}, {"eintritt frei", "admission"}, {"kostenlos", "admission"},
	{"gratis toegang", "admission"}, {"gift shop", "facilities"}, {"museum shop", "facilities"}, {"have a shop", "facilities"},
	{"has a shop", "facilities"}, {"have a cafe", "facilities"}, {"has a cafe", "facilities"}, {"have a restaurant", "facilities"},
	{"has a restaurant", "facilities"}, {"parking", "facilities"}, {"car park", "facilities"}, {"toilets", "facilities"},
	{"wheelchair", "facilities"}, {"disabled access", "facilities"}, {"step free", "facilities"},
	{"built", "built"}, {"constructed", "built"}, {"erbaut", "built"}, {"gebaut", "built"}, {"gebouwd", "built"},
	{"who founded", "founder"}, {"founded by", "founder"}, {"founder of", "founder"}, {"wer grundete", "founder"},
	{"grunder", "founder"}, {"oprichter", "founder"}, {"wie richtte", "founder"}, {"director of", "director"},
	{"the director", "director"}, {"direktor", "director"}, {"directeur", "director"}, {"entry fee", "admission"},
	{"admission fee", "admission"}, {"admission price", "admission"}, {"admission", "admission"},
	{"ticket price", "admission"}, {"how much does it cost", "admission"}, {"eintrittspreis", "admission"},
	{"eintritt", "admission"}, {"toegangsprijs", "admission"}, {"how many visitors", "visitors"},
	{"visitor numbers", "visitors"}, {"besucherzahl", "visitors"}, {"bezoekersaantal", "visitors"},
	{"previously called", "former_name"}, {"previously known", "former_name"}, {"formerly called", "former_name"},
	{"formerly known", "former_name"}, {"former name", "former_name"}, {"old name", "former_name"},
	{"originally called", "former_name"}, {"originally known", "former_name"}, {"used to be called", "former_name"},
	{"use to be called", "former_name"}, {"called before", "former_name"}, {"known before", "former_name"},
	{"called earlier", "former_name"}, {"known earlier", "former_name"}, {"previous name", "former_name"},
	{"earlier name", "former_name"}, {"original name", "former_name"}, {"name before", "former_name"},
	{"names before", "former_name"}, {"other names", "former_name"}, {"other name", "former_name"},
	{"also known as", "former_name"}, {"also called", "former_name"}, {"andere namen", "former_name"},
	{"anderen namen", "former_name"}, {"weitere namen", "former_name"}, {"andere naam", "former_name"}, {"fruherer name", "former_name"}, {"fruhere name", "former_name"},
	{"fruheren namen", "former_name"}, {"vroegere naam", "former_name"}, {"vorige naam", "former_name"},
	{"vorige namen", "former_name"}, {"vorigen namen", "former_name"}, {"eerdere naam", "former_name"},
	{"heette", "former_name"}, {"umbenannt", "former_name"}, {"hernoemd", "former_name"},
	{"renamed", "former_name"}, {"changed their name", "former_name"}, {"changed its name", "former_name"},
	{"change their name", "former_name"}, {"change its name", "former_name"}, {"changed their names", "former_name"},
	{"changed name", "former_name"}, {"changed names", "former_name"}, {"name changed", "former_name"},
	{"name change", "former_name"}, {"name changes", "former_name"}, {"namen geandert", "former_name"},
	{"namen geaendert", "former_name"}, {"naam veranderd", "former_name"}, {"naam gewijzigd", "former_name"},
	{"vroeger", "former_name"}, {"voorheen", "former_name"}, {"fruher", "former_name"},
	{"ehemals", "former_name"}, {"hiess", "former_name"}, {"vormals", "former_name"}, {"oude naam", "former_name"},
	{"came after", "successor"}, {"in de plaats van", "successor"}, {"volgde", "successor"}, {"opgevolgd", "successor"},
	{"an die stelle", "successor"}, {"trat an", "successor"}, {"took over", "successor"}, {"took the place", "successor"},
	{"came before", "predecessor"}, {"ging vooraf", "predecessor"}, {"voorafging", "predecessor"},
	{"succeeded", "successor"}, {"successor", "successor"}, {"successors", "successor"}, {"replaced", "successor"},
	{"took over from", "successor"}, {"nachfolger", "successor"}, {"nachfolgerin", "successor"}, {"opvolger", "successor"},
	{"preceded", "predecessor"}, {"predecessor", "predecessor"}, {"predecessors", "predecessor"},
	{"vorganger", "predecessor"}, {"vorgangerin", "predecessor"}, {"voorganger", "predecessor"},
	{"isil", "isil"}, {"gnd", "gnd"}, {"ghcid", "ghcid"}, {"wikidata", "wikidata"}, {"qid", "wikidata"},
	{"website", "website"}, {"web site", "website"}, {"homepage", "website"}, {"url", "website"},
	{"webseite", "website"}, {"internetseite", "website"}, {"webadres", "website"}, {"internetadresse", "website"},
	{"postcode", "postcode"}, {"post code", "postcode"}, {"postal code", "postcode"}, {"zip", "postcode"},
	{"postleitzahl", "postcode"}, {"address", "address"}, {"adres", "address"}, {"adresse", "address"},
	{"anschrift", "address"}, {"coordinates", "coordinates"}, {"latitude", "coordinates"}, {"longitude", "coordinates"},
	{"coordinaten", "coordinates"}, {"koordinaten", "coordinates"}, {"governance", "governance"},
	{"governed", "governance"}, {"accreditation", "accreditation"}, {"size", "size"}, {"how big", "size"},
	{"how large", "size"}, {"what type", "type"}, {"what kind", "type"}, {"which type", "type"}, {"what sort", "type"},
	{"who operates", "operator"}, {"who runs", "operator"}, {"who manages", "operator"}, {"who operated", "operator"},
	{"who ran", "operator"}, {"who managed", "operator"}, {"who looks after", "operator"}, {"who maintains", "operator"},
	{"who owns", "operator"}, {"who is responsible for", "operator"}, {"in charge", "operator"}, {"wer verwaltet", "operator"}, {"wie onderhoudt", "operator"}, {"operator", "operator"}, {"wer betreibt", "operator"},
	{"tragerschaft", "governance"}, {"bestuurstype", "governance"}, {"bestuursvorm", "governance"},
	{"rechtsform", "governance"}, {"betreiber", "operator"}, {"exploitant", "operator"}, {"beheerder", "operator"}, {"trager", "operator"},
	{"wie beheert", "operator"}, {"wer betrieb", "operator"}, {"still open", "status"}, {"status", "status"},
	{"which city", "city"}, {"what city", "city"}, {"which town", "city"}, {"what town", "city"},
	{"welke stad", "city"}, {"welcher stadt", "city"}, {"which country", "country"}, {"what country", "country"},
	{"welk land", "country"}, {"welchem land", "country"},
	{"which county", "county"}, {"what county", "county"}, {"welk graafschap", "county"},
	{"welchem landkreis", "county"}, {"welcher landkreis", "county"}, {"in welchem kreis", "county"},
	{"which region", "region"}, {"what region", "region"}, {"welke regio", "region"}, {"welke provincie", "region"},
	{"welchem bundesland", "region"}, {"welches bundesland", "region"}, {"welcher region", "region"},
	{"which district", "district"}, {"what district", "district"}, {"which borough", "district"},
	{"which council area", "district"}, {"welchem bezirk", "district"},
	{"welke plaats", "city"}, {"welke gemeente", "city"}, {"welchem ort", "city"}, {"welcher ort", "city"},
	{"what place", "city"}, {"which place", "city"}, {"in welcher gemeinde", "city"},
	{"online", "website"}, {"webadresse", "website"}, {"web address", "website"}, {"internet address", "website"},
	{"webpage", "website"}, {"web page", "website"}, {"internetauftritt", "website"}, {"site web", "website"},
	{"official site", "website"}, {"home page", "website"}, {"web presence", "website"}, {"offizielle seite", "website"},
	{"what kind of institution", "type"}, {"what sort of institution", "type"}, {"what type of institution", "type"},
	{"wat voor instelling", "type"}, {"wat voor soort instelling", "type"}, {"welk type instelling", "type"},
	{"wat voor een instelling", "type"}, {"welcher art", "type"}, {"was fur eine einrichtung", "type"},
	{"welche art von einrichtung", "type"}, {"welcher typ", "type"}, {"was fur ein", "type"}, {"wat voor", "type"},
	{"who governs", "governance"}, {"governs", "governance"}, {"hoe wordt", "governance"},
	{"accreditatie", "accreditation"}, {"akkreditierung", "accreditation"},
	{"open or closed", "status"}, {"closed or open", "status"}, {"geopend of gesloten", "status"},
	{"geoffnet oder geschlossen", "status"}, {"nog open", "status"}, {"noch geoffnet", "status"},
	{"grossenklasse", "size"}, {"groessenklasse", "size"}, {"grootteklasse", "size"},
	{"how large", "size"}, {"hoe groot", "size"}, {"wie gross", "size"}, {"grootte", "size"}, {"grosse", "size"},
	{"postal address", "address"}, {"street address", "address"}, {"straat", "address"}, {"strasse", "address"},
	{"located", "city"}, {"situated", "city"}, {"gelegen", "city"}, {"liegt", "city"}, {"ligt", "city"},
	{"opening year", "opened"}, {"opening years", "opened"}, {"opening date", "opened"}, {"opening dates", "opened"},
	{"year of opening", "opened"}, {"founding year", "opened"}, {"founding date", "opened"},
	{"year of foundation", "opened"}, {"year founded", "opened"}, {"eroffnungsjahr", "opened"},
	{"grundungsjahr", "opened"}, {"openingsjaar", "opened"}, {"oprichtingsjaar", "opened"},
	{"closing year", "closed"}, {"closing date", "closed"}, {"year of closing", "closed"}, {"year of closure", "closed"},
	{"schliessungsjahr", "closed"}, {"sluitingsjaar", "closed"},
}

// exactFieldWords are field words read only as written: one typo from
// each is another word ("county" and "country", "region" and "legion").
var exactFieldWords = map[string]bool{"county": true, "region": true, "district": true}

// buildFuzzyFieldWords makes fuzzyFieldWords: single cue words long enough to be matched with one
// typo ("websitte", "Wikidatz", "Akkreditieeung"), in order.
func (lex *Lexicon) buildFuzzyFieldWords() []fieldWord {
	m := map[string]string{}
	for _, fc := range fieldCues {
		if !strings.Contains(fc.phrase, " ") && len(fc.phrase) >= 5 {
			m[fc.phrase] = fc.field
		}
	}
	for w, f := range lex.trailingFields {
		if len(w) >= 5 && !exactFieldWords[w] {
			m[w] = f
		}
	}
	out := make([]fieldWord, 0, len(m))
	for w, f := range m {
		out = append(out, fieldWord{w, f})
	}
	slices.SortFunc(out, func(a, b fieldWord) int { return strings.Compare(a.word, b.word) })
	return out
}

// fieldCueIndex finds the fieldCues a question may hold, the phrases of
// recorded fields of two words or more for a match with one typo.
var fieldCueIndex = func() *cueIndex {
	phrases := make([]string, len(fieldCues))
	for i, fc := range fieldCues {
		phrases[i] = fc.phrase
	}
	return newCueIndex(phrases, func(i int) bool {
		return strings.Contains(fieldCues[i].phrase, " ") && !unrecordedFields[fieldCues[i].field]
	})
}()

// fieldWord is a cue word and the field it asks for.
type fieldWord struct{ word, field string }

// field returns the record field asked for.
func field(s *scan) string {
	for i := 1; i < len(s.toks); i++ {
		// "Wann schloss das Museum?": the verb, not a castle
		// German nouns are written with a capital: a small "schloss" is
		// the verb ("In welchem Jahr schloss das Museum?"), and so is one
		// after "wann" in a question written all in lower case
		if s.toks[i].norm == "schloss" && !s.toks[i].upper && (!s.lower || s.toks[i-1].norm == "wann") && !s.used[i] {
			s.mark(i, i+1)
			return "closed"
		}
	}
	for _, w := range s.lex.whenWords {
		if s.has(w) {
			for _, t := range s.toks {
				if s.lex.closeWords[t.norm] {
					return "closed"
				}
			}
			for _, t := range s.toks {
				if s.lex.openWords[t.norm] {
					return "opened"
				}
			}
		}
	}
	if s.hasAny("since when", "seit wann", "sinds wanneer", "how old", "wie alt", "hoe oud") || ageAsked(s) {
		return "opened"
	}
	if kindOfCollections(s) {
		return "subjects"
	}
	if f := typeChoice(s); f != "" {
		return f
	}
	var buf [64]int
	for _, c := range fieldCueIndex.exact(s, buf[:0]) {
		if fc := fieldCues[c]; s.has(fc.phrase) {
			return fc.field
		}
	}
	// one typo in one word of a cue phrase ("forme name", "vorge naam");
	// not of the fields the data does not record, whose answer is the
	// same "not recorded" either way
	for _, c := range fieldCueIndex.near(s, buf[:0]) {
		if fc := fieldCues[c]; s.hasNear(fc.phrase) {
			return fc.field
		}
	}
	if s.hasAny("where is", "where was", "waar is", "wo ist", "wo liegt", "waar ligt", "wo befindet", "where can i find",
		"where exactly is", "where precisely is", "whereabouts is", "wheres", "where s", "wo genau", "waar precies", "waar ergens",
		"where do i find", "where would i find", "where will i find", "where can we find", "where do we find", "where can one find",
		"where is it", "wo finde ich", "waar vind ik") ||
		embeddedWhere(s) {
		return "city"
	}
	if n := len(s.toks); n > 1 && !isWhQuestion(s) && !s.lex.listStarts[s.toks[0].norm] {
		if f, ok := s.lex.trailingFields[s.toks[n-1].norm]; ok {
			return f
		}
		// "Auckland Zoo founded": a date asked of one institution, not a
		// list ("museums in Kent closed")
		if f, ok := s.lex.trailingDates[s.toks[n-1].norm]; ok && !pluralType(s) {
			return f
		}
	}
	// a German or Dutch compound led by a cue word ("Akkreditierungsstatus",
	// "Webseitenadresse")
	for _, t := range s.toks {
		if len(t.norm) < 10 {
			continue // no cue word of seven letters leads it with three more
		}
		for _, fw := range s.lex.fuzzyFieldWords {
			if len(fw.word) >= 7 && len(t.norm) > len(fw.word)+2 && strings.HasPrefix(t.norm, fw.word) {
				return fw.field
			}
		}
	}
	// one typo in a cue word
	for _, t := range s.toks {
		if len(t.norm) < 5 || s.lex.knownWords[t.norm] {
			continue
		}
		for _, fw := range s.lex.fuzzyFieldWords {
			if abs(len(fw.word)-len(t.norm)) <= 1 && osa(fw.word, t.norm, 1) <= 1 {
				return fw.field
			}
		}
	}
	return ""
}

// embeddedWhere reports "where" asked inside a sentence, with the verb
// last ("Do you know where the Bowes Museum is?", "Weißt du, wo das
// Museum Folkwang liegt?", "Ik vraag me af waar het Rijksmuseum is").
func embeddedWhere(s *scan) bool {
	n := len(s.toks)
	if n < 3 || !s.lex.placeVerbsLast[s.toks[n-1].norm] || s.lex.listStarts[s.toks[0].norm] {
		return false
	}
	for _, t := range s.toks[:n-1] {
		if t.norm == "where" || t.norm == "wo" || t.norm == "waar" {
			return true
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// unrecordedFields are the fields the data does not record (fieldCues
// reads them so that a question about one institution is answered "not
// recorded").
var unrecordedFields = map[string]bool{
	"phone": true, "email": true, "opening_hours": true, "founder": true, "director": true, "admission": true,
	"visitors": true, "built": true, "facilities": true,
}

// Unrecorded reports whether field is one the data records for no
// institution (telephone numbers, opening hours, facilities, …): whether
// an institution has one is then not known, not "no".
func Unrecorded(field string) bool { return unrecordedFields[field] }

// markFieldCue marks the phrase of the question that names field f as
// read and returns it.
func markFieldCue(s *scan, f string) string {
	for _, fc := range fieldCues {
		if i := s.find(fc.phrase); fc.field == f && i >= 0 {
			s.mark(i, i+strings.Count(fc.phrase, " ")+1)
			return fc.phrase
		}
	}
	return f
}

// ageAsked reports a question for how old an institution is or how long
// it has been open: "How old is X?", "How long has X been open?", "How
// many years was X open?", "Wie lange gibt es X schon?".
func ageAsked(s *scan) bool {
	if s.hasAny("how old", "wie alt", "hoe oud") {
		return true
	}
	if !s.hasAny("how long", "wie lange", "hoe lang", "how many years", "wie viele jahre", "hoeveel jaar") {
		return false
	}
	return s.hasAny("open", "opened", "existed", "exist", "exists", "been", "running", "operating", "offen", "geoffnet",
		"gibt", "bestand", "besteht", "existiert", "bestaat", "bestond", "geopend")
}

// otherField is the first recorded field other than not whose cue the
// question holds, or "".
func otherField(s *scan, not string) string {
	for _, fc := range fieldCues {
		if fc.field != not && !unrecordedFields[fc.field] && !identifierFields[fc.field] && s.has(fc.phrase) {
			return fc.field
		}
	}
	return ""
}

// identifierFields are the fields that are identifiers of a scheme.
var identifierFields = map[string]bool{"isil": true, "wikidata": true, "gnd": true, "ghcid": true}
