package router

import (
	"math"
	"slices"
	"sort"
	"strings"
)

// status infers the status filter of a list or a count. byTense reports
// a status read from the tense alone (a list in the present tense, an
// imperative or a phrase without a verb asks for the open ones) rather
// than asked for in words ("still open", "not closed").
func status(s *scan, c *Constraints, intent Intent, frame Frame) (value string, byTense bool) {
	if c.List && c.Not != nil && c.Not.Years != nil {
		// a negated opening or closing in years: the negation is of the
		// years, of every status unless one is asked
		if stillOpen(s) {
			return "open", false
		}
		return "", false
	}
	if s.everyStatus {
		return "", false // "open or closed": every status
	}
	if c.List && negatedOpen(s) {
		// "… that aren't open anymore", "nicht mehr geöffnet"
		return "closed", false
	}
	if c.List && c.Years == nil && negatedClosed(s) {
		// a negated "closed": the open ones
		return "open", false
	}
	closedWord := false
	for _, t := range s.toks {
		if s.lex.closeWords[t.norm] {
			closedWord = true
			break
		}
	}
	if closedWord {
		// "closed museums … opened before 1950": the years are of the
		// opening, so the closing word is the status
		if c.List && (c.Years == nil || c.Years.Field == "opened") {
			return "closed", false
		}
		return "", false
	}
	if !c.List || intent == Comparative || frame == FrameCompare || frame == FrameMore {
		// compared sides count every status
		return "", false
	}
	if g := c.Group; g != nil && (strings.HasPrefix(g.Level, fieldOpened) || strings.HasPrefix(g.Level, fieldClosed)) {
		// counted by the years of opening or closing: history, of every
		// status
		return "", false
	}
	if c.Years != nil {
		// "opened in the 1990s": of every status, unless the question
		// asks for one in so many words ("… and are still open")
		if stillOpen(s) {
			return "open", false
		}
		return "", false
	}
	if pastAsked(s) && !presentAsked(s) || s.hasAny(s.lex.everWords...) {
		return "", false
	}
	// one policy for every wording of a list or a count: a question in
	// the present tense, an imperative and a phrase without a verb all ask
	// for what is open now; past tense, "ever", "closed" and "former" ask
	// otherwise (above)
	return "open", !openAsked(s)
}

// pastAsked reports a word of pastTense that opens no polite request
// ("Wären Sie so nett", "Hätten Sie"): a subjunctive of politeness says
// nothing of the past.
func pastAsked(s *scan) bool {
	for _, p := range s.lex.pastTense {
		if at := s.find(p); at >= 0 && !requestOpenerAt(s, at) && !s.lex.politeModals[s.toks[at].norm] {
			return true
		}
	}
	return false
}

// presentAsked reports a word of presentAuxiliaries that is a verb of
// the present: not the verb a past do-form carries ("did … have").
func presentAsked(s *scan) bool {
	for i, t := range s.toks {
		if !slices.Contains(s.lex.presentAuxiliaries, t.norm) {
			continue
		}
		past := false
		for k := max(0, i-4); k < i; k++ {
			past = past || s.lex.pastDoForms[s.toks[k].norm]
		}
		if !past {
			return true
		}
	}
	return false
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
	case len(c.TypeCodes) >= 2 && len(c.Names) == 0:
		// "more" with two kinds of institution joined by "or": a side
		// for each kind
		for _, code := range c.TypeCodes {
			sc := base
			sc.Places, sc.Bodies = c.Places, c.Bodies
			sc.TypeCodes = []string{code}
			// two kinds and no place: all of each kind
			sc.All = sc.All || !sc.Selective()
			out = append(out, sc)
		}
	}
	return out
}

// buildIntentCues indexes compareCues and collectionCues.
func (lex *Lexicon) buildIntentCues() {
	lex.compareCueList = phraseList(lex.compareCues)
	lex.collectionCueList = phraseList(lex.collectionCues)
}

// classify scores every intent from the cues and constraints.
func classify(s *scan, c *Constraints, hasIDs, listQ bool, rel string, housesEnd int) (Intent, []IntentScore, float64) {
	sc := map[Intent]float64{}
	scoreFactual(sc, c, hasIDs, listQ)
	scoreTemporal(sc, s, c)
	scoreRelationship(sc, c, listQ, rel, housesEnd)
	scoreComparative(sc, s, c)
	scoreCollection(sc, s, c)
	scoreExploratory(sc, c, listQ)
	return bestIntent(sc)
}

// scoreFactual scores the field asked, identifiers and names.
func scoreFactual(sc map[Intent]float64, c *Constraints, hasIDs, listQ bool) {
	switch c.Field {
	case fieldOpened, fieldClosed, fieldFormerName, fieldHistory:
		sc[Temporal] += 3
	case fieldOperator:
		sc[Relationship] += 2
		sc[Factual] += 1
	case fieldSubjects:
		sc[Collection] += 2.5
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
}

// scoreTemporal scores years and the words of opening, closing and
// history.
func scoreTemporal(sc map[Intent]float64, s *scan, c *Constraints) {
	if c.Years != nil {
		sc[Temporal] += 2.5
	}
	for _, t := range s.toks {
		if s.lex.closeWords[t.norm] || s.lex.openWords[t.norm] {
			sc[Temporal] += 1
			break
		}
	}
	if s.hasAny(s.lex.historyCues...) {
		sc[Temporal] += 1
	}
}

// scoreRelationship scores a relation, bodies and housing.
func scoreRelationship(sc map[Intent]float64, c *Constraints, listQ bool, rel string, housesEnd int) {
	if rel != "" {
		sc[Relationship] += 2
	}
	if len(c.Bodies) > 0 {
		sc[Relationship] += 1.5
		if rel != "" || listQ {
			// a body named before the kind asks for the body's members
			// too
			sc[Relationship] += 1
		}
	}
	if housesEnd >= 0 && len(c.Names) > 0 {
		sc[Relationship] += 4
	}
}

// scoreComparative scores the cues of a comparison and sides joined by a
// conjunction or offered as a choice.
func scoreComparative(sc map[Intent]float64, s *scan, c *Constraints) {
	if s.lex.compareCueList.holds(s) {
		sc[Comparative] += 4
	}
	if len(c.Places) >= 2 && slices.ContainsFunc(s.toks, func(t token) bool { return s.lex.andWords[t.norm] }) {
		sc[Comparative] += 0.5
	}
	if len(c.Places)+len(c.Bodies) >= 2 && hasChoice(s) {
		// shorthand: a kind, then two places joined by "or"
		sc[Comparative] += 3
	}
}

// scoreCollection scores the cues of what is collected and subjects.
func scoreCollection(sc map[Intent]float64, s *scan, c *Constraints) {
	if s.lex.collectionCueList.holdsUnread(s) {
		sc[Collection] += 2.5
	}
	if len(c.Subjects) > 0 {
		sc[Collection] += 2.25
		if s.hasAny(s.lex.topicWords...) {
			sc[Collection] += 0.5
		}
	}
}

// scoreExploratory scores a list and the conditions that select one.
func scoreExploratory(sc map[Intent]float64, c *Constraints, listQ bool) {
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
}

// bestIntent is the intent of the highest score, every intent's share of
// the scores, and the confidence of the choice; exploratory with a low
// confidence when nothing scored.
func bestIntent(sc map[Intent]float64) (Intent, []IntentScore, float64) {
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

// negatedOpen reports "open" with a negation, or "no longer", within the
// two words before it ("aren't open", "no longer open", "nicht mehr
// geöffnet", "niet meer open").
func negatedOpen(s *scan) bool {
	for i, t := range s.toks {
		if !s.lex.openStates[t.norm] {
			continue
		}
		for k := max(0, i-2); k < i; k++ {
			if w := s.toks[k].norm; s.lex.negations[w] || s.lex.ceaseWords[w] {
				return true
			}
		}
	}
	return false
}

// stillOpen reports whether the question asks for institutions open
// today in so many words, which a condition on years does not replace.
func stillOpen(s *scan) bool {
	return s.hasAny(s.lex.stillOpenCues...)
}

// openAsked reports whether a question asks for open institutions in so
// many words ("are open", "still running").
func openAsked(s *scan) bool {
	return stillOpen(s) || s.hasAny(s.lex.openCues...)
}
