package router

import (
	"slices"
	"strings"
)

// qualifiers reads type words, governance, accreditation and size.
func qualifiers(s *scan, c *Constraints) (neg []string) {
	neg = readTypeWords(s, c)
	readGovernanceAccreditationSize(s, c)
	return neg
}

// readTypeWords reads the type words of the question into c, and returns
// the type codes a negation before them leaves out.
func readTypeWords(s *scan, c *Constraints) (neg []string) {
	n := len(s.toks)
	negUntil := -1
	for i := 0; i < n; i++ {
		t := s.toks[i].norm
		if s.lex.negations[t] && !orNotAt(s, i) && !slices.ContainsFunc(s.lex.notNegating, func(p string) bool {
			_, ok := s.matchAt(i+1, p)
			return ok
		}) {
			negUntil = i + 4
		}
		if s.used[i] {
			continue
		}
		// two-word forms first
		if i+1 < n && !s.used[i+1] {
			two := t + " " + s.toks[i+1].norm
			if code, ok := s.lex.typeWords[two]; ok {
				if i <= negUntil {
					neg = appendUnique(neg, code)
				} else {
					c.TypeCodes = appendUnique(c.TypeCodes, code)
				}
				s.mark(i, i+2)
				i++
				continue
			}
		}
		code, ok := s.lex.typeWords[t]
		if !ok {
			if fw, fok := s.lex.fuzzyType(t); fok {
				code, ok = s.lex.typeWords[fw], true
			}
		}
		if ok && kindOfNoCondition(s, i) {
			s.mark(i, i+1)
			continue
		}
		if ok && ownerKind(s, i) {
			// "the museums of the University of Oxford": a kind that
			// heads the name of what the institutions belong to, which
			// no rule reads; the list is not exact for it
			j := i + 1
			for j < n && (s.toks[j].upper || j+1 < n && s.lex.nameStop[s.toks[j].norm] && s.toks[j+1].upper) {
				j++
			}
			s.unreadCues = append(s.unreadCues, s.original(i, j))
			s.mark(i, i+1)
			continue
		}
		if ok {
			if i <= negUntil {
				neg = appendUnique(neg, code)
			} else if code != "E" || !governanceAhead(s, i) {
				c.TypeCodes = appendUnique(c.TypeCodes, code)
			}
			if code != "E" {
				s.mark(i, i+1)
				continue
			}
		}
	}
	if otherKindsAfter(s) {
		c.TypeCodes = nil // every kind is asked for
	}
	return neg
}

// kindOfNoCondition reports a kind at token i that sets no condition: one
// that modifies the word it is joined to, an example of what was named
// before it, or the asker's own ("our museum").
func kindOfNoCondition(s *scan, i int) bool {
	return compoundModifier(s, i) || exampleBefore(s, i) || askersOwn(s, i)
}

// askerWords bounds the words between the asker's possessive and the
// kind, size or governance of the asker's own ("our small local museum").
const askerWords = 3

// askersOwn reports a possessive of the asker (askerPossessives) among
// the askerWords words before token i, with no break of a clause between:
// what it names is the asker's own, no condition.
func askersOwn(s *scan, i int) bool {
	return askerPossessiveBefore(s.lex, s.toks, i, s.breakBefore)
}

// askerPossessiveBefore reports a possessive of the asker among the
// askerWords tokens before i, none of them after a break of a clause
// (breakBefore).
func askerPossessiveBefore(lex *Lexicon, toks []token, i int, breakBefore func(int) bool) bool {
	for k := i - 1; k >= 0 && k >= i-askerWords; k-- {
		if lex.askerPossessives[toks[k].norm] {
			return true
		}
		if breakBefore(k + 1) {
			return false
		}
	}
	return false
}

// exampleBefore reports a phrase of exampleWords right before token i,
// or before an indefinite article there, after a comma.
func exampleBefore(s *scan, i int) bool {
	if i > 0 && s.lex.indefinite[s.toks[i-1].norm] {
		i--
	}
	for _, p := range s.lex.exampleWords {
		n := strings.Count(p, " ") + 1
		if _, ok := s.endsAt(i, p); ok && i-n > 0 && strings.Contains(s.text[s.toks[i-n-1].end:s.toks[i-n].start], ",") {
			s.mark(i-n, i)
			return true
		}
	}
	return false
}

// otherKindsAfter reports, and marks as read, a phrase of otherKinds
// right after a kind: the kind is an example of what is asked, no
// condition.
func otherKindsAfter(s *scan) bool {
	for i := 1; i < len(s.toks); i++ {
		if s.lex.typeWords[s.toks[i-1].norm] == "" {
			continue
		}
		for _, p := range s.lex.otherKinds {
			if n, ok := s.matchAt(i, p); ok {
				s.mark(i, i+n)
				return true
			}
		}
	}
	return false
}

// readGovernanceAccreditationSize reads governance, accreditation and
// size, the longest phrase first.
func readGovernanceAccreditationSize(s *scan, c *Constraints) {
	n := len(s.toks)
	for i := 0; i < n; i++ {
		if s.used[i] {
			if _, ok := s.lex.governancePhrases[s.toks[i].norm]; ok && kindCompound(s, i) {
				governanceAt(s, c, i, 1) // "Privatmuseen": the kind read, its governance too
			}
			continue
		}
		for L := 4; L >= 1; L-- {
			if i+L > n || !s.free(i, i+L) {
				continue
			}
			var read bool
			if _, governance := s.lex.governancePhrases[s.key(i, i+L)]; governance {
				// a governance word that needs a kind after it is no
				// other phrase either
				read = governanceAt(s, c, i, L)
			} else {
				read = accreditationAt(s, c, i, L) || sizeAt(s, c, i, L)
			}
			if read {
				s.mark(i, i+L)
				i += L - 1
				break
			}
		}
	}
}

// kindCompound reports a word at token i that a kind's word ends
// ("universiteitsmusea"): a compound of the kind.
func kindCompound(s *scan, i int) bool {
	w := s.toks[i].norm
	for j := 3; j < len(w)-3; j++ {
		if s.lex.typeWords[w[j:]] != "" {
			return true
		}
	}
	return false
}

// governanceAt reads the governance phrase of L tokens at i, unless it
// is a word that needs a kind after it and stands alone.
func governanceAt(s *scan, c *Constraints, i, L int) bool {
	k := s.key(i, i+L)
	codes, ok := s.lex.governancePhrases[k]
	if !ok || L == 1 && s.lex.governanceNeedsType[k] && !typeAfter(s, i+1) && !predicate(s, i) && !runByKind(s, i) {
		return false
	}
	to := &c.GovernanceCodes
	if at := negatedBefore(s, i); at >= 0 {
		// "not independent", "nicht privat"
		to, s.used[at] = &negate(c).GovernanceCodes, true
	}
	for _, code := range codes {
		*to = appendUnique(*to, code)
	}
	if code, ok := s.lex.governanceKinds[k]; ok && L == 1 {
		c.TypeCodes = removeString(c.TypeCodes, code)
	}
	return true
}

// accreditationAt reads the accreditation phrase of L tokens at i, if
// one stands there: "aren't accredited", "are no longer accredited", "not
// accredited", "nicht akkreditierte": a negation leaves out the
// accredited, and a record that states no accreditation is not known to
// lack it ("unaccredited" is a value of its own).
func accreditationAt(s *scan, c *Constraints, i, L int) bool {
	a, ok := s.lex.accreditationWords[s.key(i, i+L)]
	if !ok {
		return false
	}
	if a == accredited && i > 0 && (s.lex.negations[s.toks[i-1].norm] || negatedBefore(s, i) >= 0 ||
		i > 1 && s.lex.negations[s.toks[i-2].norm] && !s.lex.andWords[s.toks[i-1].norm]) ||
		a == unaccredited && L > 1 {
		negate(c).Accreditation = accredited
	} else {
		c.Accreditation = a
	}
	return true
}

// sizeAt reads the size phrase of L tokens at i, if one stands there.
func sizeAt(s *scan, c *Constraints, i, L int) bool {
	sz, ok := s.lex.sizeWords[s.key(i, i+L)]
	if !ok || hyphenJoined(s, i+L-1) {
		// a size word joined by a hyphen to a capitalised word is a part
		// of a compound name ("Klein-…", "Groot-…")
		return false
	}
	if moreCuePhraseAt(s, i) {
		return false // a comparative before a word of number compares numbers
	}
	if i+L < len(s.toks) && s.lex.sizeIdiomNouns[s.toks[i+L].norm] {
		s.mark(i, i+L+1) // "a big fan of": said of the asker, no size
		return true
	}
	if sizeOfOther(s, i+L) {
		s.mark(i, i+L) // "a small travel blog": the blog's size
		return true
	}
	if parentBeside(s, i, i+L) {
		return false // the words of what the institution belongs to
	}
	if askersOwn(s, i) || numberAfter(s, i+L) {
		// "our small museum": the asker's; "how large is the number":
		// the number's; no size asked
		s.mark(i, i+L)
		return true
	}
	to := &c.Sizes
	if at := negatedBefore(s, i); at >= 0 {
		// "not small", "nicht groß", "niet klein"
		to, s.used[at] = &negate(c).Sizes, true
	}
	for _, v := range sz {
		*to = appendUnique(*to, v)
	}
	return true
}

// sizeOfOther reports a word at k, right after a size word, that the
// rules do not know (or know as a filler) and that no kind follows
// within two words: the size is of that thing ("a small travel blog"),
// not of the institutions.
func sizeOfOther(s *scan, k int) bool {
	if k >= len(s.toks) {
		return false
	}
	w := s.toks[k].norm
	joining := s.lex.andWords[w] || s.lex.orWords[w] || s.lex.locatives[w] || s.lex.articles[w] || s.lex.copulas[w] || s.lex.negations[w] ||
		s.lex.thanWords[w] || s.lex.relativeWords[w] || s.lex.complementizers[w] || s.lex.valueJoins[w]
	if s.used[k] || s.toks[k].upper || joining || s.lex.knownWords[w] && !s.lex.fillerSet[w] ||
		!s.lex.knownWords[w] && (s.lex.nearKnown(w) || nearTypeWord(s, w)) {
		return false // a word of the rules, or a misspelt one ("grote muse")
	}
	for m := k; m < min(k+3, len(s.toks)); m++ {
		if typeWordAt(s, m) || s.lex.kindNouns[s.toks[m].norm] || s.lex.pluralTypeWords[s.toks[m].norm] {
			return false
		}
	}
	return true
}

// nearTypeWord reports a word one edit from a type word of four letters
// or more ("muse" of "musea").
func nearTypeWord(s *scan, w string) bool {
	for t := range s.lex.typeWords {
		if len(t) >= 4 && osa(w, t, 1) <= 1 {
			return true
		}
	}
	return false
}

// parentBeside reports a word of parentNouns right before or after the
// words [i, j) in a question of belonging.
func parentBeside(s *scan, i, j int) bool {
	beside := j < len(s.toks) && s.lex.parentNouns[s.toks[j].norm] || i > 0 && s.lex.parentNouns[s.toks[i-1].norm]
	return beside && s.hasAny(s.lex.partOfCues...)
}

func governanceAhead(s *scan, i int) bool { return typeAfter(s, i+1) }

// typeAfter reports whether a type word follows at i (after at most one
// adjective).
func typeAfter(s *scan, i int) bool {
	for k := i; k < len(s.toks) && k <= i+1; k++ {
		if s.lex.typeWords[s.toks[k].norm] != "" && s.lex.typeWords[s.toks[k].norm] != "E" {
			return true
		}
		if s.lex.kindNouns[s.toks[k].norm] {
			return true
		}
	}
	return false
}

func removeString(s []string, x string) []string {
	out := s[:0]
	for _, v := range s {
		if v != x {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// typeChoice reads two or more type words offered as alternatives of one
// institution ("a museum, a library or an archive"): they ask for the type.
func typeChoice(s *scan) string {
	// "a museum or a library" asks which one institution is; "more
	// libraries or archives" compares two kinds (see sides); "which
	// museum, archive or library" asks for an institution
	if f := !whichKind(s) && choiceOf(s, func(w string) bool {
		code := s.lex.typeWords[w]
		_, plural, _ := s.lex.typeOfWord(w)
		// plural kinds as alternatives of one institution ("falls
		// under the museums, the libraries or the archives")
		return code != "" && code != "E" && (!plural || s.oneEntity)
	}); f {
		return "type"
	}
	if f := choiceOf(s, func(w string) bool { _, ok := s.lex.sizeWords[w]; return ok }); f {
		return "size"
	}
	if f := choiceOf(s, func(w string) bool { _, ok := s.lex.statusWords[w]; return ok }); f {
		return "status"
	}
	return ""
}

// whichKind reports a word of which (or "what") right before a kind.
func whichKind(s *scan) bool {
	for k := 0; k+1 < len(s.toks); k++ {
		if (s.lex.whichWords[s.toks[k].norm] || s.lex.kindQuestionWords[s.toks[k].norm]) && s.lex.typeWords[s.toks[k+1].norm] != "" {
			return true
		}
	}
	return false
}

// choiceOf reports two values of one attribute offered as alternatives
// ("a museum, a library or an archive", "small or large"): a chain of two
// values or more, each at most four words after the one before, with an
// "or" inside it or just after its last value ("a museum, a library or
// something else"; one value and "or something else" only after a
// question word). Words of the names read are no values.
func choiceOf(s *scan, isValue func(string) bool) bool {
	last, chain, or := -1, 0, false
	var values []string
	for i, t := range s.toks {
		if s.used[i] || !isValue(t.norm) {
			continue // a word of a name read offers no value
		}
		if last < 0 || i-last > 4 {
			chain, or, values = 0, false, values[:0]
		} else {
			// "or", or a question mark between the two values
			or = or || orBetween(s, last+1, i) || strings.Contains(s.text[s.toks[last].end:s.toks[i].start], "?")
		}
		if !slices.Contains(values, t.norm) {
			chain++
			values = append(values, t.norm)
		}
		last = i
		// two values joined by "or", or three or more listed
		if chain >= 3 || chain >= 2 && (or || orBetween(s, i+1, min(i+3, len(s.toks))) && !orNotAfter(s, i+1)) {
			return true
		}
		if (anyWhWord(s) || germanWhat(s)) && openAlternativeAfter(s, i+1) {
			// a question word asks for the attribute; a value and an
			// alternative left open suggest its answers
			return true
		}
	}
	return false
}

// openAlternativeAfter reports an "or" at token i or i+1 followed by an
// alternative left open (openAlternatives: "or something else"), a
// filler word between them aside: one value so offered is tested, as
// with "or not"; two or more are a choice.
func openAlternativeAfter(s *scan, i int) bool {
	for k := i; k < min(i+2, len(s.toks)); k++ {
		if _, n := openAlternativeAt(s, k); n > 0 {
			return true
		}
	}
	return false
}

// hasOpenAlternative reports an alternative left open anywhere in the
// question ("X a museum or something else").
func hasOpenAlternative(s *scan) bool {
	for k := range s.toks {
		if _, n := openAlternativeAt(s, k); n > 0 {
			return true
		}
	}
	return false
}

// openAlternativeAt returns where an alternative left open starts after
// an "or" at token k, a filler between them aside ("or rather something
// else"), and the number of its words (0 when none).
func openAlternativeAt(s *scan, k int) (at, n int) {
	if !orBetween(s, k, k+1) {
		return 0, 0
	}
	filler := k+2 < len(s.toks) && s.lex.fillerSet[s.toks[k+1].norm]
	for _, p := range s.lex.openAlternatives {
		if m, ok := s.matchAt(k+1, p); ok && m > n {
			at, n = k+1, m
		}
		if m, ok := s.matchAt(k+2, p); ok && filler && m > n {
			at, n = k+2, m
		}
	}
	return at, n
}

// openAlternativeFrom reports an alternative left open that starts at
// token k ("iets anders" after a joining word that may mean "or").
func openAlternativeFrom(s *scan, k int) bool {
	return slices.ContainsFunc(s.lex.openAlternatives, func(p string) bool {
		_, ok := s.matchAt(k, p)
		return ok
	})
}

// markOpenAlternatives marks the words of every alternative left open as
// read: a field's word in one ("or some other kind of institution") asks
// for no field.
func markOpenAlternatives(s *scan) {
	for k := range s.toks {
		if at, n := openAlternativeAt(s, k); n > 0 {
			s.mark(at, at+n)
		}
	}
}

// orNotAfter reports a cue of "or not" (orNotCues) at token i or i+1:
// the value before it is tested, not offered beside another.
func orNotAfter(s *scan, i int) bool {
	for k := i; k < min(i+2, len(s.toks)); k++ {
		for _, p := range s.lex.orNotCues {
			if _, ok := s.matchAt(k, p); ok {
				return true
			}
		}
	}
	return false
}

// orBetween reports a word "or" among the tokens [i, j).
func orBetween(s *scan, i, j int) bool {
	for k := i; k < j; k++ {
		if w := s.toks[k].norm; s.lex.choiceWords[w] || s.lex.prepositionJoins[w] && (k+1 == j || s.lex.choiceArticles[s.toks[k+1].norm] || openAlternativeFrom(s, k+1)) {
			return true
		}
	}
	return false
}

// predicate reports a word that ends the question after a copula
// ("are independent", "sind privat"): said of the institutions asked
// about, not part of a name.
func predicate(s *scan, i int) bool {
	k := i - 1
	for k > 0 && (s.predicateWord(k) || s.lex.andWords[s.toks[k].norm] || s.lex.clauseJoiners[s.toks[k].norm]) {
		k-- // a negation, or other words of the predicate joined to it ("are accredited and independent")
	}
	end := i + 1
	for end < len(s.toks) && (s.predicateWord(end) || s.lex.andWords[s.toks[end].norm] || s.lex.clauseJoiners[s.toks[end].norm]) {
		end++
	}
	return end == len(s.toks) && k >= 0 && s.lex.copulas[s.toks[k].norm]
}

// predicateWord reports a negation, or a word of accreditation, size or
// governance, at token k: a word a predicate after a copula may hold.
func (s *scan) predicateWord(k int) bool {
	w := s.toks[k].norm
	_, acc := s.lex.accreditationWords[w]
	_, size := s.lex.sizeWords[w]
	_, gov := s.lex.governancePhrases[w]
	return s.lex.negations[w] || s.lex.negationWords[w] || acc || size || gov
}

// runByKind reports a kind of governance as what runs the institutions,
// at token i after "run by a", "operated by", "owned by" …: "museums run
// by a university" asks for the governance, not an organisation called
// "a university".
func runByKind(s *scan, i int) bool {
	k := i - 1
	if k >= 0 && s.lex.runByArticles[s.toks[k].norm] {
		k--
	}
	if i+1 < len(s.toks) && s.lex.ofWords[s.toks[i+1].norm] {
		return false // "run by the University of Oxford" names a body
	}
	return k >= 1 && s.lex.agentPrepositions[s.toks[k].norm] && s.lex.runVerbs[s.toks[k-1].norm]
}

// ownerKind reports a capitalised kind word in the singular after a
// plural kind and "of" ("museums of the University of …", "Bibliotheken
// der Universität …"), in a question not written all in lower case: the
// head of an owner's name, not a second kind.
func ownerKind(s *scan, i int) bool {
	return !s.lower && s.toks[i].upper && !s.lex.pluralTypeWords[s.toks[i].norm] && kindOf(s, i)
}

// hyphenJoined reports whether token j is joined by a hyphen alone to a
// capitalised token after it.
func hyphenJoined(s *scan, j int) bool {
	return j+1 < len(s.toks) && s.toks[j+1].upper && s.text[s.toks[j].end:s.toks[j+1].start] == "-"
}

// compoundModifier reports a kind joined by a hyphen to a word that is no
// kind: the first part of a compound, whose head is the other word.
func compoundModifier(s *scan, i int) bool {
	return i+1 < len(s.toks) && s.text[s.toks[i].end:s.toks[i+1].start] == "-" &&
		s.lex.typeWords[s.toks[i+1].norm] == ""
}

// numberAfter reports a word of numberNouns among the three words from
// token j, in the same clause and with no kind before it: what a size
// word before it is said of ("how large is the number"; not "large
// museums … number").
func numberAfter(s *scan, j int) bool {
	for k := j; k < len(s.toks) && k < j+3; k++ {
		if k > j && s.breakBefore(k) || typeWordAt(s, k) {
			return false
		}
		if s.lex.numberNouns[s.toks[k].norm] {
			return true
		}
	}
	return false
}
