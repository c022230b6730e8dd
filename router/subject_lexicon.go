package router

import (
	"slices"
	"strings"
)

// subjectEntry gives the words for one subject. Term is a dataset subject
// term ("Transport / Aviation") or a whole category or sub-category
// ("Transport/*", "Buildings / Houses/*"); a term that is itself a category
// ("Archaeology") means the category. EN, NL and DE list the English, Dutch
// and German label first, then synonyms and inflections (plural, adjective
// and dative forms, compounds). Words are written as users write them; the
// index folds case and diacritics (also "ü" as "ue") and strips English
// plurals. Mods are compound modifiers that are no words of their own
// ("Post" in "Postmuseum", "Schul" in "Schulmuseum").
type subjectEntry struct {
	Term       string
	EN, NL, DE []string
	Mods       []string
}

// subjectGroup gives the words that mean several terms at once: "aviation"
// means civil aviation and the air force, "pottery" both ceramics and the
// potteries. Its words belong to no single entry.
type subjectGroup struct {
	Terms      []string
	EN, NL, DE []string
}

// subjectLexicon has one entry per dataset subject term, and one per
// category named as a whole. A phrase belongs to one entry or group only.
// No phrase holds a custodian type word ("museum"): those are read as types.
var subjectLexicon = slices.Concat(subjectTermsAToM, subjectTermsNToW)

// subjectGroups are the umbrella words of several terms. They follow the
// gold questions' reading of a topic ("aviation museums" are civil and air
// force aviation, "sport" is every named sport).
var subjectGroups = []subjectGroup{
	{Terms: []string{"Transport / Aviation", "War and conflict / Airforce"},
		EN: []string{"aviation", "aircraft", "aeroplane", "aeroplanes", "airplane", "airplanes", "flight", "flying"},
		NL: []string{"luchtvaart", "vliegtuig", "vliegtuigen", "vliegerij"},
		DE: []string{"Luftfahrt", "Flugzeug", "Flugzeuge", "Flugzeugen", "Fliegerei"}},
	{Terms: []string{"Arts / Ceramics", "Industry and manufacture / Potteries"},
		EN: []string{"pottery", "potteries", "porcelain", "earthenware", "stoneware", "ceramics and pottery"},
		NL: []string{"aardewerk", "porselein", "pottenbakkerij", "keramiek en aardewerk"},
		DE: []string{"Porzellan", "Töpferei", "Töpfereien", "Steingut", "Keramik und Töpferei"}},
	{Terms: []string{"Industry and manufacture / Textiles", "Rural Industry / Textiles"},
		EN: []string{"textiles", "textile industry", "textile"},
		NL: []string{"textiel", "textielindustrie"},
		DE: []string{"Textilien", "Textil", "Textilindustrie"}},
	{Terms: []string{"Belief and identity / Religion", "Belief and identity / Religious buildings", "Belief and identity / Church treasuries"},
		EN: []string{"religion", "religions", "religious", "religious heritage"},
		NL: []string{"religie", "religieus", "religieuze", "religieus erfgoed"},
		DE: []string{"Religion", "religiös", "religiöse", "religiösen", "religiöses Erbe", "religiösem Erbe", "religiösen Erbe"}},
	{Terms: []string{"Belief and identity / Religious buildings", "Belief and identity / Church treasuries"},
		EN: []string{"church", "churches"},
		NL: []string{"kerk", "kerken"},
		DE: []string{"Kirche", "Kirchen"}},
	{Terms: []string{"Buildings / Houses / Large houses", "Buildings / Palace"},
		DE: []string{"Schloss", "Schlösser", "Schlössern"}},
	{Terms: []string{"War and conflict / Bunker", "War and conflict / Event or site"},
		EN: []string{"bunkers and wartime sites", "bunker and wartime site"},
		NL: []string{"bunkers en oorlogslocaties"},
		DE: []string{"Bunker und Kriegsschauplätze"}},
	{Terms: []string{"Rural Industry / Watermills", "Rural Industry / Windmills"},
		EN: []string{"mill", "mills", "watermills and windmills", "corn mills"},
		NL: []string{"molen", "molens", "korenmolen", "korenmolens"},
		DE: []string{"Mühle", "Mühlen"}},
	{Terms: []string{"Natural world / Fossils", "Natural world / Dinosaurs"},
		EN: []string{"fossil", "fossils"},
		NL: []string{"fossiel", "fossielen"},
		DE: []string{"Fossilien", "Versteinerungen"}},
	{Terms: []string{"Natural world / Geology", "Natural world / Fossils", "Natural world / Dinosaurs"},
		EN: []string{"geology and fossils"},
		NL: []string{"geologie en fossielen"},
		DE: []string{"Geologie und Fossilien"}},
	{Terms: []string{"Leisure and sport / Rugby and football", "Leisure and sport / Cricket", "Leisure and sport / Other"},
		EN: []string{"sport", "sports", "sporting", "sporting history"},
		NL: []string{"sporten", "sportgeschiedenis"},
		DE: []string{"Sportarten", "Sportgeschichte"}},
}

// subjectCues are the words that name a subject rather than being one
// ("the subject classification 'Transport / Aviation'"); one or two of
// them right before a subject are read with it.
var subjectCues = map[string]bool{
	"subject": true, "subjects": true, "classification": true, "classified": true, "category": true,
	"topic": true, "theme": true, "onderwerp": true, "onderwerpen": true, "thema": true, "themas": true,
	"categorie": true, "classificatie": true, "sachgebiet": true, "themengebiet": true, "themen": true,
	"kategorie": true, "klassifikation": true, "schwerpunkt": true,
}

// subjectCompoundHeads end German and Dutch compounds whose modifier is the
// subject ("Eisenbahngeschichte", "Textilindustrie", "speelgoedcollectie").
// Custodian type heads are read by compounds.
var subjectCompoundHeads = []string{
	"geschichte", "geschiedenis", "historie", "sammlungen", "sammlung", "collecties", "collectie",
	"industrie", "technik", "kultur", "cultuur", "erbe", "erfgoed", "ausstellungen", "ausstellung",
	"tentoonstellingen", "tentoonstelling", "wesen", "wirtschaft", "voorzieningen", "voorziening",
}

// notSubjects are phrases whose subject word means no subject: how to get
// somewhere, where to park.
var notSubjects = []string{
	"car park", "car parking", "by car", "by bus", "by train", "by rail", "bus stop", "bus station",
	"train station", "met de auto", "met de bus", "met de trein", "mit dem auto", "mit dem bus",
	"mit dem zug", "mit der bahn",
}

// SubjectWords returns the words of the subject lexicon, in every
// language, for the dataset subject terms given, lower case: what a name may carry of a subject
// ("eisenbahn" of "Transport / Trains and railways"). A search of the
// names of records that state no subjects uses them.
func SubjectWords(terms []string) []string {
	var out []string
	add := func(ws []string) {
		for _, w := range ws {
			if w = strings.ToLower(w); len(w) >= 4 && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	for _, g := range subjectGroups {
		if len(g.Terms) > 0 && !slices.ContainsFunc(g.Terms, func(t string) bool { return !slices.Contains(terms, t) }) {
			// the umbrella words of terms all asked for ("aviation")
			add(g.EN)
			add(g.NL)
			add(g.DE)
		}
	}
	for _, e := range subjectLexicon {
		if slices.Contains(terms, e.Term) {
			add(e.EN)
			add(e.NL)
			add(e.DE)
			add(e.Mods)
		}
	}
	return out
}

// SubjectWords is the package's SubjectWords: a Router answers the
// pipeline's questions about words (pipeline.Lexicon).
func (r *Router) SubjectWords(terms []string) []string { return SubjectWords(terms) }

// UnnamedWar is the package's UnnamedWar.
func (r *Router) UnnamedWar(phrase string) bool { return UnnamedWar(phrase) }

// Unrecorded is the package's Unrecorded.
func (r *Router) Unrecorded(field string) bool { return Unrecorded(field) }
