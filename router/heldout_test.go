package router

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// paraphrase is one question phrased unlike the public gold set (other
// word order, no question word, German or Dutch, typos, reverse look-ups)
// with the intent and the key constraints the router must still find.
// Zero fields are not checked.
type paraphrase struct {
	q        string
	intent   Intent
	list     *bool
	types    []string
	places   []string // Place.Name of every place, in order
	subjects []string // each must be among the extracted subjects
	field    string
	noField  bool // Field must be empty
	name     string
	body     string
	relation string
	isils    []string
	qids     []string
	gnds     []string
	sides    int
	years    *YearRange
	accr     string
	sizes    []string
}

var (
	yes = func() *bool { b := true; return &b }()
	no  = func() *bool { b := false; return &b }()
)

const (
	subjRail     = "Transport / Trains and railways"
	subjAviation = "Transport / Aviation"
	subjAirforce = "War and conflict / Airforce"
	subjSea      = "Sea and seafaring / Boats and ships"
	subjArt      = "Arts / Fine and decorative arts"
	subjMilitary = "War and conflict / Military"
	subjMining   = "Industry and manufacture / Mining and quarrying"
	subjTextiles = "Industry and manufacture / Textiles"
	subjToys     = "Leisure and sport / Toys and models"
	subjPottery  = "Arts / Ceramics"
)

var paraphrases = []paraphrase{
	// exploratory: typos in type words and places, lists without "Which"
	{q: "which musems are in Ramsgte?", intent: Exploratory, list: yes, types: []string{"M"}, places: []string{"Ramsgate"}},
	{q: "Which libaries are in Prague?", intent: Exploratory, list: yes, types: []string{"L"}, places: []string{"Prague"}},
	{q: "which archieves are in Prague?", intent: Exploratory, list: yes, types: []string{"A"}, places: []string{"Prague"}},
	{q: "Which museuns are in Kent?", intent: Exploratory, list: yes, types: []string{"M"}, places: []string{"Kent"}},
	{q: "Which large musuems are in Hull?", intent: Exploratory, list: yes, types: []string{"M"}, sizes: []string{"large", "huge"}},
	{q: "List the museums in Rutland.", intent: Exploratory, list: yes, types: []string{"M"}, places: []string{"Rutland"}},
	{q: "Give me the libraries in Prague.", intent: Exploratory, list: yes, types: []string{"L"}, places: []string{"Prague"}},
	{q: "Show me the museums in Rye", intent: Exploratory, list: yes, types: []string{"M"}, places: []string{"Rye"}},
	{q: "Alle Museen in Kent", intent: Exploratory, list: yes, types: []string{"M"}, places: []string{"Kent"}},
	{q: "How many museums are in Rutland?", intent: Exploratory, list: yes, types: []string{"M"}, places: []string{"Rutland"}},
	{q: "Welche Museen gibt es in Hamshire?", intent: Exploratory, list: yes, types: []string{"M"}, places: []string{"Hampshire"}},
	{q: "Welke musea zijn er in Cornwal?", intent: Exploratory, list: yes, types: []string{"M"}, places: []string{"Cornwall"}},
	{q: "Accredited museums in Norfolk", intent: Exploratory, list: yes, types: []string{"M"}, places: []string{"Norfolk"}, accr: "Accredited"},
	{q: "Welche akkreditierten Museen gibt es in Suffolk?", intent: Exploratory, list: yes, accr: "Accredited", places: []string{"Suffolk"}},
	{q: "Which museums are in Northumberlnd?", intent: Exploratory, list: yes, places: []string{"Northumberland"}},
	{q: "Museums in Milton Keyns", intent: Exploratory, list: yes, places: []string{"Milton Keynes"}},
	{q: "Which museums are in the Dumries and Galloway council area?", intent: Exploratory, list: yes, places: []string{"Dumfries and Galloway"}},
	{q: "Which large museums are in the London Borugh of Bexley?", intent: Exploratory, list: yes, places: []string{"Bexley"}},
	{q: "Which museums in the Stoe-on-Trent unitary authority area closed before 2010?", intent: Temporal, list: yes, places: []string{"Stoke-on-Trent"}, years: &YearRange{Field: "closed", To: 2009}},
	{q: "Welke kleine musea zijn er in Harwhich?", intent: Exploratory, list: yes, sizes: []string{"small"}, places: []string{"Harwich"}},

	// collection: topics as modifiers and German/Dutch compounds
	{q: "aviation museums in Cornwall", intent: Collection, list: yes, types: []string{"M"}, places: []string{"Cornwall"}, subjects: []string{subjAviation, subjAirforce}},
	{q: "Show me railway museums in Suffolk", intent: Collection, list: yes, places: []string{"Suffolk"}, subjects: []string{subjRail}},
	{q: "Welche Eisenbahnmuseen gibt es in Kent?", intent: Collection, list: yes, types: []string{"M"}, places: []string{"Kent"}, subjects: []string{subjRail}},
	{q: "Eisenbahnmuseen in Kent", intent: Collection, list: yes, types: []string{"M"}, places: []string{"Kent"}, subjects: []string{subjRail}},
	{q: "Welke spoorwegmusea zijn er in Devon?", intent: Collection, list: yes, types: []string{"M"}, places: []string{"Devon"}, subjects: []string{subjRail}},
	{q: "Luftfahrtmuseen in Cornwall", intent: Collection, list: yes, types: []string{"M"}, subjects: []string{subjAviation, subjAirforce}},
	{q: "Schifffahrtsmuseen in Devon", intent: Collection, list: yes, types: []string{"M"}, places: []string{"Devon"}, subjects: []string{subjSea}},
	{q: "Kunstmusea in Kent", intent: Collection, list: yes, types: []string{"M"}, subjects: []string{subjArt}},
	{q: "Welche Militärmuseen gibt es in Hampshire?", intent: Collection, list: yes, types: []string{"M"}, places: []string{"Hampshire"}, subjects: []string{subjMilitary}},
	{q: "Bergbaumuseen in Cornwall", intent: Collection, list: yes, subjects: []string{subjMining}},
	{q: "Welke speelgoedmusea zijn er in Norfolk?", intent: Collection, list: yes, subjects: []string{subjToys}, places: []string{"Norfolk"}},
	{q: "Textilmuseen in Lancashire", intent: Collection, list: yes, subjects: []string{subjTextiles}, places: []string{"Lancashire"}},
	{q: "Welke musea in Norfolk hebben collecties over luchtvaart?", intent: Collection, list: yes, subjects: []string{subjAviation}, places: []string{"Norfolk"}},
	{q: "Mining museums in Cornwal", intent: Collection, list: yes, subjects: []string{subjMining}, places: []string{"Cornwall"}},
	{q: "Which museums in Kent have colections about potery?", intent: Collection, list: yes, subjects: []string{subjPottery}, places: []string{"Kent"}},
	{q: "aviaton museums in Cornwall", intent: Collection, list: yes, subjects: []string{subjAviation}, places: []string{"Cornwall"}},
	{q: "Which museums in the South West region of Engand have collections about railwys?", intent: Collection, list: yes, subjects: []string{subjRail}, places: []string{"South West"}},
	{q: "Which musems in Devon have collections about pottery?", intent: Collection, list: yes, types: []string{"M"}, subjects: []string{subjPottery}, places: []string{"Devon"}},

	// relationship: operators and groups without "Which … are operated by"
	{q: "museums run by York Museums Trust", intent: Relationship, list: yes, body: "York Museums Trust", relation: "operated_by"},
	{q: "Which museums belong to York Museums Trust?", intent: Relationship, list: yes, body: "York Museums Trust", relation: "part_of"},
	{q: "What museums does the National Trust run in Kent?", intent: Relationship, list: yes, body: "National Trust", relation: "operated_by", places: []string{"Kent"}},
	{q: "Welche Museen betreibt der National Trust in Kent?", intent: Relationship, list: yes, body: "National Trust", relation: "operated_by", places: []string{"Kent"}},
	{q: "Welke musea vallen onder de National Trust?", intent: Relationship, list: yes, body: "National Trust", relation: "part_of"},
	{q: "Which sites are managed by English Heritage in Cumbria?", intent: Relationship, list: yes, body: "English Heritage", relation: "operated_by", places: []string{"Cumbria"}},
	{q: "Museums operated by the National Trust in Cornwal", intent: Relationship, list: yes, body: "National Trust", relation: "operated_by", places: []string{"Cornwall"}},
	{q: "Welke musea beheert de National Trust in Devon?", intent: Relationship, list: yes, body: "National Trust", relation: "operated_by", places: []string{"Devon"}},
	{q: "Which museums does Glasgow Life operate?", intent: Relationship, list: yes, body: "Glasgow Life", relation: "operated_by"},
	{q: "Welche Museen gehören zu Hampshire Cultural Trust?", intent: Relationship, list: yes, body: "Hampshire Cultural Trust", relation: "part_of"},
	{q: "Who runs Yorkshire Museum?", intent: Relationship, list: no, name: "Yorkshire Museum", field: "operator"},
	{q: "Which organisation runs Yorkshire Museum?", intent: Relationship, list: no, name: "Yorkshire Museum", field: "operator", relation: "operated_by"},
	{q: "Wie is de exploitant van Yorkshire Museum?", intent: Relationship, list: no, name: "Yorkshire Museum", field: "operator"},
	{q: "Which group does Yorkshire Museum belong to?", intent: Relationship, list: no, name: "Yorkshire Museum", relation: "part_of"},
	{q: "Which National Trust museums are in Cornwall?", intent: Relationship, list: yes, body: "National Trust", places: []string{"Cornwall"}},
	{q: "Welke musea horen bij National Museums Scotland?", intent: Relationship, list: yes, body: "National Museums Scotland", relation: "part_of"},
	{q: "Welke musea in Kent worden door de National Trust beheerd?", intent: Relationship, list: yes, body: "National Trust", relation: "operated_by", places: []string{"Kent"}},
	{q: "What does Derby Museum And Art Gallery house?", intent: Relationship, name: "Derby Museum And Art Gallery", relation: "houses"},
	{q: "Welches Museum ist in Derby Museum And Art Gallery untergebracht?", intent: Relationship, name: "Derby Museum And Art Gallery", relation: "houses"},
	{q: "Which museum houses the Essex Regiment Museum?", intent: Relationship, name: "Essex Regiment Museum", relation: "located_in"},
	{q: "Welches Museum beherbergt das Essex Regiment Museum?", intent: Relationship, name: "Essex Regiment Museum", relation: "located_in"},
	{q: "Which museums are operated by Vivcity?", intent: Relationship, list: yes, body: "Vivacity", relation: "operated_by"},

	// temporal: former names and opening or closing years, phrased freely
	{q: "Seit wann gibt es Titanic Belfast?", intent: Temporal, list: no, name: "Titanic Belfast", field: "opened"},
	{q: "Which museums in Kent closd before 2000?", intent: Temporal, list: yes, places: []string{"Kent"}, years: &YearRange{Field: "closed", To: 1999}},
	{q: "What was Solent Sky Museum called before?", intent: Temporal, list: no, name: "Solent Sky Museum", field: "former_name"},
	{q: "What was the former name of Solent Sky Museum?", intent: Temporal, list: no, name: "Solent Sky Museum", field: "former_name"},
	{q: "What did Solent Sky Museum use to be called?", intent: Temporal, list: no, name: "Solent Sky Museum", field: "former_name"},
	{q: "Under which name was Solent Sky Museum known before?", intent: Temporal, list: no, name: "Solent Sky Museum", field: "former_name"},
	{q: "Wie hieß Solent Sky Museum früher?", intent: Temporal, list: no, name: "Solent Sky Museum", field: "former_name"},
	{q: "Hoe heette Solent Sky Museum vroeger?", intent: Temporal, list: no, name: "Solent Sky Museum", field: "former_name"},
	{q: "When did Titanic Belfast open?", intent: Temporal, list: no, name: "Titanic Belfast", field: "opened"},
	{q: "When was Titanic Belfast founded?", intent: Temporal, list: no, name: "Titanic Belfast", field: "opened"},
	{q: "When was Croft Castle established?", intent: Temporal, list: no, name: "Croft Castle", field: "opened"},
	{q: "Wann wurde Titanic Belfast eröffnet?", intent: Temporal, list: no, name: "Titanic Belfast", field: "opened"},
	{q: "Wann wurde Croft Castle gegründet?", intent: Temporal, list: no, name: "Croft Castle", field: "opened"},
	{q: "Wanneer werd Titanic Belfast geopend?", intent: Temporal, list: no, name: "Titanic Belfast", field: "opened"},
	{q: "When did Leicester Railway Museum close?", intent: Temporal, list: no, name: "Leicester Railway Museum", field: "closed"},
	{q: "Wanneer sloot Saltwell Park Museum?", intent: Temporal, list: no, name: "Saltwell Park Museum", field: "closed"},
	{q: "Museums in Kent that closed before 2005", intent: Temporal, list: yes, places: []string{"Kent"}, years: &YearRange{Field: "closed", To: 2004}},
	{q: "Welche Museen in Devon wurden vor 1950 gegründet?", intent: Temporal, list: yes, places: []string{"Devon"}, years: &YearRange{Field: "opened", To: 1949}},
	{q: "Which musems in Norfolk opened after 1990?", intent: Temporal, list: yes, types: []string{"M"}, places: []string{"Norfolk"}, years: &YearRange{Field: "opened", From: 1991}},

	// comparative: "vs", "compare with", German and Dutch verbs
	{q: "Railway museums in Kent vs Devon", intent: Comparative, sides: 2, places: []string{"Kent", "Devon"}, subjects: []string{subjRail}},
	{q: "How do the railway museums in Kent compare with those in Devon?", intent: Comparative, sides: 2, places: []string{"Kent", "Devon"}, subjects: []string{subjRail}},
	{q: "Vergleiche die Eisenbahnmuseen in Kent und Devon.", intent: Comparative, sides: 2, places: []string{"Kent", "Devon"}, subjects: []string{subjRail}, types: []string{"M"}},
	{q: "Vergelijk de spoorwegmusea in Kent en Devon.", intent: Comparative, sides: 2, places: []string{"Kent", "Devon"}, subjects: []string{subjRail}, types: []string{"M"}},
	{q: "Kent versus Devon: aviation museums", intent: Comparative, sides: 2, places: []string{"Kent", "Devon"}, subjects: []string{subjAviation}},
	{q: "Compare the military museums in Hampshire and Wiltshre.", intent: Comparative, sides: 2, places: []string{"Hampshire", "Wiltshire"}, subjects: []string{subjMilitary}},
	{q: "What is the difference between the maritime museums in Cornwall and Devon?", intent: Comparative, sides: 2, places: []string{"Cornwall", "Devon"}, subjects: []string{subjSea}},
	{q: "Wie unterscheiden sich die Kunstmuseen in Kent und Norfolk?", intent: Comparative, sides: 2, places: []string{"Kent", "Norfolk"}, subjects: []string{subjArt}},

	// factual: reverse identifier look-ups and fields with typos
	{q: "Which institution has ISIL DE-2291?", intent: Factual, list: no, isils: []string{"DE-2291"}, noField: true},
	{q: "What is Q891746?", intent: Factual, list: no, qids: []string{"Q891746"}, noField: true},
	{q: "Whose GND is 4734382-5?", intent: Factual, list: no, gnds: []string{"4734382-5"}, noField: true},
	{q: "Welche Einrichtung hat die ISIL DE-Gad1?", intent: Factual, list: no, isils: []string{"DE-Gad1"}, noField: true},
	{q: "Wat is NL-0873010000?", intent: Factual, list: no, isils: []string{"NL-0873010000"}, noField: true},
	{q: "Welke instelling heeft Wikidata-ID Q891746?", intent: Factual, list: no, qids: []string{"Q891746"}, noField: true},
	{q: "To which institution does the GND 4734382-5 belong?", intent: Factual, list: no, gnds: []string{"4734382-5"}, noField: true},
	{q: "DE-2291 belongs to which library?", intent: Factual, list: no, isils: []string{"DE-2291"}, noField: true},
	{q: "What is the ISIL code of Stadtarchiv Stendl?", intent: Factual, list: no, name: "Stadtarchiv Stendal", field: "isil"},
	{q: "What is the postcode of Keswik Mining Museum?", intent: Factual, list: no, name: "Keswick Mining Museum", field: "postcode"},
	{q: "What is the postcode of Ilkley Toy Musuem?", intent: Factual, list: no, name: "Ilkley Toy Museum", field: "postcode"},
	{q: "What's the ISIL of Heimatstube im Elbtr?", intent: Factual, list: no, name: "Heimatstube im Elbtor", field: "isil"},
	{q: "What is the GND identifier of Stadtarchiv Bruchsl?", intent: Factual, list: no, name: "Stadtarchiv Bruchsal", field: "gnd"},
	{q: "Wie lautet die ISIL von Stadtarchiv Stendal?", intent: Factual, list: no, name: "Stadtarchiv Stendal", field: "isil"},
	{q: "Wat is de website van Hungarian National Museum?", intent: Factual, list: no, name: "Hungarian National Museum", field: "website"},
	{q: "What is the postcode of the Tolbooth Museum in Stonehaven?", intent: Factual, list: no, name: "Tolbooth Museum", field: "postcode"},
}

func TestHeldOutParaphrases(t *testing.T) {
	r := newTestRouter(t)
	intents := map[Intent]int{}
	for _, tc := range paraphrases {
		intents[tc.intent]++
		t.Run(tc.q, func(t *testing.T) {
			p := r.Route(tc.q)
			c := p.Constraints
			require.Equal(t, tc.intent, p.Intent, "%+v", c)
			if tc.list != nil {
				require.Equal(t, *tc.list, c.List, "list")
			}
			if tc.types != nil {
				require.Equal(t, tc.types, c.TypeCodes)
			}
			if tc.places != nil {
				var got []string
				for _, pl := range c.Places {
					got = append(got, pl.Name)
				}
				require.Equal(t, tc.places, got)
			}
			for _, s := range tc.subjects {
				require.Contains(t, c.Subjects, s)
			}
			if tc.field != "" {
				require.Equal(t, tc.field, c.Field)
			}
			if tc.noField {
				require.Empty(t, c.Field)
			}
			if tc.name != "" {
				require.NotEmpty(t, c.Names, "%+v", c)
				require.Equal(t, tc.name, c.Names[0].Name)
			}
			if tc.body != "" {
				require.NotEmpty(t, c.Bodies, "%+v", c)
				require.Equal(t, tc.body, c.Bodies[0].Name)
			}
			if tc.relation != "" {
				require.Equal(t, tc.relation, c.Relation)
			}
			require.Equal(t, tc.isils, c.ISILs)
			require.Equal(t, tc.qids, c.QIDs)
			require.Equal(t, tc.gnds, c.GNDs)
			if tc.sides > 0 {
				require.Len(t, p.Sides, tc.sides)
				for _, s := range p.Sides {
					require.Len(t, s.Places, 1)
					for _, want := range tc.subjects {
						require.Contains(t, s.Subjects, want)
					}
				}
			}
			if tc.years != nil {
				require.Equal(t, tc.years, c.Years)
			}
			if tc.accr != "" {
				require.Equal(t, tc.accr, c.Accreditation)
			}
			if tc.sizes != nil {
				require.Equal(t, tc.sizes, c.Sizes)
			}
		})
	}
	require.GreaterOrEqual(t, len(paraphrases), 60)
	for _, in := range Intents {
		require.GreaterOrEqual(t, intents[in], 6, "paraphrases of %s", in)
	}
}

// TestFuzzyGuards checks that typo tolerance leaves correct words alone:
// common words are not corrected into places, a correct place is read
// exactly, and a singular type noun with a name is not a list.
func TestFuzzyGuards(t *testing.T) {
	r := newTestRouter(t)
	cases := []struct {
		q      string
		places []string
	}{
		{"Which museums in Kent have collections about pottery?", []string{"Kent"}},
		{"Which museums are there in total in Kent?", []string{"Kent"}},
		{"Which museums in Kent opened after 1990?", []string{"Kent"}},
		{"Which museums are operated by the National Trust?", nil},
		{"Which museums dig into local history?", nil},
		{"Which libraries hold Roman coins?", nil},
	}
	for _, tc := range cases {
		t.Run(tc.q, func(t *testing.T) {
			var got []string
			for _, pl := range r.Route(tc.q).Constraints.Places {
				got = append(got, pl.Name)
			}
			require.Equal(t, tc.places, got)
		})
	}
	for _, w := range []string{"galley", "archived", "muses", "mused"} {
		_, ok := DefaultLexicon().fuzzyType(w)
		require.False(t, ok, w)
	}
	for w, want := range map[string]string{"musems": "museums", "musuem": "museum", "libary": "library", "archieves": "archives", "bibliotek": "bibliothek"} {
		got, ok := DefaultLexicon().fuzzyType(w)
		require.True(t, ok, w)
		require.Equal(t, want, got, w)
	}
	require.False(t, r.Route("What is the postcode of the Tolbooth Museum in Stonehaven?").Constraints.List)
}

func TestSplitCompound(t *testing.T) {
	cases := []struct {
		w, mod, code string
		plural, ok   bool
	}{
		{"eisenbahnmuseen", "eisenbahn", "M", true, true},
		{"spoorwegmusea", "spoorweg", "M", true, true},
		{"luftfahrtmuseum", "luftfahrt", "M", false, true},
		{"kreisarchive", "kreis", "A", true, true},
		{"stadtbibliotheken", "stadt", "L", true, true},
		{"museum", "", "", false, false},
		{"rijksarchief", "rijks", "A", false, true},
		{"kunstmusea", "kunst", "M", true, true},
	}
	for _, tc := range cases {
		mod, code, pl, ok := DefaultLexicon().splitCompound(tc.w)
		require.Equal(t, tc.ok, ok, tc.w)
		require.Equal(t, tc.mod, mod, tc.w)
		require.Equal(t, tc.code, code, tc.w)
		require.Equal(t, tc.plural, pl, tc.w)
	}
}

func TestOSA(t *testing.T) {
	cases := []struct {
		a, b string
		max  int
		want int
	}{
		{"museum", "musuem", 2, 1},
		{"museum", "museum", 1, 0},
		{"ramsgte", "ramsgate", 1, 1},
		{"kitten", "sitting", 3, 3},
		{"abc", "xyz", 1, 2},
		{"", "ab", 2, 2},
	}
	for _, tc := range cases {
		require.Equal(t, tc.want, osa(tc.a, tc.b, tc.max), "%s/%s", tc.a, tc.b)
	}
}

func BenchmarkRouteParaphrases(b *testing.B) {
	qs := make([]string, len(paraphrases))
	for i, p := range paraphrases {
		qs[i] = p.q
	}
	benchRoute(b, qs)
}

// perturbations rewrite a gold question the way other users would ask it;
// "" means the rewrite does not apply.
var perturbations = map[string]func(string) string{
	// drop the fourth letter of the longest capitalised word after the first
	"typo": func(q string) string {
		ws := strings.Fields(q)
		bi, bl := -1, 0
		for i := 1; i < len(ws); i++ {
			w := strings.Trim(ws[i], "?.,")
			if len(w) >= 6 && w[0] >= 'A' && w[0] <= 'Z' && len(w) > bl {
				bi, bl = i, len(w)
			}
		}
		if bi < 0 {
			return ""
		}
		ws[bi] = ws[bi][:3] + ws[bi][4:]
		return strings.Join(ws, " ")
	},
	"type-typo": func(q string) string {
		for _, p := range [][2]string{{"museums", "musems"}, {"museum", "musuem"}, {"libraries", "libaries"}, {"archives", "archievs"}} {
			if strings.Contains(q, p[0]) {
				return strings.Replace(q, p[0], p[1], 1)
			}
		}
		return ""
	},
	"lower": strings.ToLower,
	"list": func(q string) string {
		if !strings.HasPrefix(q, "Which ") || strings.HasPrefix(q, "Which museum ") {
			return ""
		}
		return "List the " + strings.TrimSuffix(strings.TrimPrefix(q, "Which "), "?") + "."
	},
	"de": translate(0),
	"nl": translate(1),
}

// templates translate the public question styles into German and Dutch.
var templates = []struct {
	re     *regexp.Regexp
	de, nl string
}{
	{regexp.MustCompile(`^Which museums in (.+) closed before (\d+)\?$`), "Welche Museen in $1 wurden vor $2 geschlossen?", "Welke musea in $1 zijn voor $2 gesloten?"},
	{regexp.MustCompile(`^Which museums in (.+) opened between (\d+) and (\d+)\?$`), "Welche Museen in $1 wurden zwischen $2 und $3 eröffnet?", "Welke musea in $1 zijn tussen $2 en $3 geopend?"},
	{regexp.MustCompile(`^In which year did (.+) open\?$`), "In welchem Jahr wurde $1 eröffnet?", "In welk jaar werd $1 geopend?"},
	{regexp.MustCompile(`^What was (.+) previously called\?$`), "Wie hieß $1 früher?", "Hoe heette $1 vroeger?"},
	{regexp.MustCompile(`^Compare the (.+) museums in (.+) and (.+)\.$`), "Vergleiche die $1 Museen in $2 und $3.", "Vergelijk de $1 musea in $2 en $3."},
	{regexp.MustCompile(`^Which museums in (.+) have collections about (.+)\?$`), "Welche Museen in $1 haben Sammlungen über $2?", "Welke musea in $1 hebben collecties over $2?"},
	{regexp.MustCompile(`^Which museums are part of (.+)\?$`), "Welche Museen gehören zu $1?", "Welke musea maken deel uit van $1?"},
	{regexp.MustCompile(`^Which institutions are part of (.+)\?$`), "Welche Einrichtungen gehören zu $1?", "Welke instellingen maken deel uit van $1?"},
	{regexp.MustCompile(`^Which museums are operated by (.+)\?$`), "Welche Museen werden von $1 betrieben?", "Welke musea worden beheerd door $1?"},
	{regexp.MustCompile(`^Which museums in (.+) are operated by (.+)\?$`), "Welche Museen in $1 werden von $2 betrieben?", "Welke musea in $1 worden beheerd door $2?"},
	{regexp.MustCompile(`^What is the ISIL code of (.+)\?$`), "Wie lautet der ISIL-Code von $1?", "Wat is de ISIL-code van $1?"},
	{regexp.MustCompile(`^What is the postcode of (.+)\?$`), "Wie lautet die Postleitzahl von $1?", "Wat is de postcode van $1?"},
	{regexp.MustCompile(`^What is the official website of (.+)\?$`), "Was ist die offizielle Website von $1?", "Wat is de officiële website van $1?"},
	{regexp.MustCompile(`^What is the Wikidata ID of (.+)\?$`), "Wie lautet die Wikidata-ID von $1?", "Wat is de Wikidata-ID van $1?"},
	{regexp.MustCompile(`^What is the governance type of (.+)\?$`), "Welche Trägerschaft hat $1?", "Wat is het bestuurstype van $1?"},
	{regexp.MustCompile(`^Which accredited museums are in (.+)\?$`), "Welche akkreditierten Museen gibt es in $1?", "Welke geaccrediteerde musea zijn er in $1?"},
	{regexp.MustCompile(`^Which (\w+) are in (.+)\?$`), "Welche $1 gibt es in $2?", "Welke $1 zijn er in $2?"},
	{regexp.MustCompile(`^Which museum is housed in (.+)\?$`), "Welches Museum ist in $1 untergebracht?", "Welk museum is gehuisvest in $1?"},
}

func translate(lang int) func(string) string {
	return func(q string) string {
		for _, t := range templates {
			if t.re.MatchString(q) {
				if lang == 0 {
					return t.re.ReplaceAllString(q, t.de)
				}
				return t.re.ReplaceAllString(q, t.nl)
			}
		}
		return ""
	}
}

// TestGoldPerturbed rewrites every public question (typos, lower case, no
// question word, German, Dutch) and requires the router to keep the intent
// and the kinds of constraints it found in the original. It measures how
// far routing carries beyond the public phrasings.
func TestGoldPerturbed(t *testing.T) {
	r := newTestRouter(t)
	gold := loadGold(t)
	for name, f := range perturbations {
		n, ok := 0, 0
		for _, g := range gold {
			q := f(g.Question)
			if q == "" || q == g.Question {
				continue
			}
			n++
			p, p0 := r.Route(q), r.Route(g.Question)
			c, c0 := p.Constraints, p0.Constraints
			if string(p.Intent) == g.Intent && len(c.Places) == len(c0.Places) && len(c.Names) == len(c0.Names) &&
				len(c.Bodies) == len(c0.Bodies) && len(c.Subjects) == len(c0.Subjects) && c.Field == c0.Field &&
				(c.Years == nil) == (c0.Years == nil) {
				ok++
				continue
			}
			t.Logf("%s: %q → %s %+v", name, q, p.Intent, c)
		}
		acc := float64(ok) / float64(n)
		t.Logf("%-9s %.3f (%d/%d)", name, acc, ok, n)
		require.Greater(t, n, 100, name)
		require.GreaterOrEqual(t, acc, 0.95, name)
	}
}
