package router

import (
	"slices"
	"strings"
)

// reread routes the question and, when words are left unexplained, reads
// it again with a misspelt name or place spelt right.
func (r *Router) reread(question string) Plan {
	plan, s := r.route(question)
	if again, ok := r.readPhraseName(question, plan, s); ok {
		return again
	}
	if len(plan.Unused(UnusedUnknown)) == 0 || plan.Constraints.HasIDs() {
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
	if m, mi, mj, ok := r.g.fuzzyNameCovering(fresh, need); ok && !overlapsExactName(s, plan, mi, mj) {
		i, j, name, isName = mi, mj, m.Name, true
	} else if pi, pj, pname, ok := r.g.fuzzyPlaceCovering(fresh, need); ok {
		i, j, name = pi, pj, r.g.areaHoldingTown(plan.Constraints.Places, pname)
	} else {
		return plan
	}
	typed := question[s.toks[i].start:s.toks[j-1].end]
	again, _ := r.route(question[:s.toks[i].start] + name + question[s.toks[j-1].end:])
	if countWords(again.Unused(UnusedUnknown)) >= countWords(plan.Unused(UnusedUnknown)) {
		return plan
	}
	again.Question = question
	c := &again.Constraints
	for k := range c.Names {
		if n := &c.Names[k]; isName && n.Name == name {
			n.Text, n.Score = typed, similarity(typed, name)
		}
	}
	for _, places := range [][]Place{c.Places, c.Within} {
		for k := range places {
			// "Sussex" read as "East Sussex or West Sussex": each place
			// keeps the word typed
			if p := &places[k]; !isName && (p.Text == name || slices.Contains(strings.Split(name, " or "), p.Text)) {
				p.Text = typed
			}
		}
	}
	return again
}

// overlapsExactName reports a name of the plan read exactly (score 1)
// whose words the tokens [i, j) cut apart, holding some of them and not
// all: a misspelt name there would take part of a name the question
// writes right to explain a word beside it. A misspelt name that holds
// a shorter exact one whole ("Tate Moderne") may be the one meant.
func overlapsExactName(s *scan, plan Plan, i, j int) bool {
	for _, n := range plan.Constraints.Names {
		if n.Score < 1 {
			continue
		}
		if a, b := tokenSpan(s, n.Text); a >= 0 && a < j && i < b && (a < i || b > j) {
			return true
		}
	}
	return false
}

// readPartialNames rereads a question about named institutions (a field,
// a yes/no, a relation, two named institutions) that named none the data
// holds, reading its unknown name-like words as partial names.
func (r *Router) readPartialNames(question string, plan Plan, s *scan, need []bool) (Plan, bool) {
	switch plan.Frame {
	case FrameField, FrameYesNo, FrameRelation, FramePair:
	default:
		// a yes/no question about an institution and a place, with the
		// institution not yet read, has no yes/no frame yet; nor has a
		// question whose unknown words make a name ("the Horniman
		// Museum" of "Horniman Museum & Gardens"), read as a list of its
		// kind
		if !twoNamed(s) && !yesNoShape(s) && !namesAKind(s, plan.UnusedPhrase(UnusedName)) {
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
	// a partial name beside words still unknown is a guess (they may be
	// words of another name), and so is one with no word of a kind;
	// unknown words apart from a name of a kind stay unread
	again, _ := r.route(fixed)
	if len(again.Unused(UnusedUnknown)) > 0 && (unknownBeside(s, need, typed) || !slices.ContainsFunc(typed, func(t string) bool { return namesAKind(s, t) })) {
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

// unknownBeside reports a word of need (the unknown words) right before
// or after one of the runs typed.
func unknownBeside(s *scan, need []bool, typed []string) bool {
	for _, text := range typed {
		i, j := tokenSpan(s, text)
		if i < 0 || i > 0 && need[i-1] || j < len(need) && need[j] {
			return true
		}
	}
	return false
}

// namesAKind reports whether a phrase holds a word of a kind of
// institution in the singular ("Horniman Museum", "Horniman Museum's"):
// the name of one, not of a place, nor a list of a kind ("archives in
// Zeeland").
func namesAKind(s *scan, phrase string) bool {
	for _, w := range strings.Fields(phrase) {
		w = normalize(strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s"))
		if _, plural, ok := s.lex.typeOfWord(w); ok && !plural {
			return true
		}
	}
	return false
}

// dropPartOfLonger drops a name read inside a longer name-like phrase
// whose other words are unknown ("Spielzeugmuseum Unterwaldbach",
// "upper wyvern button museum"): the question names an institution the
// data does not hold, not the shorter one.
func dropPartOfLonger(plan *Plan) {
	if plan.UnusedPhrase(UnusedName) == "" {
		return
	}
	c := &plan.Constraints
	var keep []NameMatch
	for _, n := range c.Names {
		if !(len(n.Text) < len(plan.UnusedPhrase(UnusedName)) && strings.Contains(plan.UnusedPhrase(UnusedName), n.Text)) {
			keep = append(keep, n)
		}
	}
	c.Names = keep
}

// dropMisspeltPhrase drops a misspelt name read right after a misspelt
// place, the two one run of words ("Pellingford Button Museum" read as
// Wallingford and Burton Museum): two guesses side by side are one name
// the data does not hold, which the plan then names as such.
func dropMisspeltPhrase(plan *Plan) {
	c := &plan.Constraints
	if len(c.Names) != 1 || c.Names[0].Score >= 1 || plan.UnusedPhrase(UnusedName) != "" {
		return
	}
	q, n := plan.Question, c.Names[0]
	at := strings.Index(q, n.Text)
	for k, p := range c.Places {
		pi := strings.Index(q, p.Text)
		if p.Text == "" || strings.EqualFold(p.Text, p.Name) || pi < 0 || at < 0 || pi+len(p.Text) > at || strings.TrimSpace(q[pi+len(p.Text):at]) != "" {
			continue
		}
		c.Names = nil
		c.Places = slices.Delete(slices.Clone(c.Places), k, k+1)
		phrase := q[pi : at+len(n.Text)]
		plan.SetUnused(UnusedName, phrase)
		plan.SetUnused(UnusedUnknown, append(plan.Unused(UnusedUnknown), phrase)...)
		return
	}
}

func similarity(typed, meant string) float64 {
	a, b := normalize(typed), normalize(meant)
	n := max(len(a), len(b), 1)
	return 1 - float64(osa(a, b, n))/float64(n)
}

// freshScan is a scan of the question with only its identifiers consumed
// and its misspelt cue and place words corrected.
func (g *gazetteer) freshScan(question string) *scan {
	s := newScan(question, g.lex)
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
