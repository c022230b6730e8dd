package router

import (
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
)

// Router plans retrieval for heritage questions. Build it once with New; it
// is read-only afterwards and safe for concurrent use.
type Router struct {
	g        *gazetteer
	wikidata bool
	baseK    int
}

// Option configures a Router.
type Option func(*Router)

// WithWikidata says a Wikidata (SPARQL) retriever is configured, so that
// plans may include a wikidata leg.
func WithWikidata(on bool) Option { return func(r *Router) { r.wikidata = on } }

// WithK sets the default retrieval depth of a leg (10 when unset).
func WithK(k int) Option {
	return func(r *Router) {
		if k > 0 {
			r.baseK = k
		}
	}
}

// New builds the router's gazetteers (names, bodies, places, identifiers,
// subjects) from the dataset.
func New(ds *heritage.Dataset, opts ...Option) *Router {
	r := &Router{baseK: 10}
	for _, o := range opts {
		o(r)
	}
	r.g = buildGazetteer(ds)
	// every word table is initialised by now; Route only reads them
	knownOnce.Do(buildKnownWords)
	return r
}

// Route classifies the question, extracts its constraints and plans the
// retriever legs. It never fails: an empty or unclear question yields a
// broad, low-confidence plan.
func (r *Router) Route(question string) Plan {
	plan := r.reread(question)
	dropPartOfLonger(&plan)
	return plan
}

// reread routes the question and, when words are left unexplained, reads
// it again with a misspelt name or place spelt right.
func (r *Router) reread(question string) Plan {
	plan, s := r.route(question)
	if len(plan.Unknown) == 0 || plan.Constraints.HasIDs() {
		return plan
	}
	// Words left unexplained may be a misspelt name that an exact, shorter
	// name or a place took part of ("Bunrs Cottage Museum", "Hoylake
	// Lifeboat Musseum"), or a misspelt place ("in Roter", "Orkney
	// Island"): read the question again spelt right, and keep that reading
	// when it explains more words.
	need := unknownMask(s)
	if again, ok := r.readPartialNames(question, plan, s, need); ok {
		return again
	}
	fresh := r.g.freshScan(question)
	var i, j int
	var name string
	isName := false
	if m, mi, mj, ok := r.g.fuzzyNameCovering(fresh, need); ok {
		i, j, name, isName = mi, mj, m.Name, true
	} else if pi, pj, pname, ok := r.g.fuzzyPlaceCovering(fresh, need); ok {
		i, j, name = pi, pj, pname
	} else {
		return plan
	}
	typed := question[s.toks[i].start:s.toks[j-1].end]
	again, _ := r.route(question[:s.toks[i].start] + name + question[s.toks[j-1].end:])
	if countWords(again.Unknown) >= countWords(plan.Unknown) {
		return plan
	}
	again.Question = question
	c := &again.Constraints
	for k := range c.Names {
		if n := &c.Names[k]; isName && n.Name == name {
			n.Text, n.Score = typed, similarity(typed, name)
		}
	}
	for k := range c.Places {
		if p := &c.Places[k]; !isName && p.Text == name {
			p.Text = typed
		}
	}
	return again
}

// readPartialNames rereads a question about named institutions (a field,
// a yes/no, a relation, two named institutions) that named none the data
// holds, reading its unknown name-like words as partial names.
func (r *Router) readPartialNames(question string, plan Plan, s *scan, need []bool) (Plan, bool) {
	switch plan.Frame {
	case FrameField, FrameYesNo, FrameRelation, FramePair:
	default:
		if !pairShape(s) {
			return plan, false
		}
	}
	if len(plan.Constraints.Names) >= 2 || len(plan.Constraints.Bodies) > 0 {
		return plan, false
	}
	fixed, typed, names, ok := r.g.partialNames(question, s, need)
	if !ok {
		return plan, false
	}
	// the reading must explain every word: a partial name beside words
	// still unknown is a guess
	again, _ := r.route(fixed)
	if len(again.Unknown) > 0 {
		return plan, false
	}
	again.Question = question
	for k := range again.Constraints.Names {
		n := &again.Constraints.Names[k]
		if at := slices.Index(names, n.Name); at >= 0 {
			n.Text, n.Score = typed[at], similarity(typed[at], n.Name)
		}
	}
	return again, true
}

// dropPartOfLonger drops a name read inside a longer name-like phrase
// whose other words are unknown ("Spielzeugmuseum Unterwaldbach",
// "upper wyvern button museum"): the question names an institution the
// data does not hold, not the shorter one.
func dropPartOfLonger(plan *Plan) {
	if plan.UnknownName == "" {
		return
	}
	c := &plan.Constraints
	var keep []NameMatch
	for _, n := range c.Names {
		if !(len(n.Text) < len(plan.UnknownName) && strings.Contains(plan.UnknownName, n.Text)) {
			keep = append(keep, n)
		}
	}
	c.Names = keep
}

func similarity(typed, meant string) float64 {
	a, b := normalize(typed), normalize(meant)
	n := max(len(a), len(b), 1)
	return 1 - float64(osa(a, b, n))/float64(n)
}

// freshScan is a scan of the question with only its identifiers consumed
// and its misspelt cue and place words corrected.
func (g *gazetteer) freshScan(question string) *scan {
	s := newScan(question)
	ids := g.extractIDs(question)
	for i, t := range s.toks {
		if overlaps(ids.spans, t.start, t.end) {
			s.used[i] = true
		}
	}
	g.correctWords(s)
	return s
}

func countWords(phrases []string) int {
	n := 0
	for _, p := range phrases {
		n += len(strings.Fields(p))
	}
	return n
}

func (r *Router) route(question string) (Plan, *scan) {
	g := r.g
	plan := Plan{Question: question}
	s := newScan(question)
	var c Constraints

	ids := g.extractIDs(question)
	c.ISILs, c.QIDs, c.GHCIDs, c.GNDs, c.RORs = ids.isils, ids.qids, ids.ghcids, ids.gnds, ids.rors
	c.Malformed = malformedIDs(question, ids.spans)
	for i, t := range s.toks {
		if overlaps(ids.spans, t.start, t.end) {
			s.used[i] = true
		}
	}

	postcodes(s, &c)
	g.correctWords(s)
	idUsed := append([]bool(nil), s.used...)
	rel, relEnd := relationCue(s)
	housesEnd := housesCue(s)
	if ids.any() && rel == "part_of" {
		// "Which institution does GND … belong to?" asks for the holder
		// of the identifier, not for members of a group
		rel = ""
	}
	listQ := len(s.toks) > 0 && listStarts[s.toks[0].norm] ||
		s.hasAny("what museums", "what libraries", "what archives", "what institutions", "are there", "gibt es", "zijn er", "how many")

	g.writtenSubjects(s, &c)
	s.oneEntity = rel != "" && !listQ || yesNoShape(s) || pairShape(s) && !pluralType(s)
	g.entities(s, &c, rel, relEnd, housesEnd)
	// a plural type noun ("aviation museums in Cornwall", "Eisenbahnmuseen")
	// asks for a set even without a question word
	plural := g.compounds(s, &c)
	plural = pluralType(s) || plural
	listCue := listQ || plural
	if len(c.Bodies) == 0 && rel != "" && listCue {
		if b, ok := g.fuzzyBody(s, relEnd); ok {
			b.Relation = rel
			c.Bodies = append(c.Bodies, b)
		}
	}
	c.Field = field(s)
	if rel == "" && (len(c.Bodies) > 0 || len(c.Names) > 0 && !plural && c.Field == "") {
		rel = bodyRelation(s)
	}
	fuzzyName := func() {
		if m, i, j, ok := g.fuzzyName(s); ok {
			c.Names = append(c.Names, m)
			s.mark(i, j)
		}
	}
	noEntity := len(c.Names) == 0 && len(c.Bodies) == 0 && !ids.any()
	// a single-entity question reads a misspelt name before places, so
	// that a town inside the name ("Ilkley Toy Musuem") stays in the name
	if noEntity && (housesEnd >= 0 || c.Field != "" || yesNoShape(s)) {
		fuzzyName()
	}
	// a field question names one institution: a body read without a
	// relation cue may be the tail of a misspelt name ("Hunarian National
	// Museum")
	if c.Field != "" && rel == "" && len(c.Names) == 0 && len(c.Bodies) > 0 {
		s2 := &scan{text: s.text, toks: s.toks, used: append([]bool(nil), idUsed...)}
		if m, i, j, ok := g.fuzzyName(s2); ok {
			c.Bodies = nil
			c.Names = append(c.Names, m)
			s.used = s2.used
			s.mark(i, j)
		}
	}
	// a field question whose exact name is a short name inside a longer,
	// misspelt one ("ISIL of Heimatstube im Elbtr") means the longer name
	if c.Field != "" && len(c.Names) == 1 && c.Names[0].Score == 1 {
		s2 := &scan{text: s.text, toks: s.toks, used: append([]bool(nil), idUsed...)}
		if m, i, j, ok := g.fuzzyName(s2); ok && m.Name != c.Names[0].Name && m.Score >= 0.85 &&
			len(m.Text) > len(c.Names[0].Text) && strings.Contains(m.Text, c.Names[0].Text) {
			c.Names[0] = m
			s.mark(i, j)
		}
	}
	// "Is A older than B?": both names, misspelt or not, before places
	if pairShape(s) {
		for len(c.Names) < 2 {
			n := len(c.Names)
			fuzzyName()
			if len(c.Names) == n {
				break
			}
		}
		slices.SortStableFunc(c.Names, func(a, b NameMatch) int {
			return strings.Index(question, a.Text) - strings.Index(question, b.Text)
		})
	}
	g.findPlaces(s, &c)
	g.placesBeforeCoordinators(s, &c)
	if c.Field == "" {
		g.subjectsOf(s, &c)
	}
	if noEntity && len(c.Names) == 0 && housesEnd < 0 && c.Field == "" &&
		!listCue && len(c.Places) == 0 && len(c.Subjects) == 0 {
		fuzzyName()
	}
	if c.Field != "" {
		g.subjectsOf(s, &c)
	}
	neg := qualifiers(s, &c)
	g.fuzzyPlaces(s, &c)
	onlyTowns(&c)
	c.Years = years(s)
	listQ = listQ || plural && (len(c.Places)+len(c.Bodies)+len(c.Subjects)+len(c.GovernanceCodes)+len(c.Sizes) > 0 ||
		c.Accreditation != "" || c.Years != nil)

	// a body is also an institution of its own: keep its record reachable
	// as a name when the question is not about its members.
	if housesEnd >= 0 && len(c.Names) > 0 {
		c.Relation = "houses"
		if housedBy(s, c.Names[0].Text) {
			c.Relation = "located_in"
		}
	} else if rel != "" {
		c.Relation = rel
	}
	for i := range c.Bodies {
		if c.Bodies[i].Relation == "" && rel != "" {
			c.Bodies[i].Relation = rel
		}
	}
	// reverse look-up: the identifier given is not the field asked for.
	if ids.any() && (c.Field == "isil" && len(c.ISILs) > 0 || c.Field == "wikidata" && len(c.QIDs) > 0 ||
		c.Field == "gnd" && len(c.GNDs) > 0 || c.Field == "ghcid" && len(c.GHCIDs) > 0) {
		c.Field = ""
	}
	// "Which organisation runs X?", "Which group does X belong to?" ask
	// about one institution's operator or parent, not for a list
	if len(c.Names) > 0 && len(c.Bodies) == 0 && rel != "" && housesEnd < 0 && !plural {
		listQ = false
		if rel == "operated_by" && c.Field == "" {
			c.Field = "operator"
		}
	}
	c.List = listQ && !ids.any() && c.Field == ""
	if len(c.Names) == 1 && len(c.Bodies) == 0 && rel != "" && housesEnd < 0 && !parentAsked(s) && childrenAsked(s, plural) &&
		(c.Field == "" || c.Field == "operator" || c.Field == "member_of") {
		// "Welche Standorte hat X?", "Which museums are members of X?":
		// the institutions that belong to the named one
		c.Field, c.List = "", true
	}
	r.narrowNames(&c, neg)

	if c.Field == "" && len(c.Names) == 0 && len(c.Bodies) == 1 && len(c.Bodies[0].IDs) > 0 && parentAsked(s) {
		// "Zu welcher Organisation gehört X?": X is a body with a record
		// of its own, asked about as a member of another
		b := c.Bodies[0]
		c.Names = []NameMatch{{Text: b.Name, Name: b.Name, IDs: b.IDs, Score: 1}}
		c.Bodies = nil
		c.List = false
	}
	if c.Field == "" && len(c.Names) > 0 && len(c.Bodies) == 0 && rel == "part_of" && housesEnd < 0 && !c.List ||
		c.Field == "" && len(c.Names) == 1 && len(c.Bodies) == 0 && parentAsked(s) {
		// "What organisation is X part of?": the bodies X belongs to
		c.Field = "member_of"
	}
	if countAsked(s) && !ids.any() && len(c.Names) == 0 {
		// "How many museums are in Rye?" asks for the size of a set
		c.List = true
	}

	intent, scores, conf := classify(s, &c, ids.any(), listQ, rel, housesEnd)
	if len(c.Postcodes) > 0 && c.Field == "postcode" {
		// a reverse look-up: the postcode is given, the institution asked
		c.Field = ""
	}
	if len(c.Postcodes) > 0 && len(c.Names) == 0 && c.Field == "" {
		// "Which museum has the postcode NE61 1PJ?", "museums near NE61"
		c.List = true
		if intent == Factual || intent == Temporal {
			intent = Exploratory
		}
	}
	frame, test, pair := frameOf(s, &c, ids.any(), intent, len(sides(c)))
	if len(c.Malformed) > 0 && !ids.any() && len(c.Names) == 0 {
		frame, intent = FrameLookup, Factual
	}
	plan.Frame, plan.Test, plan.Pair = frame, test, pair
	if fi := frameIntent(frame, pair, test, intent); fi != intent {
		intent = fi
		conf = math.Max(conf, 0.5)
	}
	plan.Intent, plan.Scores, plan.Confidence = intent, scores, conf

	// single-entity questions keep only the entity; filters are for lists.
	if !c.List && len(c.Names) > 0 && intent != Comparative {
		c.TypeCodes, c.Sizes, c.GovernanceCodes, c.Accreditation = nil, nil, nil, ""
	}
	if !c.List && intent == Factual {
		c.Years = nil
	}
	if c.Years != nil && intent == Factual {
		c.Years = nil
	}
	c.Status = status(s, &c, intent)
	plan.Constraints = c
	if intent == Comparative || frame == FrameMore {
		plan.Sides = sides(c)
	}
	plan.Unknown, plan.Dropped = unknownWords(s)
	plan.UnknownName = unknownName(s, unknownMask(s))
	if (frame == FrameRanking || frame == FrameCount || frame == FrameSet) && len(plan.Unknown) > 0 && offTopic(c) {
		plan.Frame = FrameOffTopic
	}
	plan.Legs = r.legs(intent, conf, c)
	return plan, s
}

// narrowNames uses place and type disambiguators ("Tolbooth Museum in
// Stonehaven", "the museum itself, not its library") to narrow names
// shared by several records.
func (r *Router) narrowNames(c *Constraints, neg []string) {
	for i := range c.Names {
		n := &c.Names[i]
		if len(n.IDs) < 2 {
			continue
		}
		keep := func(pred func(*heritage.Institution) bool) {
			var out []string
			for _, id := range n.IDs {
				if in, ok := r.g.inst[id]; ok && pred(in) {
					out = append(out, id)
				}
			}
			if len(out) > 0 {
				n.IDs = out
			}
		}
		if len(c.Places) > 0 {
			keep(func(in *heritage.Institution) bool {
				for _, p := range c.Places {
					if placeHolds(in, p) {
						return true
					}
				}
				return false
			})
		}
		if len(neg) > 0 {
			keep(func(in *heritage.Institution) bool { return !slices.Contains(neg, in.TypeCode) })
		}
		if len(c.TypeCodes) > 0 {
			keep(func(in *heritage.Institution) bool { return slices.Contains(c.TypeCodes, in.TypeCode) })
		}
	}
}

// placeHolds reports whether an institution lies in the place.
func placeHolds(in *heritage.Institution, p Place) bool {
	eq := func(a string) bool { return a != "" && normalize(a) == normalize(p.Name) }
	switch p.Level {
	case LevelCountry:
		return in.Country == p.Name
	case LevelRegion:
		return in.Region == p.Name
	case LevelCity:
		if p.Area != "" && inUnit(in, p.Name, p.Area) {
			return true
		}
		return eq(in.City) || strings.Contains(normalize(in.Address), normalize(p.Name))
	case LevelAdmin:
		return inUnit(in, p.Name, p.AdminLevel) || eq(in.City)
	}
	return eq(in.County) || eq(in.District) || eq(in.City)
}

// inUnit reports whether an institution lies in the administrative unit
// of the name and level.
func inUnit(in *heritage.Institution, name, level string) bool {
	for _, u := range in.AdminAreas() {
		if u.Level == level && u.Name == name {
			return true
		}
	}
	return false
}

// status infers the status filter from tense.
func status(s *scan, c *Constraints, intent Intent) string {
	closedWord := false
	for _, t := range s.toks {
		if closeWords[t.norm] {
			closedWord = true
			break
		}
	}
	if closedWord {
		if c.Years == nil && c.List {
			return "closed"
		}
		return ""
	}
	if !c.List || intent == Comparative {
		return ""
	}
	if c.Years != nil {
		return ""
	}
	if s.hasAny("were", "was", "used to", "waren", "was", "former", "formerly", "closed", "historic") && !s.hasAny("are", "is", "have", "has") {
		return ""
	}
	if s.hasAny("are", "is", "have", "has", "run", "operate", "sind", "ist", "haben", "hat", "zijn", "is", "hebben",
		"heeft", "gehoren", "gehort", "behoren", "behoort", "liegen", "liggen", "could i visit", "can i visit", "gibt") {
		return "open"
	}
	return ""
}

// sides splits a comparative question into one constraint set per place
// (or per named institution).
func sides(c Constraints) []Constraints {
	base := c
	base.Places, base.Names, base.Bodies = nil, nil, nil
	var out []Constraints
	switch {
	case len(c.Places) >= 2:
		for _, p := range c.Places {
			sc := base
			sc.Names, sc.Bodies = c.Names, c.Bodies
			sc.Places = []Place{p}
			out = append(out, sc)
		}
	case len(c.Names) >= 2:
		for _, n := range c.Names {
			sc := base
			sc.Places = c.Places
			sc.Names = []NameMatch{n}
			out = append(out, sc)
		}
	case len(c.Bodies) >= 2:
		for _, b := range c.Bodies {
			sc := base
			sc.Places = c.Places
			sc.Bodies = []Body{b}
			out = append(out, sc)
		}
	}
	return out
}

// legs applies the strategy matrix: which retrievers, with which weight
// and depth. Low confidence widens the plan.
func (r *Router) legs(intent Intent, conf float64, c Constraints) []Leg {
	k := r.baseK
	if c.List {
		k = r.baseK * 2
	}
	if intent == Comparative && len(c.Places) > 1 {
		k = r.baseK * len(c.Places) * 2
	}
	low := conf < 0.5
	if low {
		k *= 2
	}
	if k > 100 {
		k = 100
	}
	leg := func(name string, w float64, primary bool) Leg {
		if low && !primary && w < 0.7 {
			w = 0.7
		}
		return Leg{Retriever: name, Weight: w, K: k, Primary: primary}
	}
	var legs []Leg
	switch intent {
	case Factual:
		legs = []Leg{leg(RetrieverKG, 1, true), leg(RetrieverBM25, 0.5, false), leg(RetrieverVector, 0.5, false)}
		if r.wikidata {
			legs = append(legs, leg(RetrieverWikidata, 0.5, false))
		}
	case Exploratory:
		legs = []Leg{leg(RetrieverVector, 1, true), leg(RetrieverBM25, 0.5, false), leg(RetrieverKG, 0.5, false)}
	case Relationship:
		legs = []Leg{leg(RetrieverKG, 1, true), leg(RetrieverVector, 0.5, false), leg(RetrieverBM25, 0.3, false)}
	case Temporal:
		legs = []Leg{leg(RetrieverKG, 1, true), leg(RetrieverVector, 0.5, false), leg(RetrieverBM25, 0.3, false)}
	case Comparative:
		legs = []Leg{leg(RetrieverKG, 1, true), leg(RetrieverVector, 0.5, false), leg(RetrieverBM25, 0.3, false)}
	default: // Collection
		legs = []Leg{leg(RetrieverVector, 1, true), leg(RetrieverBM25, 0.5, false), leg(RetrieverKG, 0.5, false)}
	}
	if low && r.wikidata && intent != Factual {
		legs = append(legs, leg(RetrieverWikidata, 0.5, false))
	}
	return legs
}

// compareCues ask for a comparison.
var compareCues = []string{
	"compare", "comparison", "versus", "vs", "difference between", "differences between", "differ",
	"vergelijk", "vergleiche", "vergleich", "unterschied", "verschil", "contrast", "both", "compared", "comparing",
	"vergleichen", "vergelijken", "vergeleken", "unterscheiden", "unterscheidet", "verschillen", "verschilt",
	"im vergleich", "gegenuber", "respectively", "jeweils", "respectievelijk", "tegenover", "gegen", "tegen",
	"against", "side by side",
}

// collectionCues speak of holdings.
var collectionCues = []string{
	"collections", "collection", "collectie", "collecties", "sammlung", "sammlungen", "holdings",
	"bestanden", "bestand", "objects", "exhibits",
}

// classify scores every intent from the cues and constraints.
func classify(s *scan, c *Constraints, hasIDs, listQ bool, rel string, housesEnd int) (Intent, []IntentScore, float64) {
	sc := map[Intent]float64{}
	// factual
	switch c.Field {
	case "opened", "closed", "former_name":
		sc[Temporal] += 3
	case "operator":
		sc[Relationship] += 2
		sc[Factual] += 1
	case "":
	default:
		sc[Factual] += 2.5
	}
	if hasIDs {
		sc[Factual] += 2
	}
	if len(c.Names) > 0 && !listQ {
		sc[Factual] += 0.75
	}
	// temporal
	if c.Years != nil {
		sc[Temporal] += 2.5
	}
	for _, t := range s.toks {
		if closeWords[t.norm] || openWords[t.norm] {
			sc[Temporal] += 1
			break
		}
	}
	if s.hasAny("history of", "renamed", "geschichte", "geschiedenis", "oldest", "newest", "earliest", "ältest", "oudste") {
		sc[Temporal] += 1
	}
	// relationship
	if rel != "" {
		sc[Relationship] += 2
	}
	if len(c.Bodies) > 0 {
		sc[Relationship] += 1.5
		if rel != "" || listQ {
			// "Which National Trust museums are in Cornwall?" asks for
			// the body's members too
			sc[Relationship] += 1
		}
	}
	if housesEnd >= 0 && len(c.Names) > 0 {
		sc[Relationship] += 4
	}
	// comparative
	if s.hasAny(compareCues...) {
		sc[Comparative] += 4
	}
	if len(c.Places) >= 2 && s.has("and") {
		sc[Comparative] += 0.5
	}
	if len(c.Places)+len(c.Bodies) >= 2 && hasChoice(s) {
		// "railway museums Lincolnshire or Suffolk?"
		sc[Comparative] += 3
	}
	// collection
	if s.hasAny(collectionCues...) {
		sc[Collection] += 2.5
	}
	if len(c.Subjects) > 0 {
		sc[Collection] += 2.25
		if s.hasAny("about", "on", "over", "uber", "zu", "zum", "zur", "related to", "devoted to", "dedicated to", "themed") {
			sc[Collection] += 0.5
		}
	}
	// exploratory
	if listQ {
		sc[Exploratory] += 0.75
	}
	if len(c.Places) > 0 {
		sc[Exploratory] += 1
	}
	if len(c.Sizes)+len(c.GovernanceCodes) > 0 || c.Accreditation != "" {
		sc[Exploratory] += 1
	}
	if len(c.TypeCodes) > 0 {
		sc[Exploratory] += 0.25
	}

	scores := make([]IntentScore, 0, len(Intents))
	var sum float64
	for _, in := range Intents {
		scores = append(scores, IntentScore{Intent: in, Score: sc[in]})
		sum += sc[in]
	}
	sort.SliceStable(scores, func(a, b int) bool { return scores[a].Score > scores[b].Score })
	best, second := scores[0].Score, scores[1].Score
	if best == 0 {
		for i := range scores {
			scores[i].Score = 1 / float64(len(Intents))
		}
		// nothing recognised: explore broadly
		for i, x := range scores {
			if x.Intent == Exploratory {
				scores[0], scores[i] = scores[i], scores[0]
			}
		}
		return Exploratory, scores, 0.1
	}
	for i := range scores {
		scores[i].Score = math.Round(scores[i].Score/sum*1000) / 1000
	}
	conf := (0.4 + 0.6*(best-second)/best) * math.Min(best/2.5, 1)
	conf = math.Round(conf*1000) / 1000
	return scores[0].Intent, scores, conf
}
