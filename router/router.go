package router

import (
	"math"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/names"
)

// Router plans retrieval for heritage questions. Build it once with New; it
// is read-only afterwards and safe for concurrent use.
type Router struct {
	g        *gazetteer
	wikidata bool
	baseK    int
	names    func(*heritage.Dataset) *names.Index
	tables   func(*heritage.Dataset) *Tables
	// fusion is the fusion and leg weights per intent (fusion.json
	// unless WithFusionTable says otherwise).
	fusion FusionTable
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

// WithNameIndex sets how the name index (internal/names) is had on the
// first misspelt-name look-up: read from a cache instead of built
// (names.New, the default). It must return the index names.New would
// build for the dataset.
func WithNameIndex(load func(*heritage.Dataset) *names.Index) Option {
	return func(r *Router) { r.names = load }
}

// NameIndex returns the name index (internal/names) of the router's
// dataset, had as WithNameIndex says on the first call or the first
// misspelt-name look-up, whichever comes first; others that search names
// (the linker) can share it.
func (r *Router) NameIndex() *names.Index { return r.g.nameIx.get() }

// New builds the router's gazetteers (names, bodies, places, identifiers,
// subjects) from the dataset.
func New(ds *heritage.Dataset, opts ...Option) *Router {
	r := &Router{baseK: 10}
	for _, o := range opts {
		o(r)
	}
	if r.fusion.Intents == nil {
		r.fusion = DefaultFusionTable()
	}
	if r.tables != nil {
		r.g = r.tables(ds).g
	} else {
		r.g = buildGazetteer(ds)
	}
	if r.names != nil {
		r.g.nameIx.build = r.names
	}
	// every word table is initialised by now; Route only reads them
	knownOnce.Do(buildKnownWords)
	r.g.spans()
	return r
}

// Route classifies the question, extracts its constraints and plans the
// retriever legs. It never fails: an empty or unclear question yields a
// broad, low-confidence plan.
func (r *Router) Route(question string) Plan {
	plan := r.reread(question)
	dropPartOfLonger(&plan)
	moreFields(&plan)
	r.thenTest(&plan)
	r.valueSides(&plan)
	return plan
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
	readWrittenYears(s)
	g.correctWords(s)
	idUsed := append([]bool(nil), s.used...)
	// a share's cue first: Dutch "welk deel van" is no "part of"
	share := shareAsked(s)
	rel, relEnd := relationCue(s)
	housesEnd := housesCue(s)
	if ids.any() && rel == "part_of" {
		// "Which institution does GND … belong to?" asks for the holder
		// of the identifier, not for members of a group
		rel = ""
	}
	listQ := len(s.toks) > 0 && listStarts[s.toks[0].norm] && !whichFieldIs(s) ||
		s.hasAny("what museums", "what libraries", "what archives", "what institutions", "are there", "gibt es", "zijn er", "how many") ||
		whereCanI(s)
	// "Is there a toy museum in Brighton?" asks whether a set has
	// members, not about one institution called "Toy Museum"
	exists := existenceOfType(s) || g.havePlace(s, &c)
	listQ = listQ || exists
	// "Which organisation runs Beamish?" asks for one organisation, not
	// a list, unless the question names kinds of institution
	if listQ && !exists && !pluralType(s) && s.hasAny(organisationAsked...) {
		listQ = false
	}

	g.writtenSubjects(s, &c)
	s.oneEntity = rel != "" && !listQ || yesNoShape(s) && !exists || twoNamed(s) && !pluralType(s) ||
		!listQ && !pluralType(s) && (fieldShape(s) || historyCue(s) >= 0 || describeShort(s)) ||
		whereCanI(s) && !pluralType(s) && !kindDescribed(s) && fieldShape(s) && s.field == "city" // "Where can I find Beamish?"
	// "the oldest", "the three newest": read before the names, so that
	// no misspelt name takes them ("newest" is not "Newent")
	ord := order(s)
	grp := group(s)
	if grp == nil {
		// "How many museums per county are in Wales?", "the oldest
		// museum in each county"
		grp = eachGroup(s)
	}
	if grp == nil {
		// "What subjects do the museums in Cornwall cover?"
		grp = setSubjects(s)
	}
	nameHas := nameWords(s)
	if n := len(s.toks); n > 3 && isWhQuestion(s) && strandedPrepositions[s.toks[n-1].norm] && !s.used[n-1] {
		// "What city is Deutsches Museum in?": a preposition left at
		// the end is no word of the name before it ("Deutsches Museum
		// in" had been read as Deutsches Museum Bonn), nor of one read
		// again below
		s.mark(n-1, n)
		idUsed[n-1] = true
	}
	g.entities(s, &c, rel, relEnd, housesEnd)
	if housesEnd >= 0 && !housesCueOutsideNames(s) {
		// "When did Newarke Houses Museum close?": the word is the name's
		housesEnd = -1
	}
	if exists || whereCanI(s) {
		describedNames(s, &c)
	}
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
	c.Field = fieldOf(s)
	if (c.Field == "city" || c.Field == "") && len(c.Names) == 1 && !ids.any() && whereCanI(s) && kindDescribed(s) && indefiniteName(s, c.Names[0]) {
		// "Where can I find a Toy Museum in London?": a kind written
		// with capitals after "a", not the institution called so
		at := s.find(normalize(c.Names[0].Text))
		s.unmark(at, at+len(strings.Fields(normalize(c.Names[0].Text))))
		c.Names = nil
		g.compounds(s, &c)
		g.writtenSubjects(s, &c)
	}
	if c.Field == "city" && len(c.Names) == 0 && !ids.any() && whereCanI(s) && (plural || kindDescribed(s)) {
		// "Where can I find a toy museum in Brighton?": the places to go
		// for a kind of institution, not the town of one called "Toy
		// Museum"
		c.Field, listQ, listCue = "", true, true
	}
	c.Age = c.Field == "opened" && ageAsked(s)
	if unrecordedFields[c.Field] {
		cue := markFieldCue(s, c.Field)
		if listCue && len(c.Names) == 0 && !ids.any() {
			// "Which museums were founded by the council?": a condition
			// of the list that no field records, not a field of one
			// institution
			s.unreadCues, c.Field = append(s.unreadCues, cue), ""
		}
	}
	if c.Field == "" && len(c.Names) == 1 && !plural && !exists && !countAsked(s) {
		switch {
		case collectionAsked(s):
			// "What collections does the Holburne Museum hold?": the
			// subject matter of one institution's collections
			c.Field = "subjects"
		case historyAsked(s):
			// "How has the Holburne Museum changed since 1990?": the
			// events its record holds
			c.Field = "history"
		case rel == "" && !listQ && describeAsked(s):
			// "Tell me about the Holburne Museum": what the record says
			c.Field = "description"
		}
	}
	if rel == "" && (len(c.Bodies) > 0 || len(c.Names) > 0 && !plural && c.Field == "" ||
		listCue && c.Field == "" && (s.hasAny("does", "do", "did", "doet", "doen") || finiteOperateVerb(s))) {
		// "Which museums does X run?", "Welche Museen betreibt X?": the
		// verb relates the list to X, whether or not X is an organisation
		// the data knows.
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
	// (a plural list question names none: "Which museums in Edinburgh
	// have been renamed?", "Which museums in Somerset opened after
	// 1990?" is not about the Museum of Somerset)
	if noEntity && (housesEnd >= 0 || c.Field != "" && !(plural && listQ) || yesNoShape(s) && !exists) {
		// "Wann wurde das Deutsches Museum gegründet?": a name of several
		// words one record carries exactly, that the name reading turned
		// down as too common a phrase, is that record, not a misspelling
		// of another ("Deutsches Skimuseum")
		g.exactName(s, &c)
		if len(c.Names) == 0 {
			fuzzyName()
		}
	}
	if c.Field == "city" && len(c.Names) == 0 && !ids.any() && whereCanI(s) && !namedAfterWhere(s) {
		// "Where can I find an archive in Leiden?": the places to go,
		// not the town of one institution
		c.Field, listQ = "", true
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
	// "Is A older than B?", "Compare A and B": both names, misspelt,
	// shortened or not, before places
	if twoNamed(s) {
		for len(c.Names) < 2 {
			n := len(c.Names)
			// a name of several words one record carries exactly first
			// ("Deutsches Museum", not "Deutsches Skimuseum")
			g.exactName(s, &c)
			if len(c.Names) == n {
				fuzzyName()
			}
			if len(c.Names) == n {
				break
			}
		}
		slices.SortStableFunc(c.Names, func(a, b NameMatch) int {
			return strings.Index(question, a.Text) - strings.Index(question, b.Text)
		})
		// a name typed as one record writes it is that record, not a
		// misspelling of another ("Deutsches Museum", not "Deutsches
		// Skimuseum")
		for k := range c.Names {
			c.Names[k] = g.exactForm(c.Names[k])
		}
	}
	if len(c.Names) == 0 && len(c.Bodies) == 0 && !ids.any() {
		g.nearPhraseName(s, &c)
	}
	g.samePlace(s, &c)
	g.sameBody(s, &c, rel)
	g.sameYear(s, &c)
	if s.hasAny("than", "als", "dan", "before", "after", "nach", "vor", "na", "voor") {
		g.olderThan(s, &c, listQ || pluralType(s))
	}
	g.findPlaces(s, &c)
	if placeHasType(s) {
		// "Does York have a railway museum?": whether the place has one
		// (and "a postal museum" describes it, names no record)
		listQ = true
		describedNames(s, &c)
	}
	if g.nearName(s, &c) {
		// a list of what lies near the institution, whatever the words
		listQ = true
	}
	g.placesBeforeCoordinators(s, &c)
	demonymPlace(s, &c)
	exceptPlaces(s, &c)
	if c.Field == "" {
		g.subjectsOf(s, &c)
	}
	if noEntity && len(c.Names) == 0 && housesEnd < 0 && c.Field == "" &&
		!listCue && len(c.Places) == 0 && len(c.Subjects) == 0 {
		fuzzyName()
		if len(c.Names) == 1 && !plural && !exists && !countAsked(s) {
			// a name read only now ("Chartwell's"): the fields asked of
			// one institution in so many words, as above
			switch {
			case collectionAsked(s):
				c.Field = "subjects"
			case historyAsked(s):
				c.Field = "history"
			}
		}
	}
	if c.Field != "" {
		g.subjectsOf(s, &c)
	}
	neg := qualifiers(s, &c)
	g.fuzzyPlaces(s, &c)
	nestPlaces(s, &c)
	onlyTowns(&c)
	var yEnd int
	c.Years, yEnd = yearsFrom(s, 0)
	if c.Years == nil {
		c.Years = s.sameYears
	} else if at := negatedYears(s, yEnd); at >= 0 {
		// "not opened before 1900": opened in 1900 or later
		s.used[at] = true
		if !invertYears(c.Years) {
			// "not in the 1980s": the span has two rests; the members
			// must not have years inside it (see Constraints.Not)
			negate(&c).Years = c.Years
			c.Years = nil
		}
	}
	if second, end := yearsFrom(s, yEnd); c.Years != nil && second != nil {
		// "opened in the 1970s and closed in the 1990s": one span of
		// years is read; the other is a condition the list leaves out
		at := end - 1
		for at > yEnd && !openWords[s.toks[at].norm] && !closeWords[s.toks[at].norm] {
			at--
		}
		s.unreadCues = append(s.unreadCues, s.original(at, end))
	}
	if len(c.Names) == 0 && !ids.any() && c.Field == "" && (plural || len(c.Places)+len(c.TypeCodes) > 0) && changeAsked(s) {
		// "How has the number of museums in London changed since 1990?",
		// "How many museums opened and closed in Wales since 2000?"
		c.Change, listQ = true, true
	}
	listQ = listQ || plural && (len(c.Places)+len(c.Bodies)+len(c.Subjects)+len(c.GovernanceCodes)+len(c.Sizes) > 0 ||
		c.Accreditation != "" || c.Years != nil)

	negRel := negatedRelation(s, relEnd)
	if negRel >= 0 && len(c.Bodies)+len(c.GovernanceCodes) == 0 {
		negRel = -1
	}
	if negatedBodies(s, &c, negRel) && len(c.Bodies) == 0 {
		// "accredited but not run by the National Trust", "neither
		// National Trust nor English Heritage": the members of the
		// bodies are left out of the list, which relates to no body
		rel = ""
	}
	// a body is also an institution of its own: keep its record reachable
	// as a name when the question is not about its members.
	if housesEnd >= 0 && len(c.Names) > 0 {
		c.Relation = "houses"
		if housedBy(s, c.Names[0].Text) {
			c.Relation = "located_in"
		}
	} else if rel != "" && !(grp != nil && grp.Level == "operator" && len(c.Bodies) == 0) {
		// ("Who runs the most museums?" counts by the organisations that
		// run them; it relates the list to no organisation)
		c.Relation = rel
	}
	for i := range c.Bodies {
		if c.Bodies[i].Relation == "" && rel != "" {
			c.Bodies[i].Relation = rel
		}
	}
	// reverse look-up: the identifier given is not the field asked for,
	// though another field may be ("What's the website of the
	// institution with ISIL DE-478?": "ISIL" names the identifier)
	if ids.any() && (c.Field == "isil" && len(c.ISILs) > 0 || c.Field == "wikidata" && len(c.QIDs) > 0 ||
		c.Field == "gnd" && len(c.GNDs) > 0 || c.Field == "ghcid" && len(c.GHCIDs) > 0) {
		c.Field = otherField(s, c.Field)
	}
	// "Which organisation runs X?", "Which group does X belong to?" ask
	// about one institution's operator or parent, not for a list
	if len(c.Names) > 0 && len(c.Bodies) == 0 && rel != "" && housesEnd < 0 && !plural {
		listQ = false
		if rel == "operated_by" && c.Field == "" {
			c.Field = "operator"
		}
	}
	if has, negated := hasVerb(s); presenceFields[c.Field] && plural && len(c.Names) == 0 && !ids.any() &&
		(has || c.Field == "former_name" && renamedVerb(s)) {
		// "Which museums in Bath have a website?", "… have no website":
		// having the field is a condition of the list, not a field of
		// one institution ("Which institution has the GND 123?" asks
		// for the holder of an identifier)
		if negated {
			c.Lacks = []string{c.Field}
		} else {
			c.Has = []string{c.Field}
		}
		c.Field, listQ = "", true
	}
	if c.Field == "accreditation" && (listQ || plural) && len(c.Names) == 0 && !ids.any() {
		if _, negated := hasVerb(s); negated {
			// "How many museums in Cornwall have no accreditation?",
			// "… without accreditation": a condition of the list
			negate(&c).Accreditation = "Accredited"
			c.Field, listQ = "", true
		}
	}
	if c.Field == "status" && (listQ || plural) && len(c.Names) == 0 && !ids.any() {
		// "Which museums in Kent are still open?": the status is a
		// condition of the list, not a field of one institution
		c.Field, c.Status = "", "open"
	}
	if len(nameHas) > 0 && len(c.Names) == 0 && !ids.any() {
		// "Which museums have war in their name?"
		c.NameHas, c.Field, listQ = nameHas, "", true
	}
	if grp != nil && len(c.Names) == 0 && !ids.any() {
		// "Which city has the most museums?": the places, not a field
		// of one institution
		c.Group, c.Field, listQ = grp, "", true
	}
	if ord != nil && len(c.Names) == 0 && !ids.any() {
		// "Which museum in Glasgow opened first?", "What is the oldest
		// library?": the first members of the set in that order; "the
		// address of the oldest museum in Bristol": a field of the first
		if c.Field != "opened" && c.Field != "closed" {
			ord.Field = c.Field
		}
		if ord.N == 0 {
			ord.N = 1
			// "the oldest museums"; "Which of the museums … is the
			// biggest?" asks for one
			if plural && !s.hasAny("which of the", "which one of the", "welke van de", "welches der", "welcher der", "welche der") {
				ord.N = 10
			}
		}
		c.Order, c.Field, listQ = ord, "", true
	}
	c.List = listQ && !ids.any() && c.Field == ""
	if c.List && c.Order == nil && c.Group == nil {
		c.Limit = countOfKind(s)
	}
	eachMember := len(c.Names)+len(c.Bodies) == 0 && !ids.any() && plural &&
		(len(c.Places) > 0 || len(c.Subjects)+len(c.GovernanceCodes)+len(c.Sizes) > 0 || c.Accreditation != "")
	if eachMember && c.Field == "" && s.hasAny(organisationAsked...) {
		// "Which organisation runs the museums in Kent?", "Which group
		// do the museums in Bath belong to?"
		switch c.Field = relationField(s); {
		case c.Field != "":
		case rel == "operated_by":
			c.Field = "operator"
		case rel == "part_of":
			c.Field = "member_of"
		}
	}
	if eachMember && c.Field != "" && !unrecordedFields[c.Field] {
		// "Who runs the museums in Bath?", "What are the websites of
		// the archives in Bremen?": a field of each member of a set,
		// the relation its verb names being that field
		c.List = true
		if len(c.Bodies) == 0 && (c.Field == "operator" || c.Field == "member_of") {
			c.Relation, rel = "", ""
		}
	}
	if share && len(c.Names) == 0 && !ids.any() && c.Field == "" {
		// "What percentage of museums in Wales are accredited?"
		c.Share, c.List = true, true
	}
	if len(c.Names) == 1 && len(c.Bodies) == 0 && rel != "" && housesEnd < 0 && !parentQuestion(s) && childrenAsked(s, plural) &&
		(c.Field == "" || c.Field == "operator" || c.Field == "member_of") {
		// "Welche Standorte hat X?", "Which museums are members of X?":
		// the institutions that belong to the named one
		c.Field, c.List = "", true
	}
	r.narrowNames(&c, neg)

	if c.Field == "" && len(c.Names) == 0 && len(c.Bodies) == 1 && parentQuestion(s) && !plural {
		if b := c.Bodies[0]; len(b.IDs) > 0 {
			// "Zu welcher Organisation gehört X?": X is a body with a
			// record of its own, asked about as a member of another
			c.Names = []NameMatch{{Text: b.Name, Name: b.Name, IDs: b.IDs, Score: 1}}
			c.Bodies = nil
		} else {
			// "What is the Ironbridge Gorge Museums Trust part of?": a
			// body the data knows only as others' organisation; the
			// answer says it holds no record of it
			c.Field = "member_of"
		}
		c.List = false
	}
	if c.Field == "" && len(c.Names) > 0 && len(c.Bodies) == 0 && rel == "part_of" && housesEnd < 0 && !c.List ||
		c.Field == "" && len(c.Names) == 1 && len(c.Bodies) == 0 && parentQuestion(s) {
		// "What organisation is X part of?": the bodies X belongs to
		c.Field = "member_of"
		c.List = false
	}
	if countAsked(s) && !ids.any() && len(c.Names) == 0 {
		// "How many museums are in Rye?" asks for the size of a set
		c.List = true
		// "How many museums are there?": of every museum
		c.All = !c.Selective() && len(c.Postcodes) == 0 && rel == ""
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
	if at := negatedTopicIndex(s); at >= 0 {
		// "not about railways": the topic read is the one left out. A
		// part of a subject read as the whole ("not about coal mining")
		// would leave out too much: no rule leaves it out, and the list
		// of the rest is not exact.
		if len(c.Subjects) > 0 && len(c.Broader) == 0 {
			negate(&c).Subjects = c.Subjects
			s.used[at] = true
		}
		c.Subjects, c.Topic, c.Broader = nil, "", nil
	}
	frame, test, pair := frameOf(s, &c, ids.any(), intent, len(sides(c)))
	if c.Group != nil && frame == FrameCount {
		// "the largest number of museums" ranks places by a count; it
		// does not ask for one
		frame = FrameSet
	}
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
	c.Status, c.StatusByTense = status(s, &c, intent)
	if c.Change {
		c.Status, c.StatusByTense = "", false // openings and closings both
	}
	plan.Constraints = c
	if intent == Comparative || frame == FrameMore {
		plan.Sides = sides(c)
	}
	plan.Unknown, plan.Dropped = unknownWords(s)
	plan.Unread = outermost(append(unread(plan.Unknown), qualities(s, c.Years != nil)...))
	plan.UnknownName = unknownName(s, unknownMask(s))
	plan.Unstated = s.unstated
	// "Which is older, the National Trust or the Science Museum?", "… the
	// Science Museum or the Museum of Lost Umbrellas?": a comparison of
	// which the data holds one side as an institution, the other as an
	// organisation or not at all. It stays a comparison, and the answer
	// says why it cannot compare; it is no list of the organisation's
	// members, nor a field of the one institution.
	if frame != FramePair && len(c.Names) == 1 && len(sides(c)) < 2 && twoNamed(s) && !pluralType(s) &&
		(len(c.Bodies) == 1 || plan.UnknownName != "") {
		p, ok := pairCue(s)
		if !ok {
			// "Compare the Ashmolean Museum and the Fitzwilliam Museum"
			p, ok = Pair{Attribute: "profile"}, true
		}
		p.YesNo = p.Attribute != "profile" && yesNoStart(s) && !isWhQuestion(s) && !offersChoice(s)
		plan.Frame, plan.Pair, plan.Intent = FramePair, &p, Comparative
		plan.Constraints.List, plan.Constraints.Field = false, ""
	}
	if len(plan.Unknown) > 0 && len(c.Names)+len(c.Bodies) == 0 && !c.HasIDs() {
		plan.NamedBy = g.namedBy(plan.Unknown)
		if c.List && len(c.Places)+len(c.Postcodes) == 0 && plan.Frame != FramePair {
			plan.UnknownPlace = unknownPlace(s, unknownMask(s))
		}
	}
	if c.Share {
		plan.Whole = wholeOf(s, c)
	}
	if (frame == FrameRanking || frame == FrameCount || frame == FrameSet) && len(plan.Unknown) > 0 && offTopic(c) && len(plan.NamedBy) == 0 {
		plan.Frame = FrameOffTopic
	}
	plan.Exists = plan.Frame == FrameSet && c.List && existenceAsked(s)
	plan.Legs = r.legs(intent, conf, c, plan.UnknownName != "")
	plan.Fusion = r.fusion.Intents[intent].Fusion()
	return plan, s
}

// fieldShape reports whether the question asks for a field ("Where is
// Beamish?", "When did X open?"), which is a field of one institution.
// It leaves the scan as it was; the field read is kept for fieldOf when
// reading it consumed no token (only "Wann schloss …" does, and reading
// it again later gives the same field).
func fieldShape(s *scan) bool {
	used := slices.Clone(s.used)
	f := field(s)
	if slices.Equal(used, s.used) {
		s.field, s.fieldRead = f, true
	}
	s.used = used
	return f != ""
}

// indefiniteName reports a name read right after an indefinite article
// ("a Toy Museum").
func indefiniteName(s *scan, m NameMatch) bool {
	at := s.find(normalize(m.Text))
	return at > 0 && indefinites[s.toks[at-1].norm]
}

// namedAfterWhere reports a name after "Where can I find …": capitalised
// words that end with a kind of institution in the singular ("Where can
// I find the Horniman Museum?"), which ask where one institution is, not
// where to go for a kind.
func namedAfterWhere(s *scan) bool {
	if s.lower {
		return false
	}
	for i := 1; i < len(s.toks); i++ {
		if _, plural, ok := typeOfWord(s.toks[i].norm); ok && !plural && s.toks[i].upper && s.toks[i-1].upper && !s.used[i-1] {
			return true
		}
	}
	return false
}

// whereCanI reports a question for the places to go for something
// ("Where can I see dinosaurs in London?", "Wo kann man Dampfloks
// sehen?", "Waar kan ik fossielen zien?"): a list, unless it names an
// institution, which the router reads later as a field of it.
func whereCanI(s *scan) bool {
	return s.hasAny("where can i", "where can we", "where could i", "where could we", "where should i", "where do i",
		"where to see", "where to find", "where to learn", "wo kann ich", "wo kann man", "wo konnen wir",
		"waar kan ik", "waar kun je", "waar kunnen we")
}

// kindDescribed reports an indefinite article or "any" before a kind of
// institution within three words ("a toy museum", "an archive", "any
// railway museums", "ein Museum", "een archief").
func kindDescribed(s *scan) bool {
	for i, t := range s.toks {
		if !indefinites[t.norm] && t.norm != "some" {
			continue
		}
		for j := i + 1; j < len(s.toks) && j <= i+3; j++ {
			if typeWordAt(s, j) {
				return true
			}
		}
	}
	return false
}

// whichFieldIs reports a question that starts "Which <field> is …"
// ("Which town is Beamish in?", "Welche Stadt ist …", "Welk land is …"):
// it asks for one field, as "What town is Beamish in?" does, not for a
// list of institutions.
func whichFieldIs(s *scan) bool {
	if len(s.toks) < 4 || !whichWords[s.toks[0].norm] {
		return false
	}
	_, isField := trailingFields[s.toks[1].norm]
	return isField && singularCopulas[s.toks[2].norm]
}

// strandedPrepositions end a question whose object went before them
// ("Which town is X in?", "What country is X from?").
var strandedPrepositions = map[string]bool{"in": true, "at": true, "from": true}

// whichWords are the question words "which" of the languages read.
var whichWords = map[string]bool{"which": true, "welche": true, "welcher": true, "welches": true, "welke": true, "welk": true}

// singularCopulas are "is" and "was" of the languages read.
var singularCopulas = map[string]bool{"is": true, "was": true, "ist": true, "war": true, "liegt": true, "ligt": true, "lag": true}

// fieldOf is field(s), read once.
func fieldOf(s *scan) string {
	if s.fieldRead {
		return s.field
	}
	return field(s)
}

// containedIn returns the token after a locative at i (past articles)
// that no rule read and that names what an institution stands in ("in
// parks", "in old houses"), not a turn of phrase ("in total", "in
// operation", "in which"), a kind of institution or a
// word before more of a place.
func containedIn(s *scan, i int) (int, bool) {
	j := i + 1
	for j < len(s.toks) && (articles[s.toks[j].norm] || s.toks[j].norm == "a" || s.toks[j].norm == "an" || s.toks[j].norm == "old") && !s.used[j] {
		j++
	}
	if j >= len(s.toks) || s.used[j] {
		return 0, false
	}
	w := s.toks[j].norm
	if len(w) < 4 || !isWord(w) || phraseWords[w] || typeWords[w] != "" || listStarts[w] ||
		yesNoStarts[w] || openWords[w] || closeWords[w] || isWhWord(w) {
		return 0, false
	}
	// the phrase ends there: a word before more of a place ("in the
	// English region North East", "in de buurt van Aberlady", "in oder
	// bei Whitley Bay") qualifies the place
	if j+1 < len(s.toks) && !afterContainer[s.toks[j+1].norm] {
		return 0, false
	}
	return j, true
}

// afterContainer are the words that may follow what institutions stand in
// ("in parks in Kent", "in castles or towers").
var afterContainer = map[string]bool{"in": true, "and": true, "or": true, "with": true, "that": true, "which": true, "near": true, "around": true}

// phraseWords follow "in" in turns of phrase that set no condition ("in
// total", "still in operation", "in which").
var phraseWords = map[string]bool{
	"total": true, "operation": true, "existence": true, "business": true, "service": true, "particular": true,
	"general": true, "order": true, "addition": true, "fact": true, "detail": true, "details": true, "english": true,
	"german": true, "dutch": true, "deutsch": true, "nederlands": true, "common": true, "terms": true, "relation": true,
	"comparison": true, "charge": true, "front": true, "case": true, "there": true, "here": true, "person": true,
	"future": true, "past": true, "recent": true, "short": true, "brief": true, "place": true, "each": true,
	"every": true, "both": true, "either": true, "same": true, "other": true, "another": true, "their": true,
	"which": true, "what": true, "whose": true, "this": true, "that": true, "these": true, "those": true,
	"your": true, "list": true, "data": true, "dataset": true, "year": true, "years": true, "time": true,
	"area": true, "areas": true, "near": true, "around": true, "within": true,
}

// qualities returns the phrases of a question that rank or judge what it
// asks for by something the data does not record ("the most visitors",
// "the best museums", "popular"): an answer that leaves them out is not
// exact.
func qualities(s *scan, yearsRead bool) []string {
	var out []string
	out = append(out, s.unreadCues...)
	for i, t := range s.toks {
		switch {
		case judgements[t.norm] && !s.used[i]:
			out = append(out, s.original(i, i+1))
		case demonymOf(t.norm) && !s.used[i] && i+1 < len(s.toks) && !placeQualifiers[s.toks[i+1].norm]:
			// "German art": a nationality of what is held, which no
			// field records (one before a type noun is read as a place,
			// one before a place or its qualifier, "the English county
			// Kent", qualifies the place)
			out = append(out, s.original(i, i+2))
		case t.norm == "open" && i+2 < len(s.toks) && (s.toks[i+1].norm == "on" || s.toks[i+1].norm == "at" || s.toks[i+1].norm == "during") &&
			openingTimes[s.toks[i+2].norm]:
			// "open at weekends", "open on Sundays": opening hours, which
			// the data does not record
			out = append(out, s.original(i, i+3))
		case (t.norm == "in" || t.norm == "inside") && !s.used[i]:
			// "Which museums in Kent are in parks?": what the institutions
			// stand in, which no field records
			if j, ok := containedIn(s, i); ok {
				out = append(out, s.original(i, j+1))
			}
		case negatedTopicAt(s, i) && !s.used[i]:
			// "not about railways": a topic the answer cannot leave out
			out = append(out, s.original(i, i+3))
		case (t.norm == "without" || t.norm == "ohne" || t.norm == "zonder") && i+1 < len(s.toks):
			j := i + 1
			for j < len(s.toks)-1 && nameStop[s.toks[j].norm] {
				j++
			}
			out = append(out, s.original(i, j+1))
		case (moreCues[t.norm] || fewerCues[t.norm]) && i+1 < len(s.toks) && !s.used[i+1]:
			next := s.toks[i+1].norm
			// "nicht mehr geöffnet", "niet meer open": no longer open
			if typeWords[next] == "" && !nameStop[next] && next != "than" && !isNumeric(next) && !openWords[next] && next != "geoffnet" && next != "open" {
				out = append(out, s.original(i, i+2))
			}
			// "more than 100,000 visitors": a number of something no
			// field records (numbers of museums are counted elsewhere)
			if next == "than" && i+3 < len(s.toks) && isNumber(strings.ReplaceAll(s.toks[i+2].norm, ",", "")) &&
				typeWords[s.toks[i+3].norm] == "" {
				out = append(out, s.original(i, i+4))
			}
		case (t.norm == "last" || t.norm == "past" || t.norm == "this" || t.norm == "letzten" || t.norm == "letztes" ||
			t.norm == "vorigen" || t.norm == "vorig" || t.norm == "afgelopen" || t.norm == "dit") && !yearsRead && i+1 < len(s.toks) &&
			(relativeSpans[s.toks[i+1].norm] || spanUnits[s.toks[i+1].norm] ||
				i+2 < len(s.toks) && relativeSpans[s.toks[i+2].norm] || i+3 < len(s.toks) && relativeSpans[s.toks[i+3].norm]):
			// "in the last ten years": a span back from today, which no
			// rule reads
			j := i + 1
			for j < len(s.toks)-1 && !relativeSpans[s.toks[j].norm] && !spanUnits[s.toks[j].norm] {
				j++
			}
			out = append(out, s.original(i, j+1))
		}
	}
	return out
}

// judgements are words that rank or judge institutions by what the data
// does not record.
var judgements = map[string]bool{
	"best": true, "finest": true, "greatest": true, "famous": true, "popular": true, "busiest": true,
	"interesting": true, "beautiful": true, "nicest": true, "top": true, "beste": true, "besten": true,
	"beroemde": true, "beroemdste": true, "bekannteste": true, "bekanntesten": true, "beliebteste": true,
	"beliebtesten": true, "populaire": true, "populairste": true, "mooiste": true, "schonste": true,
	"schonsten": true,
}

// exactName reads the first run of unknown, name-like words (with the
// capitalised words around it) that is, whole, the name of a record: of
// two words or more, a leading article aside.
func (g *gazetteer) exactName(s *scan, c *Constraints) {
	knownOnce.Do(buildKnownWords)
	for _, run := range nameRuns(s, unknownMask(s)) {
		i, j := afterArticle(s, run[0]), g.beforePlace(s, run[0], run[1])
		if j-i < 2 || !s.free(i, j) {
			continue
		}
		idx, ok := g.names[s.key(i, j)]
		if !ok {
			idx, ok = g.inflectedName(s, i, j)
		}
		if !ok {
			continue
		}
		e := g.entries[idx]
		c.Names = append(c.Names, NameMatch{Text: s.original(i, j), Name: e.name, IDs: slices.Clone(e.ids), Former: e.former, Score: 1})
		s.mark(i, j)
		return
	}
}

// inflectedName looks up the run [i, j) in the form a German name takes
// on its own: one adjective's ending ("das Deutsche Museum", "im
// Deutschen Museum") and a genitive "-s" on the last word ("des Deutschen
// Museums") give the record "Deutsches Museum".
func (g *gazetteer) inflectedName(s *scan, i, j int) (int32, bool) {
	words := make([]string, j-i)
	for m := range words {
		words[m] = s.toks[i+m].norm
	}
	lasts := []string{words[len(words)-1]}
	if l := lasts[0]; len(l) > 4 && strings.HasSuffix(l, "s") {
		lasts = append(lasts, l[:len(l)-1])
	}
	try := func() (int32, bool) {
		for _, l := range lasts {
			words[len(words)-1] = l
			if idx, ok := g.names[strings.Join(words, " ")]; ok {
				return idx, true
			}
		}
		words[len(words)-1] = lasts[0]
		return 0, false
	}
	if len(lasts) > 1 {
		if idx, ok := try(); ok {
			return idx, true
		}
	}
	for k := range len(words) - 1 {
		w := words[k]
		if !s.toks[i+k].upper || len(w) < 4 {
			continue
		}
		var forms []string
		switch {
		case strings.HasSuffix(w, "en"):
			stem := w[:len(w)-1]
			forms = []string{stem + "s", stem + "r", stem}
		case strings.HasSuffix(w, "e"):
			forms = []string{w + "s", w + "r"}
		}
		for _, f := range forms {
			words[k] = f
			if idx, ok := try(); ok {
				return idx, true
			}
		}
		words[k] = w
	}
	return 0, false
}

// negatedTopicAt reports a negation before a topic preposition at i ("not
// about", "nicht über").
func negatedTopicAt(s *scan, i int) bool {
	return negations[s.toks[i].norm] && i+2 < len(s.toks) && topicPreps[s.toks[i+1].norm]
}

// relativeSpans are the units of a span back from today.
var relativeSpans = map[string]bool{"year": true, "years": true, "decade": true, "decades": true, "month": true, "months": true, "jaar": true, "jaren": true, "jahre": true, "jahren": true}

// outermost drops the phrases another phrase of the list holds ("past" in
// "past 10 years") and repeats.
func outermost(phrases []string) []string {
	var out []string
	for i, p := range phrases {
		inner := false
		for j, q := range phrases {
			if i != j && (len(q) > len(p) && strings.Contains(q, p) || q == p && j < i) {
				inner = true
				break
			}
		}
		if !inner {
			out = append(out, p)
		}
	}
	return out
}

// finiteOperateVerb reports a Dutch or German verb of running that comes
// before its subject in a list question ("Welche Museen betreibt X?",
// "Welke musea beheert X?").
func finiteOperateVerb(s *scan) bool {
	return s.hasAny("betreibt", "betreiben", "verwaltet", "verwalten", "beheert", "beheren", "exploiteert")
}

// openingTimes are times a question may ask an institution to be open at.
var openingTimes = map[string]bool{
	"weekend": true, "weekends": true, "weekday": true, "weekdays": true, "evening": true, "evenings": true,
	"night": true, "nights": true, "holidays": true, "sunday": true, "sundays": true, "monday": true,
	"mondays": true, "tuesday": true, "tuesdays": true, "wednesday": true, "wednesdays": true,
	"thursday": true, "thursdays": true, "friday": true, "fridays": true, "saturday": true, "saturdays": true,
}

// presenceFields are the fields a list may ask its members to have.
var presenceFields = map[string]bool{
	"isil": true, "gnd": true, "wikidata": true, "ghcid": true, "website": true, "postcode": true,
	"address": true, "former_name": true,
}

// renamedVerb reports a verb of renaming ("renamed", "changed their
// name", "umbenannt", "hernoemd"): a list asked with it asks for the
// members that have a former name.
func renamedVerb(s *scan) bool {
	return s.hasAny("renamed", "umbenannt", "hernoemd", "changed", "change", "geandert", "geaendert", "veranderd", "gewijzigd")
}

// hasVerb reports a verb or preposition of having ("have", "with",
// "haben", "met", "without") and whether the question negates it ("have
// no website", "without a website", "keine Website").
func hasVerb(s *scan) (has, negated bool) {
	for _, t := range s.toks {
		switch t.norm {
		case "have", "has", "having", "with", "haben", "hat", "hebben", "heeft", "mit", "met":
			has = true
		case "without", "ohne", "zonder":
			has, negated = true, true
		case "no", "kein", "keine", "keinen", "lack", "lacks":
			negated = true
		case "except", "excluding":
			// places left out, not a field lacked (see exceptPlaces)
		default:
			negated = negated || negations[t.norm]
		}
	}
	return has, negated
}

// existenceOfType reports "Is there a toy museum in Brighton?", "Is er
// een archief in Delft?": whether a set has members, asked with a type
// noun within three words of the article.
func existenceOfType(s *scan) bool {
	for _, cue := range []string{"is there a", "is there an", "is there any", "is er een", "gibt es ein", "gibt es eine"} {
		i := s.find(cue)
		if i < 0 {
			continue
		}
		from := i + strings.Count(cue, " ") + 1
		for k := from; k < len(s.toks) && k < from+3; k++ {
			if typeWordAt(s, k) {
				return true
			}
		}
	}
	return false
}

// existenceAsked reports a question whether institutions of a kind are
// somewhere, not which: "Are there any museums in Rye?", "Is there a
// toy museum in Brighton?", "Gibt es Museen in Bremen?", "Zijn er
// archieven in Delft?", "Does York have a museum?".
func existenceAsked(s *scan) bool {
	if len(s.toks) >= 2 && existenceSeconds[s.toks[1].norm] {
		switch s.toks[0].norm {
		case "are", "is", "gibt", "zijn":
			return true
		}
	}
	return existenceOfType(s) || placeHasType(s)
}

// placeHasType reports "Does York have a railway museum?", "Has Bath
// got any toy museums?", "Hat Bremen ein Stadtarchiv?", "Heeft Delft een
// archief?": whether a place has institutions of a kind, the place right
// after the verb that opens the question and a type noun within four
// words after it.
func placeHasType(s *scan) bool {
	if len(s.toks) < 3 || len(s.placeSpans) == 0 {
		return false
	}
	switch s.toks[0].norm {
	case "does", "has", "hat", "heeft":
	default:
		return false
	}
	sp := s.placeSpans[0]
	if sp[0] != 1 && !(sp[0] == 2 && articles[s.toks[1].norm]) {
		return false
	}
	for k := sp[1]; k < len(s.toks) && k < sp[1]+4; k++ {
		if typeWordAt(s, k) {
			return true
		}
	}
	return false
}

// describedNames drops the names written in lower case right after the
// indefinite article of an existence question and frees their words: "a
// toy museum" in "Is there a toy museum in Brighton?" describes what is
// looked for; it does not name the record "Toy-Museum".
func describedNames(s *scan, c *Constraints) {
	var keep []NameMatch
	for _, n := range c.Names {
		at := -1
		for i, t := range s.toks {
			if strings.HasPrefix(s.text[t.start:], n.Text) {
				at = i
				break
			}
		}
		if at > 0 && indefinite[s.toks[at-1].norm] && (!s.toks[at].upper || s.lower) {
			for k := at; k < len(s.toks) && s.toks[k].end <= s.toks[at].start+len(n.Text); k++ {
				s.used[k] = false
			}
			continue
		}
		keep = append(keep, n)
	}
	c.Names = keep
}

// indefinite are the indefinite articles of an existence question.
var indefinite = map[string]bool{"a": true, "an": true, "any": true, "een": true, "ein": true, "eine": true, "einen": true}

// negatedRelation is the token of a negation just before the relation cue
// that ends at end ("not run by", "nicht betrieben von"), or -1.
func negatedRelation(s *scan, end int) int {
	if end <= 0 {
		return -1
	}
	start := end - 1
	for start > 0 && !negations[s.toks[start-1].norm] && end-start < 4 {
		start--
	}
	if start > 0 && negations[s.toks[start-1].norm] && !s.used[start-1] {
		return start - 1
	}
	return -1
}
