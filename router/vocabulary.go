package router

import (
	"slices"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/internal/names"
)

// knownWords are the words the rules understand: question words, cue
// phrases, type, governance, size and status words. A free word outside
// them (and outside names, places and subjects, which consume their
// words) is a word the router did not understand.
var knownWords = map[string]bool{}

var knownOnce sync.Once

// buildKnownWords fills knownWords once every word table is initialised.
func buildKnownWords() {
	add := func(phrases ...string) {
		for _, p := range phrases {
			for _, w := range strings.Fields(p) {
				knownWords[w] = true
			}
		}
	}
	for w := range commonWords {
		add(w)
	}
	for w := range typeWords {
		add(w)
	}
	for w := range listStarts {
		add(w)
	}
	for w := range locatives {
		add(w)
	}
	for w := range negations {
		add(w)
	}
	for w := range governancePhrases {
		add(w)
	}
	for w := range accreditationWords {
		add(w)
	}
	for w := range sizeWords {
		add(w)
	}
	for w := range closeWords {
		add(w)
	}
	for w := range openWords {
		add(w)
	}
	for w := range yesNoStarts {
		add(w)
	}
	for w := range pairCues {
		add(w)
	}
	for w := range superlatives {
		add(w)
	}
	for w := range ordinalEnds {
		add(w)
	}
	for w := range recentWords {
		add(w)
	}
	for w := range groupLevels {
		add(w)
	}
	for w := range fewestCues {
		add(w)
	}
	for w := range ordinals {
		add(w)
	}
	add(exceptCues...)
	for w := range moreCues {
		add(w)
	}
	for w := range fewerCues {
		add(w)
	}
	for w := range statusWords {
		add(w)
	}
	for w := range operateVerbs {
		add(w)
	}
	add(partOfCues...)
	add(operatedByCues...)
	add(housesCues...)
	add(whenWords...)
	add(countCues...)
	add(compareCues...)
	add(collectionCues...)
	for _, fc := range fieldCues {
		// the words of a field the data does not record are read only
		// where the phrase stands (see markFieldCue): "Telephone" in
		// "Guernsey Telephone Musemu" is part of a name to read
		if !unrecordedFields[fc.field] {
			add(fc.phrase)
		}
	}
	add(fillerWords...)
}

// fillerSet holds the fillerWords.
var fillerSet = func() map[string]bool {
	m := make(map[string]bool, len(fillerWords))
	for _, w := range fillerWords {
		m[w] = true
	}
	return m
}()

// fillerWords carry no constraint in a heritage question: verbs, pronouns,
// politeness and trip phrasing in English, Dutch and German.
var fillerWords = []string{
	"altogether", "overall", "insgesamt", "gesamt", "totaal", "total", "heisst", "heist", "heet", "heten",
	"what", "whats", "which", "who", "whom", "whose", "where", "when", "why", "how", "there", "here",
	"please", "thanks", "thank", "could", "would", "should", "might", "may", "must", "shall", "want", "wanted",
	"like", "looking", "look", "search", "searching", "know", "tell", "say", "let", "lets", "need", "help",
	"visit", "visiting", "visitor", "visitors", "go", "going", "went", "see", "seen", "saw", "witnessed", "whether", "wonder", "wondering", "curious", "weet", "weten", "weisst", "weiss", "learn", "learning", "discover", "explore", "enjoy", "admire", "sehen", "zien", "lernen", "leren", "trip", "day", "days",
	"out", "weekend", "holiday", "tour", "around", "near", "nearby", "close", "closest", "nearest", "somewhere",
	"place", "places", "site", "sites", "located", "situated", "lies", "lie", "found", "find", "exist", "exists",
	"existing", "located", "known", "recorded", "listed", "data", "dataset", "database", "record", "records",
	"according", "your", "available", "kind", "kinds", "type", "types", "sort", "sorts", "one", "ones",
	"called", "named", "name", "names", "get", "got", "get", "give", "show", "list", "find", "me", "us",
	"an", "a", "the", "and", "or", "but", "if", "than", "then", "so", "as", "at", "to", "into", "onto", "up",
	"down", "same", "different", "such", "each", "every", "either", "neither", "both", "also", "too", "very",
	"really", "just", "only", "even", "yet", "ever", "never", "not", "no", "yes", "any", "anything",
	"something", "everything", "all", "whole", "entire", "number", "total", "first", "second", "two",
	"answer", "question", "institutions", "institution", "organisation", "organisations", "organization",
	"organizations", "body", "bodies", "group", "groups", "network", "trust", "company", "foundation",
	"site", "venue", "venues", "attraction", "attractions", "thing", "things", "today",
	"currently", "still", "now", "ago", "anymore", "longer", "again", "year", "years", "century", "date",
	"dates", "time", "period", "ist", "sind", "gibt", "es", "welche", "welcher", "welches", "wo", "wie",
	"was", "wer", "ich", "mir", "mich", "wir", "uns", "du", "ihr", "sie", "man", "kann", "konnen", "mochte",
	"mochten", "will", "wollen", "bitte", "zeig", "zeige", "nenne", "nenn", "liste", "alle", "jede", "jeder",
	"noch", "schon", "auch", "nur", "sehr", "gern", "besuchen", "besuch", "ausflug", "tag", "heute",
	"liegt", "liegen", "befindet", "befinden", "gelegen", "ort", "orte", "stadt", "gemeinde", "kreis",
	"landkreis", "bezirk", "grafschaft", "graafschap", "region", "next", "week", "weeks", "month", "months",
	"overview", "overzicht", "uberblick", "ubersicht", "locaties", "locatie", "standort", "standorte", "buurt",
	"nahe", "umgebung", "omgeving", "englischen", "englische", "englisch", "engelse", "engels", "schottischen",
	"schotse", "walisischen", "welshe", "classificatie", "onderwerpsclassificatie", "klassifikation",
	"sachgebietsklassifikation", "sachgebiet", "onderwerp", "einrichtung", "einrichtungen", "institution", "institutionen",
	"organisation", "gehort", "gehoren", "betreibt", "betreiben", "verwaltet", "unter", "uber", "mit",
	"ohne", "fur", "durch", "auf", "an", "am", "im", "ins", "zum", "zur", "vom", "beim", "bis", "seit",
	"ab", "als", "wenn", "dass", "ob", "nicht", "kein", "keine", "ja", "nein", "mehr", "weniger",
	"wat", "welke", "welk", "wie", "waar", "wanneer", "hoe", "er", "zijn", "is", "was", "waren", "heeft",
	"hebben", "had", "ik", "mij", "me", "wij", "we", "ons", "jij", "je", "u", "kan", "kunnen", "wil",
	"willen", "graag", "alstublieft", "toon", "noem", "geef", "lijst", "alle", "elke", "nog", "al", "ook",
	"alleen", "zeer", "heel", "bezoeken", "bezoek", "uitje", "dagje", "dag", "vandaag", "ligt", "liggen",
	"gelegen", "plaats", "plaatsen", "stad", "gemeente", "provincie", "instelling", "instellingen",
	"organisatie", "hoort", "horen", "beheert", "onder", "over", "met", "zonder", "voor", "door", "op",
	"aan", "bij", "tot", "sinds", "vanaf", "als", "dan", "dat", "of", "niet", "geen", "ja", "nee", "meer",
	"minder", "welcome", "opening", "hours", "many", "much", "few", "several", "some", "various",
	"museum", "collection", "collections", "about", "devoted", "dedicated", "related", "themed", "focus",
	"focusing", "focused", "specialising", "specializing", "specialised", "specialized", "featuring",
	"feature", "features", "displays", "display", "exhibitions", "exhibition", "exhibit", "exhibits", "objects",
	"items", "holdings", "topic", "topics", "subject", "subjects", "classification", "classified", "theme",
	"cover", "covers", "covering", "things", "artefacts", "artifacts", "hold", "holds",
	"themes", "area", "areas", "part", "parts", "located", "inside", "within", "outside", "this", "that",
	"these", "those", "it", "its", "they", "their", "them", "he", "she", "his", "her", "one", "of", "in",
	"on", "by", "for", "from", "with", "without", "about", "across", "throughout", "between", "among",
	"amongst", "while", "during", "after", "before", "since", "until", "till", "ago", "against", "via",
	"per", "plus", "minus", "vs", "versus", "compared", "compare", "comparing", "comparison", "respectively",
	"english", "scottish", "welsh", "irish", "british", "german", "dutch", "uk", "u", "k", "de", "het",
	"een", "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines",
	"van", "von", "zu", "und", "en", "oder", "doch", "aber", "maar", "want", "omdat", "weil", "denn",
	"mostly", "mainly", "chiefly", "primarily", "especially", "particularly", "exactly", "precisely",
	"officially", "formally", "actually", "still", "ever", "exist", "existed", "stand", "stands", "based",
	"headquartered", "seated", "home", "homes", "hosted", "hosts", "host", "houses", "housed", "keep",
	"keeps", "kept", "hold", "holds", "held", "own", "owns", "owned", "belong", "belongs", "belonged",
	"run", "runs", "ran", "running", "manage", "manages", "managed", "operate", "operates", "operated",
	"responsible", "charge", "oversee", "oversees", "overseen", "ownership", "owner", "owners", "parent",
	"umbrella", "member", "members", "membership", "branch", "branches", "affiliated", "affiliate",
	"affiliation", "counts", "count", "tally", "total", "amount", "quantity", "numbers", "figure",
	"winner", "win", "wins", "won", "beat", "beats", "rank", "ranks", "ranking", "highest", "lowest",
	"top", "bottom", "best", "worst", "good", "great", "nice", "interesting", "famous", "popular",
	"well", "worth", "recommend", "recommended", "suggest", "suggestions", "ideas", "options",
	"wurde", "wurden", "werden", "worden", "geworden", "wird", "word", "wordt", "werd", "sein",
	"gewesen", "geweest", "bin", "ben", "bent", "eigentlich", "eigenlijk", "genau", "precies",
	"besteht", "bestehen", "existiert", "bestaat", "bestaan", "wem", "wen", "whom", "kwam", "came",
	"trat", "stelle", "plaats", "interested", "interest", "interests", "keen", "fan", "fans", "enjoy", "love",
	"loves", "fond", "curious", "plan", "planning", "travel", "travelling", "traveling", "staying", "stay",
	"holidays", "vacation", "kids", "children", "family", "families", "friends", "good", "worthwhile",
	"interessiert", "interesse", "interessant", "geinteresseerd", "interessante", "urlaub", "vakantie",
	"reis", "reise", "kinderen", "kinder", "familie", "lohnt", "lohnen", "moet", "muss", "sollte", "zou",
	"moeten", "mussen", "sollten", "should", "ought", "contain", "contains", "include", "includes",
	"enthalt", "enthalten", "bevat", "bevatten", "dachorganisation", "mutterorganisation", "ubergeordnete",
	"moederorganisatie", "overkoepelende",
}

// unknownWords are the free words of the question that no rule explains:
// an unknown topic ("whisky"), a place the data does not hold, a name not
// in the data, or an off-topic request ("weather").
// Adjacent unknown words are one phrase ("Zentralbibliothek
// Fantasiestadt").
//
// dropped are the phrases among them that stand where a constraint would
// ("sushi museums", "collections about karaoke", "in Bayern"): the answer
// ignores a constraint there and must not call itself exact.
func unknownWords(s *scan) (unknown, dropped []string) {
	knownOnce.Do(buildKnownWords)
	start, last := -1, -1
	flush := func() {
		if start >= 0 {
			ph := s.original(start, last+1)
			unknown = append(unknown, ph)
			if constraintSlot(s, start, last+1) {
				dropped = append(dropped, ph)
			}
		}
		start = -1
	}
	mask := unknownMask(s)
	for i := range s.toks {
		if !mask[i] {
			continue
		}
		if start >= 0 && last != i-1 {
			flush()
		}
		if start < 0 {
			start = i
		}
		last = i
	}
	flush()
	return unknown, dropped
}

// unknownName widens the first run of unknown tokens to the name-like
// phrase around it: capitalised words (type words included, question
// words not) and the articles and prepositions between them.
//
// The run must itself look like part of a name: capitalised, or, in a
// question written all in lower case, leading into words read as a name
// ("upper wyvern button museum"). Lower-case verbs and cue words the rules
// do not know ("… gevestigd", "category of …") start no name.
func unknownName(s *scan, mask []bool) string {
	if runs := nameRuns(s, mask); len(runs) > 0 {
		return s.original(runs[0][0], runs[0][1])
	}
	return ""
}

// nameRuns returns every run of unknown tokens that looks like part of a
// name, widened as unknownName says, in question order.
func nameRuns(s *scan, mask []bool) [][2]int {
	nameWord := func(k int) bool {
		t := s.toks[k]
		if typeWords[t.norm] != "" {
			return true
		}
		return t.upper && !knownWords[t.norm] && !listStarts[t.norm]
	}
	var runs [][2]int
	for k, j := 0, 0; k < len(mask); k = j {
		if !mask[k] {
			j = k + 1
			continue
		}
		for j = k + 1; j < len(mask) && mask[j]; j++ {
		}
		if !(s.lower && j < len(mask) && s.used[j] || !s.lower && s.toks[k].upper) {
			continue
		}
		i := k
		for {
			if i > 0 && nameWord(i-1) {
				i--
			} else if i > 1 && nameStop[s.toks[i-1].norm] && nameWord(i-2) {
				i -= 2
			} else if i > 0 && nameParticle(s, i-1) {
				// "the Van Gogh Museum", "Museum Van Loon"
				i--
			} else {
				break
			}
		}
		for {
			if j < len(mask) && nameWord(j) {
				j++
			} else if j+1 < len(mask) && nameStop[s.toks[j].norm] && nameWord(j+1) {
				j += 2
			} else {
				break
			}
		}
		// "the Atlantis Heritage Trust": the noun that ends an
		// organisation's name belongs to the name, with the capitalised
		// words before it.
		for k := j; k < len(mask) && k < j+3; k++ {
			if orgHeads[s.toks[k].norm] && (s.lower || s.toks[k].upper) {
				j = k + 1
				break
			}
			if s.lower || !s.toks[k].upper {
				break
			}
		}
		runs = append(runs, [2]int{i, j})
	}
	return runs
}

// nameParticle reports a capitalised particle of a surname or name
// ("Van", "De", "Ter") at token k, in a question not written all in lower
// case. It is asked only of the word right before a name's unknown
// words, where such a particle is part of the name ("Van Gogh Museum …",
// "… the De Lakenhal").
func nameParticle(s *scan, k int) bool {
	return !s.lower && s.toks[k].upper && nameParticles[s.toks[k].norm]
}

// nameParticles are the particles of Dutch, German, French and Italian
// names.
var nameParticles = map[string]bool{
	"van": true, "von": true, "vom": true, "de": true, "der": true, "den": true, "ter": true, "ten": true,
	"du": true, "da": true, "di": true, "le": true, "la": true, "zu": true, "zur": true,
}

// orgHeads are the nouns that end an organisation's name ("Heritage
// Trust", "Stichting …", "Museumsverband"): known words, yet part of the
// name that an unknown word starts.
var orgHeads = map[string]bool{
	"trust": true, "trusts": true, "foundation": true, "society": true, "council": true, "association": true,
	"group": true, "network": true, "company": true, "partnership": true, "service": true, "services": true,
	"consortium": true, "federation": true, "authority": true, "board": true, "commission": true,
	"department": true, "ministry": true, "institute": true, "university": true, "college": true,
	"stiftung": true, "verein": true, "verband": true, "gesellschaft": true, "stichting": true,
	"vereniging": true, "genootschap": true,
}

// unknownMask marks the tokens no pass consumed that are no function or
// cue word (nor one edit from one).
func unknownMask(s *scan) []bool {
	knownOnce.Do(buildKnownWords)
	mask := make([]bool, len(s.toks))
	for i, t := range s.toks {
		mask[i] = !(s.used[i] || len(t.norm) < 3 || knownWords[t.norm] || isNumeric(t.norm) ||
			strings.HasSuffix(t.norm, "s") && knownWords[strings.TrimSuffix(t.norm, "s")] ||
			nearKnown(t.norm) && !placeSlot(s, i))
	}
	return mask
}

// unread returns the unknown phrases that hold a word of three letters or
// more that is no misspelling of a known word: "free", "Quakers", not
// "viit" (visit) or "Engkish".
func unread(unknown []string) []string {
	var out []string
	for _, ph := range unknown {
		for _, w := range strings.Fields(normalize(ph)) {
			if len(w) >= 3 && !nearAnyKnown(w) {
				out = append(out, ph)
				break
			}
		}
	}
	return out
}

// nearAnyKnown reports a word one edit from a known word of five letters
// or more, or of four letters one letter short of a known word of five
// ("viit" for visit): a four-letter word has too many neighbours ("cafe",
// "care") to be read as a typo of any of them.
func nearAnyKnown(w string) bool {
	if len(w) != 4 {
		return nearKnownOf(w, 5)
	}
	for k := range knownWords {
		if len(k) == 5 && osa(k, w, 1) <= 1 {
			return true
		}
	}
	return false
}

// nearKnown reports a misspelt function or cue word ("shojld", "regin"):
// one edit from a known word of five letters or more.
func nearKnown(w string) bool { return nearKnownOf(w, 5) }

// nearKnownOf reports a word of at least minLen letters one edit from a
// known word of at least minLen letters.
func nearKnownOf(w string, minLen int) bool {
	if len(w) < minLen {
		return false
	}
	for k := range knownWords {
		if len(k) >= minLen && abs(len(k)-len(w)) <= 1 && osa(k, w, 1) <= 1 {
			return true
		}
	}
	return false
}

// topicPreps introduce the topic of a list ("museums about X", "Musea
// over X", "Museen zum Thema X").
var topicPreps = map[string]bool{
	"about": true, "on": true, "over": true, "uber": true, "zum": true, "zur": true, "thema": true, "themed": true,
	"devoted": true, "dedicated": true, "related": true, "featuring": true, "concerning": true, "regarding": true,
	"covering": true, "showing": true, "betreffende": true, "rond": true, "rondom": true, "mit": true, "met": true,
}

// constraintSlot reports whether the unknown phrase [i, j) stands where
// a constraint would: before a type noun, after a topic preposition, or a
// capitalised word after a locative (an unknown place).
func constraintSlot(s *scan, i, j int) bool {
	// before the type noun, or before words no rule read that lead to it
	// ("perfume bottle museums")
	for k := j; k < len(s.toks) && k < j+3; k++ {
		if strings.TrimSpace(s.text[s.toks[k-1].end:s.toks[k].start]) != "" {
			break // "next week, what museums …"
		}
		if code := typeWords[s.toks[k].norm]; code != "" {
			return true
		}
		if s.used[k] || nameStop[s.toks[k].norm] || fillerSet[s.toks[k].norm] {
			break
		}
	}
	if i > 0 {
		prev := s.toks[i-1].norm
		if topicPreps[prev] || prev == "of" && i > 1 && typeWords[s.toks[i-2].norm] != "" {
			return true
		}
		// a topic preposition, then a word no rule read ("zum Them X"),
		// or articles ("dedicated to the X")
		k := i - 1
		for k > 0 && i-k <= 2 && (nameStop[s.toks[k].norm] || s.toks[k].norm == "to") {
			k--
		}
		if k < i-1 && topicPreps[s.toks[k].norm] {
			return true
		}
		if i > 1 && topicPreps[s.toks[i-2].norm] && !s.used[i-1] && !nameStop[prev] {
			return true
		}
		if locatives[prev] && s.toks[i].upper && prev != "of" && prev != "and" {
			return true
		}
	}
	return false
}

// isNumeric accepts digits and decades ("1980s").
func isNumeric(w string) bool {
	return isNumber(w) || len(w) == 5 && w[4] == 's' && isNumber(w[:4])
}

// offTopic reports a question with nothing a heritage dataset can answer:
// no institution, identifier, body, type, topic, field or time, only words
// the rules do not know (and perhaps a place: "the weather in Amsterdam").
func offTopic(c Constraints) bool {
	return len(c.Names)+len(c.Bodies)+len(c.TypeCodes)+len(c.Subjects)+len(c.GovernanceCodes)+len(c.Sizes)+
		len(c.ISILs)+len(c.QIDs)+len(c.GHCIDs)+len(c.GNDs)+len(c.RORs) == 0 &&
		c.Field == "" && c.Years == nil && c.Accreditation == "" && c.Relation == ""
}

// namedByLimit is the most records namedBy returns.
const namedByLimit = 5

// namedBy returns the records (at most namedByLimit) whose names hold
// every unknown word of four letters or more, as written or as its
// singular, best first: "Where can I see bagpipes?" is about the Morpeth
// Chantry Bagpipe Museum, not off-topic, and "Who won the match
// yesterday?" stays off-topic.
func (g *gazetteer) namedBy(phrases []string) []string {
	var ws []string
	for _, p := range phrases {
		for _, w := range strings.Fields(normalize(p)) {
			if len(w) >= 4 && !nameStop[w] {
				ws = append(ws, w)
			}
		}
	}
	if len(ws) == 0 {
		return nil
	}
	var out []string
	for _, h := range g.nameIx.get().Search(strings.Join(ws, " "), names.Options{Limit: 2 * namedByLimit}) {
		if len(out) == namedByLimit || !g.docHoldsAll(h.Doc, ws) {
			continue
		}
		if id := g.nameIx.ds.Institutions[h.Doc].ID; !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// docHoldsAll reports whether one of a record's names has every word, as
// written or as its singular ("bagpipes" in "Bagpipe Museum"): a word one
// edit from another ("morgen", "Morgan") is a different word.
func (g *gazetteer) docHoldsAll(doc int32, ws []string) bool {
	for _, e := range g.nameIx.byDoc[doc] {
		key := " " + g.entries[e].key + " "
		all := true
		for _, w := range ws {
			all = all && (strings.Contains(key, " "+w+" ") || strings.Contains(key, " "+strings.TrimSuffix(w, "s")+" "))
		}
		if all {
			return true
		}
	}
	return false
}
