package router

import (
	"slices"
	"strings"
)

// subjectReader collects the subjects one pass reads, with the span of
// the question they came from.
type subjectReader struct {
	s            *scan
	stems, typed joined // words as read, and as typed where a typo pass changed them
	// retyped is set when a word as typed differs from the word as read
	retyped     bool
	subj        []string
	first, last int
	// spans are the token spans taken, in the order read, and groups
	// the terms each stands for
	spans  [][2]int
	groups [][]string
	// broader are the phrases taken that name part of their subject
	broader []broaderPhrase
}

// broaderPhrase is a phrase read as the subject terms it names a part of.
type broaderPhrase struct {
	text  string
	terms []string
}

func newSubjectReader(s *scan) *subjectReader {
	r := &subjectReader{s: s, first: -1, last: -1}
	stems, typed := make([]string, len(s.toks)), make([]string, len(s.toks))
	for i, t := range s.toks {
		stems[i], typed[i] = stem(t.norm), stem(t.norm)
		if t.orig != "" {
			// a term written out may hold a word no table knows ("Print")
			typed[i] = stem(t.orig)
			r.retyped = r.retyped || typed[i] != stems[i]
		}
	}
	r.stems = join(stems)
	r.typed = r.stems
	if r.retyped {
		r.typed = join(typed)
	}
	return r
}

// lookup finds the free tokens [i, j) in the first table that holds them.
func (r *subjectReader) lookup(i, j int, tables ...map[string][]string) ([]string, bool) {
	if !r.s.free(i, j) {
		return nil, false
	}
	for _, m := range tables {
		if v, ok := m[r.typed.span(i, j)]; ok {
			return v, true
		}
		if !r.retyped {
			continue
		}
		if v, ok := m[r.stems.span(i, j)]; ok {
			return v, true
		}
	}
	return nil, false
}

// take reads tokens [i, j) as the terms, with the cue words right before
// them ("the subject", "zum Thema").
func (r *subjectReader) take(i, j int, terms []string) {
	s := r.s
	r.subj = append(r.subj, terms...)
	r.groups = append(r.groups, terms)
	r.spans = append(r.spans, [2]int{i, j})
	if r.s.lex.narrowerKey(r.typed.span(i, j)) || r.s.lex.narrowerKey(r.stems.span(i, j)) {
		r.broader = append(r.broader, broaderPhrase{s.original(i, j), terms})
	}
	if r.first < 0 || i < r.first {
		r.first = i
	}
	r.last = max(r.last, j)
	s.mark(i, j)
	for k := i - 1; k >= 0 && k >= i-2 && !s.used[k] && s.lex.subjectCues[s.toks[k].norm]; k-- {
		s.mark(k, k+1)
	}
}

// sideBySide reports two or more spans of subjects, each right after
// the one before with no word between them ("Roman army"): one topic
// that holds both.
func (r *subjectReader) sideBySide() bool {
	if len(r.spans) < 2 {
		return false
	}
	spans := slices.Clone(r.spans)
	slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
	for k := 1; k < len(spans); k++ {
		if spans[k][0] != spans[k-1][1] {
			return false
		}
	}
	return true
}

// cued reports whether a subject cue stands right before token i.
func (r *subjectReader) cued(i int) bool { return i > 0 && r.s.lex.subjectCues[r.s.toks[i-1].norm] }

// done adds the terms read to the constraints.
func (r *subjectReader) done(c *Constraints) {
	if len(r.subj) == 0 {
		return
	}
	c.Subjects = mergeTerms(c.Subjects, r.subj)
	if r.sideBySide() {
		c.SubjectsAll = true
		c.SubjectGroups = append(c.SubjectGroups, r.groups...)
	}
	for _, b := range r.broader {
		if !slices.Contains(c.Broader, b.text) && !r.s.lex.coveredTogether(b, r.broader) {
			c.Broader = append(c.Broader, b.text)
		}
	}
	if c.Topic == "" {
		c.Topic = strings.Trim(r.s.original(r.first, r.last), quoteRunes)
	}
}

// writtenSubjects reads the subject terms and categories a question writes
// out: quoted ("the subject 'Arts / Glass'"), after a cue ("the subject
// Arts") or with their category ("classified as Leisure and sport / Rugby
// and football"). It runs before names and places, which would take words
// of a term ("RNLI", "Rugby").
func (g *gazetteer) writtenSubjects(s *scan, c *Constraints) {
	idx := &g.subjects
	r := newSubjectReader(s)
	for _, q := range quotedSpans(s) {
		if vals, ok := r.lookup(q[0], q[1], idx.quoted); ok {
			r.take(q[0], q[1], vals)
		}
	}
	for i := 0; i < len(s.toks); i++ {
		minL, tables := 2, []map[string][]string{idx.paths}
		if r.cued(i) {
			// after a cue, also a lexicon phrase of several words, before
			// a place takes a word of it ("zum Thema Essen und Trinken")
			minL, tables = 1, []map[string][]string{idx.quoted, idx.phrases}
		}
		for L := min(idx.maxLen, len(s.toks)-i); L >= minL; L-- {
			if L == 1 && r.cued(i) {
				tables = tables[:1]
			}
			if vals, ok := r.lookup(i, i+L, tables...); ok {
				r.take(i, i+L, vals)
				i += L - 1
				break
			}
		}
	}
	r.done(c)
}

// subjectsOf maps the lexicon's phrases among the free tokens to subject
// terms, longest first, then German and Dutch inflections and compounds.
func (g *gazetteer) subjectsOf(s *scan, c *Constraints) {
	idx := &g.subjects
	r := newSubjectReader(s)
	skip := falseFriendsOf(s)
	blocked := askerAside(s, nil)
	if blocked == nil {
		blocked = make([]bool, len(s.toks))
	}
	for _, p := range s.lex.notSubjects {
		for i := range s.toks {
			if n, ok := s.matchAt(i, p); ok {
				for k := i; k < i+n; k++ {
					blocked[k] = true
				}
			}
		}
	}
	for i := 0; i < len(s.toks); i++ {
		if s.used[i] || blocked[i] {
			continue
		}
		found := false
		for L := min(idx.maxLen, len(s.toks)-i); L >= 1 && !found; L-- {
			if L == 1 && skip[s.toks[i].norm] || slices.Contains(blocked[i:i+L], true) {
				continue
			}
			if vals, ok := r.lookup(i, i+L, idx.phrases); ok && !plainNounAt(s, i+L) {
				r.take(i, i+L, vals)
				i += L - 1
				found = true
			}
		}
		if !found && !skip[s.toks[i].norm] && !plainNounAt(s, i+1) {
			if vals := idx.word(s, i); vals != nil {
				r.take(i, i+1, vals)
			}
		}
	}
	r.done(c)
}

// plainNounAt reports a noun of plainNouns at token k ("an art course"):
// the subject words before it say what it is about.
func plainNounAt(s *scan, k int) bool {
	return k < len(s.toks) && s.lex.plainNouns[s.toks[k].norm]
}

// coveredTogether reports whether the phrases read as b's subject name
// every part of it between them: "bus and tram museums" ask for all of
// Buses and trams, though each word names only a part.
func (lex *Lexicon) coveredTogether(b broaderPhrase, all []broaderPhrase) bool {
	if len(b.terms) != 1 {
		return false
	}
	term := b.terms[0]
	leaf := term[strings.LastIndex(term, "/")+1:]
	parts := []string{normalize(leaf)}
	for _, join := range lex.termPartJoins {
		var split []string
		for _, p := range parts {
			split = append(split, strings.Split(p, " "+join+" ")...)
		}
		parts = split
	}
	if len(parts) < 2 {
		return false
	}
	for _, part := range parts {
		named := false
		for _, o := range all {
			if len(o.terms) != 1 || o.terms[0] != term {
				continue
			}
			ps, os := stemPhrase(strings.TrimSpace(part)), stemPhrase(normalize(o.text))
			named = named || ps != "" && os != "" && (strings.HasPrefix(ps, os) || strings.HasPrefix(os, ps))
		}
		if !named {
			return false
		}
	}
	return true
}
