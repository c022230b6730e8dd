package router

import (
	"slices"
	"strings"
)

// buildFuzzyFieldWords makes fuzzyFieldWords: single cue words long enough to be matched with one
// typo ("websitte", "Wikidatz", "Akkreditieeung"), in order.
func (lex *Lexicon) buildFuzzyFieldWords() []fieldWord {
	m := map[string]string{}
	for _, fc := range lex.fieldCues {
		if !strings.Contains(fc.phrase, " ") && len(fc.phrase) >= 5 {
			m[fc.phrase] = fc.field
		}
	}
	for w, f := range lex.trailingFields {
		if len(w) >= 5 && !lex.exactFieldWords[w] {
			m[w] = f
		}
	}
	out := make([]fieldWord, 0, len(m))
	for w, f := range m {
		out = append(out, fieldWord{w, f})
	}
	slices.SortFunc(out, func(a, b fieldWord) int { return strings.Compare(a.word, b.word) })
	return out
}

// buildFieldCueIndex makes fieldCueIndex, which finds the fieldCues a question may hold, the phrases of
// recorded fields of two words or more for a match with one typo.
func (lex *Lexicon) buildFieldCueIndex() *cueIndex {
	phrases := make([]string, len(lex.fieldCues))
	for i, fc := range lex.fieldCues {
		phrases[i] = fc.phrase
	}
	return newCueIndex(phrases, func(i int) bool {
		return strings.Contains(lex.fieldCues[i].phrase, " ") && !lex.unrecordedFields[lex.fieldCues[i].field]
	})
}

// fieldWord is a cue word and the field it asks for.
type fieldWord struct{ word, field string }

// field returns the record field asked for.
func field(s *scan) string {
	for _, read := range fieldReaders {
		if f := read(s); f != "" {
			return narrowedField(s, f)
		}
	}
	return ""
}

// narrowedField is the field a cue of field f asks for when its word also
// names another (fieldNarrowers: an address on the web is the website,
// an address's town the town): the other when one of its cues stands
// anywhere in the question, or its field word last (trailingFields); a
// town asked beside a noun of a wider level (levelCues) is that level.
func narrowedField(s *scan, f string) string {
	if f == fieldCity {
		// a where-word and a level's noun ("the country X is
		// situated in"): the level; written with a capital inside the
		// question, and no article before it ("das Land"), it is part
		// of a name ("Sheffield City Region")
		for i, t := range s.toks {
			level, ok := s.lex.levelCues[t.norm]
			if !ok && t.possessive {
				level, ok = s.lex.levelCues[strings.TrimSuffix(t.norm, "s")] // "country's it in"
			}
			if ok && !s.used[i] && !(t.upper && i > 0 && !s.lex.articles[s.toks[i-1].norm]) {
				return level
			}
		}
	}
	for _, other := range s.lex.fieldNarrowers[f] {
		for _, fc := range s.lex.fieldCues {
			if fc.field == other && s.has(fc.phrase) {
				return other
			}
		}
		if n := len(s.toks); n > 1 && s.lex.trailingFields[s.toks[n-1].norm] == other {
			return other // "X address city"
		}
		if headOfCue(s, other, f) {
			return other
		}
	}
	return f
}

// headOfCue reports the word of field other (trailingFields) standing
// free before the first word of field f, in one clause with no joining
// word between: the noun asked for, and f where it is found ("the town
// on X's address").
func headOfCue(s *scan, other, f string) bool {
	head := -1
	cl, _ := clauses(s)
	for i, t := range s.toks {
		switch field, ok := s.lex.trailingFields[t.norm]; {
		case s.used[i]:
		case s.lex.andWords[t.norm] || head >= 0 && cl[i] != cl[head]:
			head = -1
		case !ok || t.upper && i > 0:
		case field == other && head < 0:
			head = i
		case field == f:
			return head >= 0
		}
	}
	return false
}

// fieldReaders read the field a question asks for, each from one kind of
// cue, the surest first: the first that reads one decides.
var fieldReaders = []func(*scan) string{
	verbOfClosing, fieldOfWhen, fieldOfAge, fieldOfCollections, typeChoice,
	exactFieldCue, nearFieldCue, fieldOfParts, fieldOfWhere, trailingField, compoundFieldCue, misspeltFieldWord,
}

// fieldOfParts reads a field asked by words apart when every part of it
// stands free (a naming word and a word of the present ask for the
// current name): a field of two parts or more, in a question that asks
// for no list of a kind.
func fieldOfParts(s *scan) string {
	if pluralType(s) {
		return "" // the words of a list's condition, not a field asked
	}
	_, values := unreadSlot(s, "field")
	for _, v := range values {
		if len(s.lex.fieldPartsOf[v]) >= 2 {
			return v
		}
	}
	return ""
}

// verbOfClosing reads a German noun written small as the verb of closing
// ("wann schloss X"; closedVerbs): nouns are written with a capital, so
// a small "schloss" is the verb, not a castle, and so is one after a
// word of when in a question written all in lower case.
func verbOfClosing(s *scan) string {
	for i := 1; i < len(s.toks); i++ {
		t := s.toks[i]
		if s.lex.closedVerbs[t.norm] && !t.upper && (!s.lower || slices.Contains(s.lex.whenWords, s.toks[i-1].norm)) && !s.used[i] {
			s.mark(i, i+1)
			return fieldClosed
		}
	}
	return ""
}

// fieldOfWhen reads a question of when with a word of closing or of
// opening.
func fieldOfWhen(s *scan) string {
	if !s.hasAny(s.lex.whenWords...) {
		return ""
	}
	for _, t := range s.toks {
		if s.lex.closeWords[t.norm] {
			return fieldClosed
		}
	}
	for _, t := range s.toks {
		if s.lex.openWords[t.norm] {
			return fieldOpened
		}
	}
	return ""
}

// fieldOfAge reads a question of how old an institution is.
func fieldOfAge(s *scan) string {
	if s.hasAny(s.lex.ageCues...) || ageAsked(s) {
		return fieldOpened
	}
	return ""
}

// fieldOfCollections reads a question of what kind of collections an
// institution has.
func fieldOfCollections(s *scan) string {
	if kindOfCollections(s) {
		return fieldSubjects
	}
	return ""
}

// verbAfterMarker reports a cue of one word at token at right after a
// word that marks a verb (verbMarkers: "to", "can"): a verb of the same
// letters ("to link it"), no field.
func verbAfterMarker(s *scan, phrase string, at int) bool {
	return at > 0 && !strings.Contains(phrase, " ") && s.lex.verbMarkers[s.toks[at-1].norm]
}

// exactFieldCue reads a cue phrase of a field on words not read already:
// one of the question's first sentence before one of a later sentence,
// then one that holds a word "which" (the field asked; another field's
// cue is the way to it), then the first in the lexicon's order, unless a
// longer cue the question holds contains it ("size category" holds
// "category").
func exactFieldCue(s *scan) string {
	var buf [64]int
	var best *fieldCue
	bestFirst, bestWh := false, false
	end := firstSentenceEnd(s)
	var cl []int // each token's clause, made for the first cue
	pc, lastQ := -1, -1
	back := false // a cue of a clause before the question's may be its
	cands := s.lex.fieldCueIndex.exact(s, buf[:0])
	for _, c := range cands {
		fc := &s.lex.fieldCues[c]
		if !s.hasUnread(fc.phrase) {
			continue
		}
		if cl == nil {
			cl, lastQ = clauses(s)
			pc = parentCueAt(s)
			back = refersBack(s, cl, lastQ) && !partsInClause(s, cl, lastQ)
		}
		// a cue of the first sentence before one of a sentence after it
		// (a field asked, then a reason that names another)
		at := s.find(fc.phrase)
		first := at < end
		if pc >= 0 && cl[at] != cl[pc] {
			continue // a remark beside a question of belonging
		}
		if cl[at] < lastQ && !back {
			continue // a remark in a clause before the question
		}
		if !first && fieldEndsFirst(s, end) != "" {
			continue // a gloss after a shorthand question of a field
		}
		if inRelativeClause(s, at) || inBrackets(s, at) || verbAfterMarker(s, fc.phrase, at) || afterFieldNoun(s, cands, at) || signInside(s, at, at+strings.Count(fc.phrase, " ")+1, breakSigns) {
			continue // said of what the question names, or a verb: not asked
		}
		if _, quality := s.lex.sizeWords[fc.phrase]; quality && at+1 < len(s.toks) && typeWordAt(s, at+1) {
			continue // a size before a kind ("große Museen"), not the field
		}
		wh := whichInside(s, fc.phrase)
		switch {
		case best == nil, first != bestFirst && first:
		case first != bestFirst, wh != bestWh && !wh:
			continue
		case wh == bestWh && !holds(fc.phrase, best.phrase):
			continue
		}
		best, bestFirst, bestWh = fc, first, wh
	}
	if best == nil {
		return ""
	}
	return best.field
}

// refersBack reports a word of the question's clause (clause lastQ and
// after) that refers back to what a clause before it names ("the web
// address of X — what is it?"), or a phrase of backPhrases there: a cue
// there is the question's.
func refersBack(s *scan, cl []int, lastQ int) bool {
	for k, t := range s.toks {
		if cl[k] >= lastQ && s.lex.anaphora[t.norm] {
			return true
		}
	}
	for _, p := range s.lex.backPhrases {
		if at := s.find(p); at >= 0 && cl[at] >= lastQ {
			return true
		}
	}
	return bareQuestionWords(s, cl, lastQ)
}

// bareQuestionWords reports a question's clause (clause lastQ and after)
// of question words and fillers alone (a last sentence of "where" only): it names nothing, and asks of
// what the clause before names.
func bareQuestionWords(s *scan, cl []int, lastQ int) bool {
	n := 0
	for k, t := range s.toks {
		if cl[k] < lastQ {
			continue
		}
		switch {
		case s.lex.whWords[t.norm]:
			n++
		case !s.lex.fillerSet[t.norm]:
			return false
		}
	}
	return n > 0
}

// partsInClause reports every part of a field of two parts or more
// (fieldParts) in the question's clause (clause lastQ and after): the
// question names its field itself.
func partsInClause(s *scan, cl []int, lastQ int) bool {
	seen := map[string]map[string]bool{}
	for k, t := range s.toks {
		field, part, ok := strings.Cut(s.lex.fieldParts[t.norm], " ")
		if !ok || cl[k] < lastQ {
			continue
		}
		if seen[field] == nil {
			seen[field] = map[string]bool{}
		}
		if seen[field][part] = true; len(seen[field]) == len(s.lex.fieldPartsOf[field]) && len(seen[field]) >= 2 {
			return true
		}
	}
	return false
}

// inRelativeClause reports whether token at lies in a relative clause set
// off by commas, that a word of relativeWords opens ("…, das früher X
// hieß, …"), with words of the question after it.
func inRelativeClause(s *scan, at int) bool {
	open := -1
	for k := 1; k < len(s.toks); k++ {
		comma := strings.Contains(s.text[s.toks[k-1].end:s.toks[k].start], ",")
		switch {
		case comma && open >= 0:
			return open <= at && at < k
		case comma && s.lex.relativeWords[s.toks[k].norm]:
			open = k
		}
	}
	return false
}

// afterFieldNoun reports a token in a relative clause that a field's cue
// (of the cues cands) and a relative or where-word right after it open
// before it ("a website where I can see the opening hours"): it
// describes the field.
func afterFieldNoun(s *scan, cands []int, at int) bool {
	for _, c := range cands {
		phrase := s.lex.fieldCues[c].phrase
		e := s.find(phrase)
		if e < 0 {
			continue
		}
		e += strings.Count(phrase, " ") + 1
		if e >= at {
			continue
		}
		gap := s.text[s.toks[e-1].end:s.toks[e].start]
		if (s.lex.relativeWords[s.toks[e].norm] || s.lex.whichPlaceWords[s.toks[e].norm]) && strings.TrimSpace(gap) == "" {
			return true
		}
	}
	return false
}

// inBrackets reports whether token at stands between round brackets.
func inBrackets(s *scan, at int) bool {
	before := s.text[:s.toks[at].start]
	return strings.LastIndex(before, "(") > strings.LastIndex(before, ")") && strings.Contains(s.text[s.toks[at].end:], ")")
}

// whichInside reports a word "which" in a cue phrase ("in which country").
func whichInside(s *scan, phrase string) bool {
	for w := range strings.FieldsSeq(phrase) {
		if s.lex.whichWords[w] {
			return true
		}
	}
	return false
}

// holds reports whether the cue phrase long holds the shorter cue short
// as whole words ("size category" holds "category").
func holds(long, short string) bool {
	return len(long) > len(short) && strings.Contains(" "+long+" ", " "+short+" ")
}

// nearFieldCue reads a cue phrase with one typo in one word ("forme
// name", "vorge naam"); not of the fields the data does not record, whose
// answer is the same "not recorded" either way.
func nearFieldCue(s *scan) string {
	var buf [64]int
	for _, c := range s.lex.fieldCueIndex.near(s, buf[:0]) {
		if fc := s.lex.fieldCues[c]; s.hasNear(fc.phrase) {
			return fc.field
		}
	}
	return ""
}

// fieldOfWhere reads a question of where, direct or inside a sentence, a
// place put inside its cue or not (findAround).
func fieldOfWhere(s *scan) string {
	for _, c := range s.lex.whereCues {
		// right after a place or a name it opens a relative clause
		// ("musea in Lincolnshire waar …")
		if at := s.findAround(c); at == 0 || at > 0 && !s.used[at-1] && !s.toks[at-1].upper {
			return fieldCity
		}
	}
	if embeddedWhere(s) {
		return fieldCity
	}
	return ""
}

// trailingField reads a field word last (or first) in a shorthand question; a date
// asked of one institution ("Auckland Zoo founded"), not of a list
// ("museums in Kent closed"). After an article the last word is a noun
// of the institution ("the place"), no field asked.
func trailingField(s *scan) string {
	n := len(s.toks)
	for n > 2 && (inBrackets(s, n-1) || s.lex.fillerSet[s.toks[n-1].norm] && !s.used[n-1] && s.lex.trailingFields[s.toks[n-1].norm] == "") {
		n-- // a remark in brackets or a filler ("pls") after the field word
	}
	if n < 2 || isWhQuestion(s) || s.lex.listStarts[s.toks[0].norm] {
		return ""
	}
	if f, ok := s.lex.trailingFields[s.toks[n-1].norm]; ok && !s.used[n-1] && !s.lex.articles[s.toks[n-2].norm] {
		return f
	}
	if f, ok := s.lex.trailingDates[s.toks[n-1].norm]; ok && !pluralType(s) {
		return f
	}
	if f := fieldEndsFirst(s, firstSentenceEnd(s)); f != "" {
		return f
	}
	// a field word first, before a name read, the rest a clause about
	// the name ("country X lies in")
	if f, ok := s.lex.trailingFields[s.toks[0].norm]; ok && !s.used[0] && !pluralType(s) {
		if s.used[1] || n > 2 && s.lex.fieldOfWords[s.toks[1].norm] && s.used[2] {
			return f
		}
	}
	return ""
}

// fieldEndsFirst is the field of a free field word (trailingFields) that
// ends the first sentence, end, of a question that goes on: a shorthand
// question, the rest a gloss or remark.
func fieldEndsFirst(s *scan, end int) string {
	if end < 2 || end >= len(s.toks) || s.used[end-1] || s.lex.articles[s.toks[end-2].norm] {
		return ""
	}
	return s.lex.trailingFields[s.toks[end-1].norm]
}

// besideBelonging returns a test of a token in a remark beside a question
// of belonging: a clause other than the one of its cue (parentCues).
func besideBelonging(s *scan) func(i int) bool {
	pc := parentCueAt(s)
	if pc < 0 {
		return func(int) bool { return false }
	}
	cl, _ := clauses(s)
	return func(i int) bool { return cl[i] != cl[pc] }
}

// compoundFieldCue reads a German or Dutch compound led by a cue word
// ("Akkreditierungsstatus", "Webseitenadresse"); a word of the word lists
// is that word, no compound ("addressing").
func compoundFieldCue(s *scan) string {
	beside := besideBelonging(s)
	for i, t := range s.toks {
		if len(t.norm) < 10 || s.lex.dictionaryWords[t.norm] {
			continue // no cue word of seven letters leads it with three more
		}
		if beside(i) {
			continue
		}
		for _, fw := range s.lex.fuzzyFieldWords {
			if len(fw.word) >= 7 && len(t.norm) > len(fw.word)+2 && strings.HasPrefix(t.norm, fw.word) {
				return fw.field
			}
		}
	}
	return ""
}

// misspeltFieldWord reads one typo in a cue word, not in a word of a name
// read.
func misspeltFieldWord(s *scan) string {
	beside := besideBelonging(s)
	for i, t := range s.toks {
		if len(t.norm) < 5 || s.lex.knownWords[t.norm] || s.lex.plainWord(t.norm) || s.used[i] || beside(i) {
			continue
		}
		for _, fw := range s.lex.fuzzyFieldWords {
			if abs(len(fw.word)-len(t.norm)) <= 1 && osa(fw.word, t.norm, 1) <= 1 {
				return fw.field
			}
		}
	}
	return ""
}

// embeddedWhere reports "where" asked inside a sentence, with the verb
// last (an indirect question after "do you know", "weißt du", "ik vraag
// me af").
func embeddedWhere(s *scan) bool {
	n := len(s.toks)
	if n < 3 || !s.lex.placeVerbsLast[s.toks[n-1].norm] || s.lex.listStarts[s.toks[0].norm] {
		return false
	}
	for _, t := range s.toks[:n-1] {
		if s.lex.whichPlaceWords[t.norm] {
			return true
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// markFieldCue marks the phrase of the question that names field f as
// read and returns it.
func markFieldCue(s *scan, f string) string {
	for _, fc := range s.lex.fieldCues {
		if i := s.find(fc.phrase); fc.field == f && i >= 0 {
			s.mark(i, i+strings.Count(fc.phrase, " ")+1)
			return fc.phrase
		}
	}
	return f
}

// ageAsked reports a question for how old an institution is or how long
// it has been open: a word of age or of duration with the institution as
// the subject, in any language.
func ageAsked(s *scan) bool {
	if markAny(s, s.lex.howOldCues) {
		return true
	}
	if !s.hasAny(s.lex.durationCues...) || !s.hasAny(s.lex.existVerbs...) {
		return false
	}
	return markAny(s, s.lex.durationCues)
}

// markAny marks the first of the phrases the question holds as read, and
// reports whether there was one.
func markAny(s *scan, phrases []string) bool {
	for _, p := range phrases {
		if i := s.find(p); i >= 0 {
			s.mark(i, i+strings.Count(p, " ")+1)
			return true
		}
	}
	return false
}

// otherField is the first recorded field other than not whose cue the
// question holds, or "".
func otherField(s *scan, not string) string {
	for _, fc := range s.lex.fieldCues {
		if fc.field != not && !s.lex.unrecordedFields[fc.field] && !identifierFields[fc.field] && s.has(fc.phrase) {
			return fc.field
		}
	}
	return ""
}

// identifierFields are the fields that are identifiers of a scheme.
var identifierFields = map[string]bool{fieldISIL: true, fieldWikidata: true, fieldGND: true, fieldGHCID: true}

// afterValueNoun reports a noun of a field's value (valueNouns) right
// before token at: a cue of belonging there says whose value it is ("which
// code belongs to X": X's code), no parent.
func afterValueNoun(s *scan, at int) bool {
	return at > 0 && s.lex.valueNouns[s.toks[at-1].norm]
}

// parentCueAt returns the first token of a cue of belonging
// (parentCues) not after a noun of a field's value, or -1.
func parentCueAt(s *scan) int {
	first := -1
	for _, p := range s.lex.parentCues {
		if at := s.find(p); at >= 0 && (first < 0 || at < first) && !afterValueNoun(s, at) {
			first = at
		}
	}
	return first
}

// clauses numbers the clause of each token (the clauses are parted as
// clauseBreak says), and returns the last clause after the first that
// opens as a question, with a question word or a verb that opens a
// yes/no question, after a word that joins clauses or not (-1 when none
// does).
func clauses(s *scan) (cl []int, lastQ int) {
	cl, lastQ = make([]int, len(s.toks)), -1
	for k := 1; k < len(s.toks); k++ {
		cl[k] = cl[k-1]
		if !clauseBreak(s, k) {
			continue
		}
		cl[k]++
		w := s.toks[k].norm
		if (s.lex.remarkJoins[w] || s.lex.clauseJoiners[w]) && k+1 < len(s.toks) {
			w = s.toks[k+1].norm // ", so what …", "und wie …"
		}
		if s.lex.whWords[w] || s.lex.yesNoStarts[w] {
			lastQ = cl[k]
		}
	}
	return cl, lastQ
}

// clauseSigns end a clause wherever they stand: a question or
// exclamation mark, a semicolon, a colon or a dash.
const clauseSigns = "?!;:—–"

// clauseBreak reports a clause's end before token k: a question or
// exclamation mark, a semicolon, a colon or a dash, a full stop after a
// word of three letters or more before a capitalised one ("e.V." is no
// sentence's end), or a comma before a word that joins clauses and a
// question word (", so what …"), outside a name read.
func clauseBreak(s *scan, k int) bool {
	if s.used[k-1] && s.used[k] {
		return false
	}
	gap := s.text[s.toks[k-1].end:s.toks[k].start]
	return strings.ContainsAny(gap, clauseSigns) || strings.Contains(gap, ".") && len(s.toks[k-1].norm) > 2 && s.toks[k].upper ||
		strings.Contains(gap, ",") && k+1 < len(s.toks) && s.lex.remarkJoins[s.toks[k].norm] && s.lex.whWords[s.toks[k+1].norm]
}

// firstSentenceEnd is the token the question's second sentence starts
// at, or the number of tokens when it has one sentence: after a question
// or exclamation mark, or a full stop after a word of three letters or
// more and before a capital (not the stop of an initial, "V. N.").
func firstSentenceEnd(s *scan) int {
	for k := 0; k+1 < len(s.toks); k++ {
		gap := s.text[s.toks[k].end:s.toks[k+1].start]
		if strings.ContainsAny(gap, "?!") || strings.Contains(gap, ".") && len(s.toks[k].norm) > 2 && s.toks[k+1].upper {
			return k + 1
		}
	}
	return len(s.toks)
}
