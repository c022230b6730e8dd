package router

import (
	"slices"
	"strings"
)

// exactName reads the first run of unknown, name-like words (with the
// capitalised words around it) that is, whole, the name of a record: of
// two words or more, a leading article aside. Failing that, in a
// question not written all in lower case, a run of capitalised words
// every one of which the rules know that is, whole, a record's name
// inflected ("im Deutschen Museum").
func (g *gazetteer) exactName(s *scan, c *Constraints) {
	runs := nameRuns(s, unknownMask(s))
	for k, run := range runs {
		runs[k] = [2]int{afterArticle(s, run[0]), g.beforePlace(s, run[0], run[1])}
	}
	if !g.exactRun(s, c, runs, true) && !s.lower {
		g.exactRun(s, c, capitalisedRuns(s), false)
	}
}

// exactRun reads the first of the runs that is free and, whole, the
// name of a record, inflected or (asWritten) as written, and reports
// whether one was.
func (g *gazetteer) exactRun(s *scan, c *Constraints, runs [][2]int, asWritten bool) bool {
	for _, run := range runs {
		i, j := run[0], run[1]
		if j-i < 2 || !s.free(i, j) {
			continue
		}
		idx, ok := g.findName(s.key(i, j))
		ok = ok && asWritten
		if !ok && !slices.ContainsFunc(s.toks[i:j], func(t token) bool { return t.possessive }) {
			// an English possessive is no German inflection ("Wiltshire's
			// museums": the place's museums)
			idx, ok = g.inflectedName(s, i, j)
		}
		if !ok {
			continue
		}
		e := g.entries[idx]
		c.Names = append(c.Names, NameMatch{Text: s.original(i, j), Name: e.name, IDs: g.recordIDs(idx), Former: e.former, Score: 1})
		s.mark(i, j)
		return true
	}
	return false
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
			if idx, ok := g.findName(strings.Join(words, " ")); ok {
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

// describedNames drops the names written in lower case right after the
// indefinite article of an existence question and frees their words: a
// kind in lower case after "a" describes what is looked for; it does not
// name the record that carries those words as its name.
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
		if at > 0 && s.lex.indefinite[s.toks[at-1].norm] && (!s.toks[at].upper || s.lower) {
			for k := at; k < len(s.toks) && s.toks[k].end <= s.toks[at].start+len(n.Text); k++ {
				s.used[k] = false
			}
			continue
		}
		keep = append(keep, n)
	}
	c.Names = keep
}

// readEntities reads the institutions, organisations and kinds the
// question names, the field it asks for, and the relation its verb names.
func (g *gazetteer) readEntities(s *scan, c *Constraints, rd *reading) {
	g.readNamesAndKinds(s, c, rd)
	g.readFieldAsked(s, c, rd)
	readFieldOfOneName(s, c, rd)
	existenceOfOne(s, c, rd)
	if rd.rel == "" && (len(c.Bodies) > 0 || len(c.Names) > 0 && !rd.plural && c.Field == "" ||
		rd.listCue && c.Field == "" && (s.hasAny(s.lex.doVerbs...) || finiteOperateVerb(s))) {
		// a kind, a verb of running and a name after it: the verb
		// relates the list to that name, whether or not it is an
		// organisation the data knows.
		rd.rel = bodyRelation(s)
	}
}

// readNamesAndKinds reads the institutions, organisations and kinds the
// question names, and whether it asks for a set of a kind.
func (g *gazetteer) readNamesAndKinds(s *scan, c *Constraints, rd *reading) {
	g.entities(s, c, rd.rel, rd.relEnd, rd.housesEnd)
	if rd.housesEnd >= 0 && !housesCueOutsideNames(s) {
		// a name that holds the word "Houses" is no relation cue
		rd.housesEnd = -1
	}
	if rd.exists || whereCanI(s) {
		describedNames(s, c)
	}
	// a plural type noun ("aviation museums in Cornwall", "Eisenbahnmuseen")
	// asks for a set even without a question word
	rd.plural = g.compounds(s, c)
	rd.plural = pluralType(s) || rd.plural
	rd.listCue = rd.listQ || rd.plural
	if len(c.Bodies) == 0 && rd.rel != "" && rd.listCue {
		if b, ok := g.fuzzyBody(s, rd.relEnd); ok {
			b.Relation = rd.rel
			c.Bodies = append(c.Bodies, b)
		}
	}
}

// readFieldAsked reads the field the question asks for, unless the words
// of a field ask where to find a kind.
func (g *gazetteer) readFieldAsked(s *scan, c *Constraints, rd *reading) {
	c.Field = fieldOf(s)
	if c.Field == "" && len(c.Names) == 1 && !rd.plural {
		c.Field = levelBeforeName(s, c.Names[0])
	}
	if (c.Field == "city" || c.Field == "") && len(c.Names) == 1 && !rd.ids.any() && whereCanI(s) && kindDescribed(s) && indefiniteName(s, c.Names[0]) {
		// a kind written with capitals after "a", in a question where to
		// find one, is a kind, not the institution called so
		if i, j := tokenSpan(s, c.Names[0].Text); i >= 0 {
			s.unmark(i, j)
		}
		c.Names = nil
		g.compounds(s, c)
		g.writtenSubjects(s, c)
	}
	if c.Field == "city" && len(c.Names) == 0 && !rd.ids.any() && whereCanI(s) && (rd.plural || kindDescribed(s)) {
		// where to find a kind of institution in a place: the places to
		// go for it, not the town of one whose name is that kind
		c.Field, rd.listQ, rd.listCue = "", true, true
	}
}

// readFieldOfOneName reads an age asked, a field the data does not record
// said of a list, and the field its words ask of one named institution:
// what it collects, its history, a description.
func readFieldOfOneName(s *scan, c *Constraints, rd *reading) {
	c.Age = c.Field == fieldOpened && ageAsked(s)
	if s.lex.unrecordedFields[c.Field] {
		cue := markFieldCue(s, c.Field)
		if rd.listCue && len(c.Names) == 0 && !rd.ids.any() {
			// a verb of founding with a body after it: a condition of
			// the list that no field records, not a field of one
			// institution
			s.unreadCues, c.Field = append(s.unreadCues, cue), ""
		}
	}
	if c.Field == fieldFormerName && len(c.Names) == 1 && c.Names[0].Former && (renamedVerb(s) || nowAsked(s)) &&
		(!yesNoShape(s) || s.hasAny(s.lex.valueFollowUps...) || valueAskedAfter(s)) && !s.hasAny(s.lex.whenWords...) {
		// a renaming, or the present, said of a name the record bore
		// before asks what it was renamed to: the name it bears now
		// (whether and when it was renamed stay questions of its former
		// names, unless the value is asked after)
		c.Field = fieldCurrentName
	}
	if c.Field == fieldSuccessor && len(c.Names) == 1 && c.Names[0].Former && !yesNoShape(s) {
		// what followed a name the record bore before: the name it
		// bears now
		c.Field = fieldCurrentName
	}
	if c.Field == "" && len(c.Names) == 1 && !rd.plural && !rd.exists && !countAsked(s) {
		switch {
		case collectionAsked(s):
			// a question for what one institution's collections hold:
			// their subject matter
			c.Field = fieldSubjects
		case historyAsked(s):
			// a question for how one institution changed: the events
			// its record holds
			c.Field = fieldHistory
		case rd.rel == "" && !rd.listQ && describeAsked(s):
			// a describing phrase before one name: what the record says
			c.Field = fieldDescription
		}
	}
}

// readMisspeltNames reads the names written with a slip or shortened,
// where the question's shape asks for one institution or two.
func (g *gazetteer) readMisspeltNames(s *scan, c *Constraints, rd *reading) {
	rd.noEntity = len(c.Names) == 0 && len(c.Bodies) == 0 && !rd.ids.any()
	// a single-entity question reads a misspelt name before places, so
	// that a town inside the name stays in the name (a plural list
	// question names none: a kind in a place with a further condition is
	// not about an institution whose name holds the place)
	if rd.noEntity && (rd.housesEnd >= 0 || c.Field != "" && !(rd.plural && rd.listQ) || yesNoShape(s) && !rd.exists) {
		// a name of several words one record carries exactly, that the
		// name reading turned down as too common a phrase, is that
		// record, not a misspelling of another that holds those words
		// in one
		g.exactName(s, c)
		if len(c.Names) == 0 {
			g.addFuzzyName(s, c)
		}
	}
	if c.Field == "city" && len(c.Names) == 0 && !rd.ids.any() && whereCanI(s) && !namedAfterWhere(s) {
		// where to find a kind in a place: the places to go, not the
		// town of one institution
		c.Field, rd.listQ = "", true
	}
	g.readFieldName(s, c, rd)
	if twoNamed(s) {
		g.readTwoNames(s, c)
	}
	if len(c.Names) == 0 && len(c.Bodies) == 0 && !rd.ids.any() {
		g.nearPhraseName(s, c)
	}
}

// readFieldName reads the one institution a field question names: a
// body read without a relation cue may be the tail of a misspelt name
// ("Hunarian National Museum"), and an exact name that is a short name
// inside a longer, misspelt one ("ISIL of Heimatstube im Elbtr") means
// the longer name.
func (g *gazetteer) readFieldName(s *scan, c *Constraints, rd *reading) {
	if c.Field != "" && rd.rel == "" && len(c.Names) == 0 && len(c.Bodies) > 0 {
		s2 := &scan{lex: s.lex, text: s.text, toks: s.toks, used: append([]bool(nil), rd.idUsed...)}
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
		s2 := &scan{lex: s.lex, text: s.text, toks: s.toks, used: append([]bool(nil), rd.idUsed...)}
		if m, i, j, ok := g.fuzzyName(s2); ok && m.Name != c.Names[0].Name && m.Score >= 0.85 &&
			len(m.Text) > len(c.Names[0].Text) && strings.Contains(m.Text, c.Names[0].Text) {
			c.Names[0] = m
			s.mark(i, j)
		}
	}
}

// readTwoNames reads both names of a comparison of two institutions,
// misspelt, shortened or not, before places.
func (g *gazetteer) readTwoNames(s *scan, c *Constraints) {
	for len(c.Names) < 2 {
		n := len(c.Names)
		// a name of several words one record carries exactly first
		// ("Deutsches Museum", not "Deutsches Skimuseum")
		g.exactName(s, c)
		if len(c.Names) == n {
			g.addFuzzyName(s, c)
		}
		if len(c.Names) == n {
			break
		}
	}
	slices.SortStableFunc(c.Names, func(a, b NameMatch) int {
		return strings.Index(s.text, a.Text) - strings.Index(s.text, b.Text)
	})
	// a name typed as one record writes it is that record, not a
	// misspelling of another ("Deutsches Museum", not "Deutsches
	// Skimuseum")
	for k := range c.Names {
		c.Names[k] = g.exactForm(c.Names[k])
	}
}

// addFuzzyName adds the misspelt name read in the question, if any, and
// marks its tokens used. A name typed as one record writes it is that
// record, not a misspelling of another.
func (g *gazetteer) addFuzzyName(s *scan, c *Constraints) {
	if m, i, j, ok := g.fuzzyName(s); ok {
		c.Names = append(c.Names, g.exactForm(m))
		s.mark(i, j)
	}
}

// existenceOfOne reads a question whether one named institution exists,
// or still does: an opener of existence ("is there", "gibt es", "is er")
// whose only kind word is the name's own asks about that institution, a
// yes/no question of its status, not whether institutions of the kind
// exist.
func existenceOfOne(s *scan, c *Constraints, rd *reading) {
	if len(s.toks) < 3 || !s.lex.existenceFirsts[s.toks[0].norm] || !s.lex.existenceSeconds[s.toks[1].norm] {
		return
	}
	// an indefinite article before a kind asks for the kind
	// (existenceOfType), even where a name holds the words, as a kind
	// ends its phrase; a name that goes on after its kind word is the
	// name ("a Museum Ulm")
	if len(c.Names) == 1 && rd.exists && endsWithKind(s, c.Names[0].Text) || len(c.Names) != 1 || len(c.Bodies) > 0 || c.Field != "" || rd.plural || pluralType(s) || freeTypeWord(s) || relativeBeforeName(s) {
		return
	}
	rd.exists, rd.listQ, rd.listCue = false, false, false
	s.mark(0, 2)
	s.yesNoInside, s.existsOne = true, true
}

// levelBeforeName reads a noun of a level of place (levelCues) or of a
// field (trailingFields) right before the one name read, or before its
// article, with no word of place before it ("the country [the] X
// belongs in", "the city X is in"): the level or field is the one
// asked, the rest a clause about the name. It marks the noun read.
func levelBeforeName(s *scan, n NameMatch) string {
	i, _ := tokenSpan(s, n.Text)
	k := i - 1
	if k > 0 && (s.lex.articles[s.toks[k].norm] || s.lex.relativeWords[s.toks[k].norm]) {
		k-- // "the city X sits in", "the city that X sits in"
	}
	if i < 0 || k < 0 || s.used[k] || k > 0 && s.lex.locatives[s.toks[k-1].norm] {
		return ""
	}
	level, ok := s.lex.levelCues[s.toks[k].norm]
	if !ok {
		level, ok = s.lex.trailingFields[s.toks[k].norm]
	}
	if !ok {
		return ""
	}
	s.mark(k, k+1)
	return level
}

// relativeBeforeName reports words after the opener of existence and a
// relative word before the first word a name read ("is there a body
// that … X …"): what is asked to exist is what the relative clause
// describes, not the named institution.
func relativeBeforeName(s *scan) bool {
	for k := 2; k < len(s.toks) && !s.used[k]; k++ {
		if k > 2 && s.lex.relativeWords[s.toks[k].norm] {
			return true
		}
	}
	return false
}

// freeTypeWord reports a word of a kind no name read took.
func freeTypeWord(s *scan) bool {
	for i, t := range s.toks {
		if !s.used[i] && s.lex.typeWords[t.norm] != "" {
			return true
		}
	}
	return false
}

// endsWithKind reports whether the last word of text is a word of a kind.
func endsWithKind(s *scan, text string) bool {
	words := strings.Fields(normalize(text))
	return len(words) > 0 && s.lex.typeWords[words[len(words)-1]] != ""
}

// nowAsked reports a word of the present that is a part of the current
// name's field (fieldParts: "now", "tegenwoordig", "heute").
func nowAsked(s *scan) bool {
	for p, v := range s.lex.fieldParts {
		if v == fieldCurrentName+" now" && s.find(p) >= 0 {
			return true
		}
	}
	return false
}
