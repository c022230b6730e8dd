package router

import (
	"slices"
	"strings"
)

// buildCountCueList indexes countCues, those of two words or more also
// for a look-up with one typo.
func (lex *Lexicon) buildCountCueList() *cueIndex {
	return newCueIndex(lex.countCues, func(i int) bool { return strings.Contains(lex.countCues[i], " ") })
}

// frameOf decides the question frame once the constraints are read. c is
// the full constraint set, before single-entity questions drop their list
// filters, so that a yes/no question keeps the property it tests.
func frameOf(s *scan, c *Constraints, hasIDs bool, intent Intent, sides int) (Frame, *Test, *Pair) {
	entities := len(c.Names) + len(c.ISILs) + len(c.QIDs) + len(c.GHCIDs) + len(c.GNDs) + len(c.RORs)
	yesNo := yesNoAsked(s, c, entities)
	if f, p, ok := comparedFrame(s, c, entities); ok {
		return f, nil, p
	}
	if t, ok := yesNoFrame(s, c, entities, yesNo); ok {
		return FrameYesNo, t, nil
	}
	return otherFrame(s, c, hasIDs, intent, sides), nil, nil
}

// valueAskedAfter reports a question word (or a request: "could I get",
// "send me") that opens a clause after the first word, after "and" (a
// question word after "or" too), the end of a sentence or a comma (not
// as a relative pronoun; a preposition between them aside): a yes/no
// question about a field, then the field's value asked.
func valueAskedAfter(s *scan) bool {
	for k := 1; k < len(s.toks); k++ {
		if !s.lex.whWords[s.toks[k].norm] && !requestOpenerAt(s, k) && !s.lex.requestWords[s.toks[k].norm] {
			continue
		}
		if s.yesNoInside && !s.lex.whWords[s.toks[k].norm] && (personsOnlyAfter(s, k+1) || yesNoOpenerAt(s, k) > 0) {
			continue // "check whether … and tell me", "… and tell me whether": the verdict asked, no value
		}
		j := k - 1
		if w := s.toks[j].norm; j > 0 && (s.lex.locatives[w] || s.lex.partitives[w] || s.lex.valuePrepositions[w] || s.lex.remarkJoins[w]) && !s.lex.andWords[w] {
			j-- // "und unter welcher Adresse", ", so what"
		}
		gap := s.text[s.toks[j].end:s.toks[j+1].start]
		if s.lex.andWords[s.toks[j].norm] || s.lex.orWords[s.toks[j].norm] && s.lex.whWords[s.toks[k].norm] || strings.ContainsAny(gap, "?.;–—") || strings.Contains(gap, ",") && !s.lex.relativeWords[s.toks[k].norm] {
			return true
		}
		if slices.ContainsFunc(s.lex.ifSoPhrases, func(p string) bool {
			// right before the question word, or before a preposition
			// before it ("and if so, at what address")
			_, ok := s.endsAt(k, p)
			_, before := s.endsAt(k-1, p)
			return ok || before
		}) {
			return true
		}
	}
	return false
}

// personsOnlyAfter reports that every token from k on is a word for the
// asker or the one asked ("me", "uns").
func personsOnlyAfter(s *scan, k int) bool {
	for ; k < len(s.toks); k++ {
		if !s.lex.personWords[s.toks[k].norm] {
			return false
		}
	}
	return true
}

// requestOpenerAt reports a phrase of requestOpeners at token k.
func requestOpenerAt(s *scan, k int) bool {
	return slices.ContainsFunc(s.lex.requestOpeners, func(p string) bool {
		_, ok := s.matchAt(k, p)
		return ok
	})
}

// yesNoAsked reports whether the question's words ask whether something
// holds of the entities it names, before the cues of comparison are read.
func yesNoAsked(s *scan, c *Constraints, entities int) bool {
	if c.Field != "" && (s.hasAny(s.lex.valueFollowUps...) || valueAskedAfter(s)) {
		return false // "… and what is it": the value is asked
	}
	if c.Field == fieldCurrentName && (s.hasAny(s.lex.stillCues...) || len(c.Names) == 1) {
		// whether a name still holds, or whether it has another now,
		// with no name offered: the name it bears now
		return false
	}
	if strings.Contains(s.text, "__") {
		return false // a blank to fill in ("opened in ____"): the value
	}
	first := ""
	if len(s.toks) > 0 {
		first = s.toks[0].norm
	}
	second := ""
	if len(s.toks) > 1 {
		second = s.toks[1].norm
	}
	yesNo := yesNoStart(s) && !s.lex.existenceSeconds[second] && !isWhQuestion(s) && !politeRequest(s) ||
		entities >= 1 && s.yesNoInside && typeChoice(s) == ""
	// a name, a colon or dash, then a yes/no question about it
	yesNo = yesNo || entities >= 1 && !isWhQuestion(s) && itYesNo(s)
	// an existence question about a field of one institution
	yesNo = yesNo || s.lex.existenceSeconds[second] && s.lex.yesNoStarts[first] && c.Field != "" && entities >= 1 && !politeRequest(s)
	return yesNo || entities == 1 && shorthandYesNo(s, c, first)
}

// shorthandYesNo reports a check of one named institution written with
// no verb of asking: a name and a predicate after it (a place or a kind,
// asked with a question mark), or keywords that start with the name, a
// word of where it lies and a place.
func shorthandYesNo(s *scan, c *Constraints, first string) bool {
	if !isWhQuestion(s) && !s.lex.listStarts[first] && (c.Field == "" || c.Field == "type" && kindOfferedLast(s)) &&
		(c.Accreditation != "" || len(c.Bodies) > 0 || hasStatusWord(s) ||
			(len(c.Places) > 0 || len(c.TypeCodes) > 0) && !pluralType(s) && !anyWhWord(s) && strings.HasSuffix(strings.TrimSpace(s.text), "?")) {
		return true
	}
	return s.used[0] && (c.Field == fieldCity || c.Field == fieldAddress) && len(c.Places) > 0 && !anyWhWord(s) && !pluralType(s)
}

// kindOfferedLast reports a kind after an indefinite article last in a
// question ("… type an archive", with a question mark): a value offered
// to check, not asked.
func kindOfferedLast(s *scan) bool {
	n := len(s.toks)
	return n >= 2 && typeWordAt(s, n-1) && s.lex.indefinite[s.toks[n-2].norm] && strings.HasSuffix(strings.TrimSpace(s.text), "?")
}

// comparedFrame reads a comparison of two named institutions (a pair)
// or of sides by their counts (more).
func comparedFrame(s *scan, c *Constraints, entities int) (Frame, *Pair, bool) {
	if len(c.Names) == 2 && !pluralType(s) && distanceAsked(s) {
		// a distance between two named institutions
		return FramePair, &Pair{Attribute: "distance"}, true
	}
	if len(c.Names) == 2 && !pluralType(s) && profileAsked(s) {
		// "Compare A and B": what the data records of each, side by side
		return FramePair, &Pair{Attribute: "profile"}, true
	}
	if entities >= 2 {
		if p, ok := pairCue(s); ok {
			// a comparison whose subject is the first named asks whether
			// it wins; a question word with the sides after it asks for the winner
			p.YesNo = yesNoStart(s) && !isWhQuestion(s) && !offersChoice(s)
			return FramePair, &p, true
		}
	}
	if p, ok := moreFrame(s, c, entities); ok {
		return FrameMore, p, true
	}
	return "", nil, false
}

// moreFrame reads which of two or more places, bodies or kinds has more
// (or fewer) institutions.
func moreFrame(s *scan, c *Constraints, entities int) (*Pair, bool) {
	kinds := len(c.TypeCodes) >= 2 && entities == 0 && len(c.Places) < 2 && len(c.Bodies) < 2
	cueAt := moreCueAt
	if entities == 0 && len(c.Places) >= 2 {
		// places have no size: a comparative of size compares their numbers
		cueAt = moreOrSizeCueAt
	}
	if (len(c.Places) >= 2 || len(c.Bodies) >= 2 || kinds) && (hasChoice(s) || slashJoined(s) || moreThanAt(s) >= 0 || whichMoreBy(s, cueAt) || len(c.Places) >= 2 && moreAfterPlaces(s, cueAt)) {
		for k := range s.toks {
			if more, ok := cueAt(s, k); ok {
				// the side with the most wins, or the fewest for "fewer";
				// a comparison whose subject is the first side asks whether it wins
				yes := moreThanAt(s) >= 0 && !hasChoice(s) && yesNoStart(s) && !isWhQuestion(s)
				return &Pair{Attribute: "count", Highest: more, YesNo: yes}, true
			}
		}
	}
	if len(c.Places) >= 2 && entities == 0 && s.lex.compareCueList.holds(s) {
		for k := range s.toks {
			if more, ok := moreCueAt(s, k); ok {
				// places compared, and a word of more or fewer
				return &Pair{Attribute: "count", Highest: more}, true
			}
		}
		if s.lex.countCueList.holds(s) {
			// places compared by their numbers, with no word of more or
			// fewer: the numbers, and which is larger
			return &Pair{Attribute: "count", Highest: true}, true
		}
	}
	return nil, false
}

// moreAfterPlaces reports a cue of more right after the last of the
// places named, or a word of "which" that ends the question after a cue
// (keywords: the places, then "more" and what is counted): the places
// are compared, not listed together.
func moreAfterPlaces(s *scan, cueAt func(*scan, int) (bool, bool)) bool {
	if n := len(s.placeSpans); n >= 2 && s.placeSpans[n-1][1] < len(s.toks) {
		if _, ok := cueAt(s, s.placeSpans[n-1][1]); ok {
			return true
		}
	}
	last := len(s.toks) - 1
	if last < 1 || !s.lex.whichWords[s.toks[last].norm] {
		return false
	}
	for k := range last {
		if _, ok := cueAt(s, k); ok {
			return true
		}
	}
	return false
}

// tagQuestion reports, and marks as read, a phrase of tagQuestions that
// ends the question after a comma, semicolon, colon or dash.
func tagQuestion(s *scan) bool {
	if askingWhWord(s) {
		return false
	}
	for _, p := range s.lex.tagQuestions {
		k := len(s.toks) - len(strings.Fields(p))
		if k < 1 || !strings.ContainsAny(s.text[s.toks[k-1].end:s.toks[k].start], ",;:—–-") {
			continue
		}
		if n, ok := s.matchAt(k, p); ok && k+n == len(s.toks) {
			s.mark(k, k+n)
			return true
		}
	}
	return false
}

// choiceOfKinds reports two kinds or more read, offered as a choice.
func choiceOfKinds(c *Constraints) bool { return c.Field == "type" && len(c.TypeCodes) >= 2 }

// checkLast reports, and marks as read, a word of checkWords last in
// keywords with no question word ("X a museum check", "X in Leeds
// klopt"): they ask whether what they say holds.
func checkLast(s *scan) bool {
	n := len(s.toks)
	if n < 3 || anyWhWord(s) || !s.lex.checkWords[s.toks[n-1].norm] {
		return false
	}
	s.mark(n-1, n)
	return true
}

// yesNoFrame reads the test of a yes/no question about one or more
// entities, yesNo being whether the words asked one.
func yesNoFrame(s *scan, c *Constraints, entities int, yesNo bool) (*Test, bool) {
	// a name, then a kind and "or not"
	tag := entities == 1 && (tagQuestion(s) || checkLast(s))
	orNot := entities == 1 && (markAny(s, s.lex.orNotCues) || !anyWhWord(s) && hasOpenAlternative(s) && !choiceOfKinds(c))
	yesNo = yesNo || tag || orNot
	// an institution and two places joined by "or" asks which place it is in
	if yesNo && entities == 1 && placesOffered(s) {
		if t, ok := yesNoTest(s, c); ok && t.Property == "place" {
			t.Choice = true
			return &t, true
		}
	}
	// both statuses joined by "or" ask which, not whether, and so do
	// kinds read as a choice; "or not", "or elsewhere" offer no choice
	yesNo = yesNo && !(entities == 1 && (offersChoice(s) || c.Field == "type" && len(c.TypeCodes) >= 2) && !s.hasAny(s.lex.orNotCues...))
	if yesNo && entities >= 1 {
		if t, ok := yesNoTest(s, c); ok {
			return &t, true
		}
	}
	return nil, false
}

// otherFrame is the frame of a question that is no comparison of pairs
// and no yes/no question: a count, a set, a field, a look-up or a ranking.
func otherFrame(s *scan, c *Constraints, hasIDs bool, intent Intent, sides int) Frame {
	// a count near a named place counts what lies near it
	if countAsked(s) && !hasIDs && (len(c.Names) == 0 || c.NearPlace && len(c.Names) == 1) {
		return FrameCount
	}
	switch {
	case intent == Comparative && sides > 1:
		return FrameCompare
	case c.List:
		return FrameSet
	case relationFields[c.Field] || (c.Relation == "houses" || c.Relation == "located_in") && len(c.Names) > 0:
		return FrameRelation
	case c.Field != "":
		return FrameField
	case hasIDs:
		return FrameLookup
	case len(c.Bodies) > 0:
		return FrameSet
	}
	return FrameRanking
}

// relationFields are fields that name other institutions or bodies.
var relationFields = map[string]bool{fieldOperator: true, fieldMemberOf: true, fieldSuccessor: true, fieldPredecessor: true}

// isWhQuestion reports a question word ("what", "which", "when", …) among
// the first three tokens. After a yes/no opener and a place or name read,
// the word opens a clause that the place or name is equated with, and the
// question is a yes/no one.
func isWhQuestion(s *scan) bool {
	for i := 0; i < len(s.toks) && i < 3; i++ {
		if s.lex.whWords[s.toks[i].norm] {
			return !(i == 2 && s.used[1] && s.lex.yesNoStarts[s.toks[0].norm])
		}
	}
	return false
}

// itYesNo reports a yes/no question asked of "it" (itQuestions) with no
// question word in its clause (before it within maxPreamble words):
// "what is it called", "which town is it in", "which item number does
// it have" ask for a value.
func itYesNo(s *scan) bool {
	for _, p := range s.lex.itQuestions {
		at := s.find(p)
		if at < 0 {
			continue
		}
		wh := false
		for k := at - 1; k >= 0 && k >= at-maxPreamble && !wh; k-- {
			wh = s.lex.whWords[s.toks[k].norm]
			if k > 0 && strings.ContainsAny(s.text[s.toks[k-1].end:s.toks[k].start], clauseSigns) {
				break
			}
		}
		// a question word after another word behind it asks a value
		// ("has it as which number"); right behind it, it opens what
		// "it" is equated with ("is that where …")
		for k := at + len(strings.Fields(p)) + 1; k < len(s.toks) && !wh; k++ {
			if strings.ContainsAny(s.text[s.toks[k-1].end:s.toks[k].start], clauseSigns) {
				break
			}
			wh = s.lex.whWords[s.toks[k].norm]
		}
		if !wh {
			return true
		}
	}
	return false
}

// askingWhWord is anyWhWord, leaving out a question word right after a
// verb of being, which opens what a statement equates with ("Weardale
// is where X is, correct?").
func askingWhWord(s *scan) bool {
	return whWordNotAfter(s, s.lex.personAntecedents, s.lex.singularCopulas)
}

// whWordNotAfter reports a question word that no word of the tables
// after stands right before.
func whWordNotAfter(s *scan, after ...map[string]bool) bool {
	for i, t := range s.toks {
		if !s.lex.whWords[t.norm] {
			continue
		}
		if i == 0 || !slices.ContainsFunc(after, func(m map[string]bool) bool { return m[s.toks[i-1].norm] }) {
			return true
		}
	}
	return false
}

// anyWhWord reports a question word anywhere in the question, not one
// after a word for people that it refers back to.
func anyWhWord(s *scan) bool { return whWordNotAfter(s, s.lex.personAntecedents) }

// hasChoice reports an "A or B" / "A vs B" shape.
func hasChoice(s *scan) bool {
	for _, t := range s.toks {
		if s.lex.orWords[t.norm] {
			return true
		}
	}
	return false
}

// slashJoined reports two words joined by a slash set apart by spaces,
// which offers them as alternatives as a word of "or" does.
func slashJoined(s *scan) bool {
	for k := 0; k+1 < len(s.toks); k++ {
		if slashAfter(s, k) {
			return true
		}
	}
	return false
}

// slashAfter reports a slash set apart by spaces between token k and
// the next.
func slashAfter(s *scan, k int) bool {
	return k+1 < len(s.toks) && strings.Contains(s.text[s.toks[k].end:s.toks[k+1].start], " / ")
}

// moreCueAt reports a cue of more or fewer at token k (moreCues,
// fewerCues, moreCuePhrases) and whether it asks for more. A word inside
// a name read is no cue ("Greater Manchester"); a phrase is one, whatever
// reader took its comparative for a size.
func moreCueAt(s *scan, k int) (more, ok bool) {
	if w := s.toks[k].norm; !s.used[k] && (s.lex.moreCues[w] || s.lex.fewerCues[w]) {
		return s.lex.moreCues[w], true
	}
	for p, v := range s.lex.moreCuePhrases {
		if _, ok := s.matchAt(k, p); ok {
			return v == "more", true
		}
	}
	return false, false
}

// moreOrSizeCueAt is moreCueAt, or a comparative of size at token k (a
// pair cue of size that is no superlative: "bigger", "kleiner"), whose
// larger side is more.
func moreOrSizeCueAt(s *scan, k int) (more, ok bool) {
	if more, ok := moreCueAt(s, k); ok {
		return more, true
	}
	w := s.toks[k].norm
	p, ok := s.lex.pairCues[w]
	_, superlative := s.lex.superlatives[w]
	return p.Highest, ok && p.Attribute == "size" && !superlative
}

// moreCuePhraseAt reports a phrase of moreCuePhrases at token k.
func moreCuePhraseAt(s *scan, k int) bool {
	for p := range s.lex.moreCuePhrases {
		if _, ok := s.matchAt(k, p); ok {
			return true
		}
	}
	return false
}

// whichMoreWords bounds the words between a word of which and the cue of
// more it asks about ("wo ist die Zahl der Museen höher", "where do the
// independent not-for-profit museums add up to more"), in its clause.
const whichMoreWords = 12

// whichMore reports a word "which" (or "where", of places, or "who")
// with a word of more or fewer at most whichMoreWords after it ("which
// has more", "welche hat mehr", "where are there more", "who has more"):
// it asks which of the sides wins, however the sides are joined.
func whichMore(s *scan) bool { return whichMoreBy(s, moreCueAt) }

// whichMoreBy is whichMore with the cues of more that cueAt reads.
func whichMoreBy(s *scan, cueAt func(*scan, int) (bool, bool)) bool {
	for i, t := range s.toks {
		if !s.lex.whichWords[t.norm] && !s.lex.whichPlaceWords[t.norm] && !s.lex.whoWords[t.norm] {
			continue
		}
		for k := i + 1; k < len(s.toks) && k <= i+whichMoreWords && !s.breakBefore(k); k++ {
			if _, ok := cueAt(s, k); ok {
				return true
			}
		}
	}
	return false
}

// frameIntent is the intent a frame implies when the rule scores are
// unsure or disagree with the question's shape.
func frameIntent(f Frame, p *Pair, t *Test, intent Intent) Intent {
	switch f {
	case FramePair, FrameMore:
		return Comparative
	case FrameYesNo:
		if t != nil && t.Property == "member_of" {
			return Relationship
		}
		return Factual
	case FrameRelation:
		return Relationship
	}
	return intent
}

// parentAsked reports a question for the organisation an institution
// belongs to: a cue of belonging (part of, Teil, hoort bij) in any of the
// three languages.
func parentAsked(s *scan) bool {
	for _, p := range s.lex.parentCues {
		if at := s.find(p); at >= 0 && !insidePartOfCue(s, at, at+strings.Count(p, " ")+1) && !afterValueNoun(s, at) {
			return true
		}
	}
	return false
}

// insidePartOfCue reports whether the tokens [i, j) lie inside a cue of
// belonging said of the members (partOfCues: "fall under the umbrella
// of"), whose words ask no parent by themselves.
func insidePartOfCue(s *scan, i, j int) bool {
	for _, p := range s.lex.partOfCues {
		n := strings.Count(p, " ") + 1
		for at := max(0, j-n); at <= i; at++ {
			if _, ok := s.matchAt(at, p); ok && at+n >= j && n > j-i {
				return true
			}
		}
	}
	return false
}

// parentQuestion reports a question for the organisation an institution
// belongs to: a cue of parentAsked, or a question word first and a cue
// of parentCueEnds last (a stranded "part of").
func parentQuestion(s *scan) bool {
	if parentAsked(s) {
		return true
	}
	n := len(s.toks)
	if n < 4 || !s.lex.relationQuestionWords[s.toks[0].norm] && !s.lex.requestWords[s.toks[0].norm] {
		return false // a question word, or a request ("Name the …")
	}
	for _, c := range s.lex.parentCueEnds {
		if _, ok := s.endsAt(n, c); ok {
			return true
		}
	}
	return false
}

// childrenAsked reports a question for the institutions that belong to a
// named one: a plural type noun or a word for its sites or branches.
func childrenAsked(s *scan, plural bool) bool {
	return plural || s.hasAny(s.lex.childrenWords...)
}

// countAsked reports a question for a number ("how many", "hoeveel"), one
// typo allowed ("Hoveeel"), or keywords opened or closed by a word of
// number (countKeywordAt).
func countAsked(s *scan) bool {
	if s.lex.countCueList.holds(s) {
		return true
	}
	if countKeywordAt(s) {
		return true // "number accredited museums Lewisham"
	}
	var buf [32]int
	for _, c := range s.lex.countCueList.near(s, buf[:0]) {
		if s.hasNear(s.lex.countCues[c]) {
			return true
		}
	}
	for _, c := range s.lex.countCues {
		if strings.Contains(c, " ") {
			continue
		}
		for _, t := range s.toks {
			if len(c) >= 6 && len(t.norm) >= 5 && !s.lex.knownWords[t.norm] && !s.lex.plainWord(t.norm) && osa(c, t.norm, 1) <= 1 {
				return true
			}
		}
	}
	return false
}

// relationField is the field of one institution that the question's own
// verbs or nouns ask for: its operator ("runs", "betreibt") or its parent
// organisation ("which group", "Dachorganisation"), "" when neither.
func relationField(s *scan) string {
	switch {
	case finiteOperateVerb(s) || slices.ContainsFunc(s.toks, func(t token) bool { return s.lex.operateVerbs[t.norm] }):
		return "operator"
	case parentAsked(s):
		return "member_of"
	}
	return ""
}

// profileAsked reports a comparison of two named institutions on no one
// attribute: a verb of comparing or "vs" between the two, or a question
// for the difference between them, in any language.
func profileAsked(s *scan) bool {
	if _, ok := pairCue(s); ok {
		return false
	}
	return s.hasAny(s.lex.profileCues...)
}

// distanceAsked reports a question for the distance between two places:
// "how far", "distance", "wie weit", "Entfernung", "afstand", "hoe ver".
func distanceAsked(s *scan) bool {
	return s.hasAny(s.lex.distanceCues...)
}

// countKeywordAt reports a word of countKeywords first in keywords (no
// number after it: "Number 42" is a name), or last, fillers after it
// aside, in no yes/no question and ending no field's phrase.
func countKeywordAt(s *scan) bool {
	n := len(s.toks)
	if n < 3 || isWhQuestion(s) {
		return false
	}
	// first, or right after the topic read first ("Dorset number …")
	first := 0
	for first < n-2 && s.used[first] {
		first++
	}
	if s.lex.countKeywords[s.toks[first].norm] && !s.lex.isNumber(s.toks[first+1].norm) {
		return true
	}
	last := n - 1
	for last > 1 && s.lex.fillerSet[s.toks[last].norm] && !s.lex.countKeywords[s.toks[last].norm] {
		last--
	}
	if !s.lex.countKeywords[s.toks[last].norm] || s.lex.articles[s.toks[last-1].norm] || yesNoStart(s) {
		return false
	}
	// a field's word that ends with it ("phone number") asks the field
	return !slices.ContainsFunc(s.lex.fieldCues, func(fc fieldCue) bool {
		_, ok := s.endsAt(last+1, fc.phrase)
		return ok && strings.Contains(fc.phrase, " ")
	})
}
