package router

import (
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
)

// markPublic marks the phrases of publicPhrases as read.
func markPublic(s *scan) {
	for _, p := range s.lex.publicPhrases {
		if at := s.find(p); at >= 0 {
			s.mark(at, at+len(strings.Fields(p)))
		}
	}
}

// politeRequest reads "Can you tell me …", "Kannst du mir sagen …", "Kunt
// u …", "Can I get …": a request for a value, not a yes/no question.
func politeRequest(s *scan) bool {
	if len(s.toks) < 2 {
		return false
	}
	if markRequestOpener(s) {
		return true
	}
	first := s.toks[0].norm
	if !s.lex.politeAddressees[s.toks[1].norm] {
		return false
	}
	if s.lex.politeModals[first] {
		return true
	}
	// an indirect question after "do you know", "weißt du", "weet u":
	// the question is the one after the verb
	if !s.lex.knowVerbs[first] {
		return false
	}
	if !s.lex.doAuxiliaries[first] {
		return true
	}
	for _, p := range s.lex.knowAfterDo {
		if n, ok := s.matchAt(2, p); ok {
			s.mark(0, 2+n)
			return true
		}
	}
	return false
}

// markRequestOpener reports, and marks as read, an opener of
// requestOpeners at the start of the question.
func markRequestOpener(s *scan) bool {
	for _, p := range s.lex.requestOpeners {
		if n, ok := s.matchAt(0, p); ok {
			s.mark(0, n)
			return true
		}
	}
	return false
}

// embeddedYesNo reports, and marks as read, a yes/no question asked
// inside a request: an opener of yesNoOpeners first, then a word of
// complementizers ("tell me whether …", "weet u of …", "sag mir, ob …")
// or a colon before the statement to be confirmed.
func embeddedYesNo(s *scan) bool {
	for _, p := range s.lex.yesNoOpeners {
		n, ok := s.matchAt(0, p)
		if !ok || n >= len(s.toks) {
			continue
		}
		if strings.Contains(s.text[s.toks[n-1].end:s.toks[n].start], ":") && !whWordAt(s, n) {
			s.mark(0, n) // a statement to confirm after the colon, no question of its own
			return true
		}
		n = fillersBeforeComplementizer(s, n)
		if s.lex.complementizers[s.toks[n].norm] && !politeCondition(s, n) {
			s.mark(0, n+1)
			return true
		}
	}
	return checkedStatement(s) || yesNoAfterAnd(s) || whetherClause(s)
}

// whetherClause reports, and marks as read, a word of whetherWords
// ("whether", "ob") that opens a clause after a statement with no question
// word ("I couldn't tell whether it's a museum"): the clause is a yes/no
// question the statement asks. The statement's words are the asker's,
// no condition of the question (statementEnd).
func whetherClause(s *scan) bool {
	for k := 1; k+2 < len(s.toks); k++ {
		if s.lex.whWords[s.toks[k].norm] {
			return false
		}
		if s.lex.whetherWords[s.toks[k].norm] {
			if politeCondition(s, k) || slices.ContainsFunc(s.toks[k+1:], func(t token) bool { return s.lex.whWords[t.norm] }) {
				return false // "whether you could tell me which …": the question after it
			}
			s.mark(k, k+1)
			s.statementEnd = k
			return true
		}
	}
	return false
}

// whWordAt reports a question word at token n, or after a preposition
// there ("in which town").
func whWordAt(s *scan, n int) bool {
	return s.lex.whWords[s.toks[n].norm] || s.lex.locatives[s.toks[n].norm] && n+1 < len(s.toks) && s.lex.whWords[s.toks[n+1].norm]
}

// openThere is the test of being open, and of the place the question
// names too (whether one can visit X in Y): not a place after a verb of
// running, which names the operator.
func openThere(c *Constraints) Test {
	t := Test{Property: fieldStatus, Want: []string{statusOpen}}
	if len(c.Places) > 0 && c.Relation != heritage.RelOperatedBy {
		t.And = []Test{{Property: "place"}}
	}
	return t
}

// reportedClaim reads a claim someone makes, then a tag that asks whether
// it holds ("my brother says X is Y — who is right"): a verb of saying
// (sayVerbs) within the first maxClaimer words, no question word before
// it, a complementizer after it aside, and a phrase of tagQuestions after
// a clause sign last. It returns where the claim starts (0 with no verb of
// saying: the statement before the tag is the claim) and where the tag
// starts, 0 when there is none.
func reportedClaim(s *scan) (start, tag int) {
	tag = s.lex.tagStart(s.text, s.toks)
	if tag == len(s.toks) {
		return 0, 0
	}
	for k := 1; k < tag && k <= maxClaimer; k++ {
		w := s.toks[k].norm
		if s.lex.whWords[s.toks[k-1].norm] {
			return 0, 0
		}
		if s.lex.sayVerbs[w] {
			if k+1 < tag && s.lex.complementizers[s.toks[k+1].norm] {
				k++
			}
			return k + 1, tag
		}
	}
	return 0, tag // the claim is the statement before the tag
}

// maxClaimer bounds the words before a verb of saying in a reported claim.
const maxClaimer = 4

// statementVerb reports a verb of being or of a place (or a preposition of
// place) among the tokens [from, to), and no question word.
func statementVerb(s *scan, from, to int) bool {
	verb := false
	for _, t := range s.toks[from:to] {
		if s.lex.whWords[t.norm] {
			return false
		}
		verb = verb || s.lex.yesNoStarts[t.norm] || s.lex.copulas[t.norm] || s.lex.placeBefore[t.norm]
	}
	return verb
}

// fillersBeforeComplementizer is the token of a word of complementizers
// after one filler and a comma at token n ("sag mir kurz, ob"), or n.
func fillersBeforeComplementizer(s *scan, n int) int {
	m := n + 1
	if m < len(s.toks) && s.lex.fillerSet[s.toks[n].norm] && !s.lex.whWords[s.toks[n].norm] &&
		s.lex.complementizers[s.toks[m].norm] && strings.Contains(s.text[s.toks[n].end:s.toks[m].start], ",") {
		return m
	}
	return n
}

// yesNoAfterAnd reports, and marks as read, an opener of yesNoOpeners
// and a word of complementizers after "and", behind a request that
// names what it asks about ("Look up X and tell me if …").
func yesNoAfterAnd(s *scan) bool {
	for k := 1; k+1 < len(s.toks); k++ {
		if !s.lex.andWords[s.toks[k-1].norm] {
			continue
		}
		if e := yesNoOpenerAt(s, k); e > 0 {
			s.mark(k, e)
			return true
		}
	}
	return false
}

// yesNoOpenerAt returns the end of an opener of yesNoOpeners at token k
// and the complementizer after it ("tell me whether"), or 0.
func yesNoOpenerAt(s *scan, k int) int {
	for _, p := range s.lex.yesNoOpeners {
		if n, ok := s.matchAt(k, p); ok && k+n < len(s.toks) && s.lex.complementizers[s.toks[k+n].norm] && !politeCondition(s, k+n) {
			return k + n + 1
		}
	}
	return 0
}

// checkedStatement reports, and marks as read, an opener of
// statementOpeners before a statement with a verb of yesNoStarts (or a
// preposition of place: "check X in Y") and no question word: the
// statement is what a yes/no question checks.
func checkedStatement(s *scan) bool {
	if n, tag := reportedClaim(s); tag > 0 && statementVerb(s, n, tag) {
		s.mark(0, n)
		s.mark(tag, len(s.toks))
		return true
	}
	for _, p := range s.lex.statementOpeners {
		n, ok := s.matchAt(0, p)
		if !ok || n >= len(s.toks) {
			continue
		}
		if m := afterArticle(s, n); m < len(s.toks) && s.lex.trailingFields[s.toks[m].norm] != "" {
			return false // the field's value asked ("check the country X is in")
		}
		// a verb, or a preposition of place in keywords ("check X in Y")
		if statementVerb(s, n, len(s.toks)) {
			s.mark(0, n)
			return true
		}
	}
	return false
}

// hasStatusWord reports a word of status outside the names read.
func hasStatusWord(s *scan) bool {
	for i, t := range s.toks {
		if _, ok := s.lex.statusWords[t.norm]; ok && !s.used[i] {
			return true
		}
	}
	return false
}

// yesNoTest reads the property a yes/no question checks, most specific
// first.
func yesNoTest(s *scan, c *Constraints) (Test, bool) {
	if c.Negates() {
		// a negated relation of running
		if t, ok := yesNoTest(s, c.Not); ok {
			t.Negated = true
			return t, true
		}
	}
	switch {
	case len(c.Bodies) > 0:
		var want []string
		for _, b := range c.Bodies {
			want = append(want, b.Name)
		}
		return Test{Property: "member_of", Want: want}, true
	case c.Accreditation != "":
		return Test{Property: "accreditation", Want: []string{c.Accreditation}}, true
	case c.Years != nil:
		return yearsTest(s, c.Years), true
	}
	if c.Field == fieldAccreditation {
		return Test{Property: fieldAccreditation, Want: []string{accredited}}, true
	}
	// whether one can still visit, or both statuses offered; whether it
	// exists is whether it is open
	if s.hasAny(s.lex.stillCues...) || s.existsOne || s.hasAny(s.lex.existenceVerbs...) {
		markPublic(s)
		return openThere(c), true
	}
	for i, t := range s.toks {
		if st, ok := s.lex.statusWords[t.norm]; ok {
			if st == statusOpen && s.hasAny(s.lex.everWords...) {
				// "ever" with a verb of opening: whether it opened at
				// all, not whether it is open now
				return Test{Property: fieldStatus, Want: []string{statusEver}, Negated: negatedBefore(s, i) >= 0}, true
			}
			// a negated status: "not closed", "no longer open"
			markPublic(s)
			return Test{Property: "status", Want: []string{st}, Negated: negatedBefore(s, i) >= 0 || noLonger(s, i)}, true
		}
	}
	if n := len(s.toks); n > 1 && s.lex.closeWords[s.toks[n-1].norm] && !s.used[n-1] {
		// a verb of closing that ends the question asks whether it closed
		s.mark(n-1, n)
		return Test{Property: fieldStatus, Want: []string{statusClosed}, Negated: negatedBefore(s, n-1) >= 0}, true
	}
	switch {
	// a place after a verb of running is part of the operator's name
	// ("… Council"), not where the institution lies
	case len(c.Places) > 0 && c.Relation != heritage.RelOperatedBy:
		var want []string
		for _, p := range c.Places {
			want = append(want, p.Name)
		}
		return Test{Property: "place"}, len(want) > 0
	case len(c.Subjects) > 0:
		// a kind with a subject modifier: the subject decides, not the kind
		return Test{Property: "subjects", Want: c.Subjects}, true
	case len(c.TypeCodes) > 0:
		return Test{Property: "type", Want: c.TypeCodes}, true
	case len(c.GovernanceCodes) > 0:
		t := Test{Property: "governance", Want: c.GovernanceCodes}
		if len(c.Places) > 0 {
			// a body of government named by its place runs what lies
			// there: both are tested
			t.And = []Test{{Property: "place"}}
		}
		return t, true
	case len(c.Sizes) > 0:
		return Test{Property: "size", Want: c.Sizes}, true
	case c.Field != "" && !relationFields[c.Field]:
		return Test{Property: c.Field}, true
	}
	return Test{}, false
}

// yesNoStart reports a first word that opens a yes/no question, allowing
// one typo in a verb of four letters or more ("Liwgt") that is no word of
// a name read.
func yesNoStart(s *scan) bool {
	if len(s.toks) == 0 {
		return false
	}
	first := s.toks[0].norm
	if s.lex.germanWhatWords[first] && len(s.toks) > 1 && (s.lex.germanAfterWas[s.toks[1].norm] || inLanguage(s, "de")) {
		return false // German "was" is "what"
	}
	if s.lex.yesNoStarts[first] {
		return true
	}
	// a word of a name read is no misspelt verb ("Haven …")
	if len(first) >= 4 && !s.lex.knownWords[first] && !s.lex.plainWord(first) && !s.used[0] {
		for w := range s.lex.yesNoStarts {
			if len(w) >= 4 && osa(w, first, 1) <= 1 {
				return true
			}
		}
	}
	return false
}

// offersChoice reports "A or B" (but not "… or not", nor "A or something
// else").
func offersChoice(s *scan) bool {
	for i, t := range s.toks {
		if s.lex.choiceWords[t.norm] && !s.used[i] || s.lex.prepositionJoins[t.norm] && i+1 < len(s.toks) && !s.used[i+1] {
			if i+1 < len(s.toks) {
				if s.lex.choiceStoppers[s.toks[i+1].norm] || openAlternativeAfter(s, i) {
					continue // "or not", "or has it closed", "or something else"
				}
			}
			if s.lex.prepositionJoins[t.norm] && (i+1 >= len(s.toks) || s.lex.prepositionArticles[s.toks[i+1].norm] || atFieldCue(s, i) && kindOfferedLast(s)) {
				continue // a preposition inside or after a field's cue, one kind offered last
			}
			return true
		}
	}
	return false
}

// atFieldCue reports token i inside a field's cue of several words the
// question holds, or right after a cue ("the category of an archive").
func atFieldCue(s *scan, i int) bool {
	var buf [64]int
	for _, c := range s.lex.fieldCueIndex.exact(s, buf[:0]) {
		p := s.lex.fieldCues[c].phrase
		if at := s.find(p); at >= 0 && at < i && i <= at+strings.Count(p, " ")+1 {
			return true
		}
	}
	return false
}

// yesNoShape reports a question that opens like a yes/no question about
// one institution ("Is …", "Hat …", "Kan ik … nog bezoeken"), not like a
// request for a value ("Could you tell me …").
func yesNoShape(s *scan) bool {
	if len(s.toks) < 2 || isWhQuestion(s) {
		return false
	}
	first := s.toks[0].norm
	return (yesNoStart(s) || s.lex.canOpeners[first]) && !s.lex.existenceSeconds[s.toks[1].norm] && !politeRequest(s) ||
		s.hasAny(s.lex.isItCues...)
}

// inLanguage reports a question with at least minLangCues function words
// of the language lang (langCues).
func inLanguage(s *scan, lang string) bool {
	return langCueCount(s, lang, false) >= minLangCues
}

// yearsTest tests the years asked: of opening or closing, or, said of
// the state of being open ("was X open in 1950"), open during them.
func yearsTest(s *scan, y *YearRange) Test {
	if y.Field == fieldOpened && openState(s) {
		return Test{Property: fieldStatus, Want: []string{statusOpen}, Years: y}
	}
	return Test{Property: y.Field, Years: y}
}

// openState reports a question that opens with a verb of being
// (beVerbs) and says the state of being open (openStates): "Was X open
// in 1950", "War X 1950 geöffnet"; "Did X open in 1950" asks when it
// opened.
func openState(s *scan) bool {
	if len(s.toks) < 3 || !s.lex.beVerbs[s.toks[0].norm] {
		return false
	}
	return slices.ContainsFunc(s.toks[1:], func(t token) bool { return s.lex.openStates[t.norm] })
}
