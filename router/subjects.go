package router

import (
	"slices"
	"sort"
	"strings"
)

// subjectIndex maps the words of the subject lexicon to subject terms.
type subjectIndex struct {
	phrases map[string][]string // stemmed phrase → terms, sorted
	mods    map[string][]string // compound-only modifier → terms
	quoted  map[string][]string // a term or category written out, stemmed → terms
	paths   map[string][]string // a term of several parts written out ("transport aviation") → the term
	maxLen  int
	// heads end compounds whose modifier is the subject
	heads []string
	// lex is the vocabulary the index was built with
	lex *Lexicon
}

// newSubjectIndex builds the subject vocabulary from the lexicon and the
// data's subject terms (all). A phrase of several lexicon entries means
// all their terms. A term written out in full ("Transport / Aviation")
// means that term alone; a whole category ("Transport", quoted or not)
// means every term of it. A data term the lexicon lacks is read by its
// own words.
func newSubjectIndex(lex *Lexicon, all []string) subjectIndex {
	idx := subjectIndex{heads: lex.subjectCompoundHeads, lex: lex, phrases: map[string][]string{}, mods: map[string][]string{}, quoted: map[string][]string{}, paths: map[string][]string{}}
	expand := termExpander(all)
	add := func(m map[string][]string, label string, terms []string) {
		if len(terms) == 0 {
			return
		}
		for _, k := range subjectKeys(label) {
			m[k] = mergeTerms(m[k], terms)
		}
	}
	covered := map[string]bool{}
	for _, e := range lex.subjects {
		terms := expand(e.Term)
		covered[e.Term] = true
		for _, l := range e.labels() {
			add(idx.phrases, l, terms)
		}
		for _, m := range e.Mods {
			add(idx.mods, m, terms)
		}
	}
	for _, gr := range lex.subjectGroups {
		var terms []string
		for _, t := range gr.Terms {
			terms = mergeTerms(terms, expand(t))
		}
		for _, l := range gr.labels() {
			add(idx.phrases, l, terms)
		}
	}
	for _, t := range all {
		if !covered[t] {
			idx.derive(t, expand(t))
		}
	}
	// terms and categories written out
	for _, p := range subjectPaths(all) {
		terms := expand(p + "/*")
		for _, k := range subjectKeys(p) {
			idx.quoted[k] = terms
			if strings.Contains(p, " / ") {
				idx.phrases[k] = terms
				idx.paths[k] = terms
			}
		}
	}
	for k := range idx.phrases {
		if n := strings.Count(k, " ") + 1; n > idx.maxLen {
			idx.maxLen = n
		}
	}
	return idx
}

// derive indexes a term without a lexicon entry by its last part and the
// longer words of it, unless a phrase is taken.
func (idx *subjectIndex) derive(term string, terms []string) {
	parts := strings.Split(term, " / ")
	leaf := parts[len(parts)-1]
	words := []string{leaf}
	if len(parts) > 1 {
		for _, w := range strings.Fields(normalize(leaf)) {
			if len(w) >= 4 {
				words = append(words, w)
			}
		}
	}
	for _, w := range words {
		k := stemPhrase(w)
		if _, ok := idx.phrases[k]; ok || k == "" || idx.lex.topicStop[k] {
			continue
		}
		idx.phrases[k] = terms
	}
}

// termExpander returns the function giving the data terms a lexicon term
// stands for: a term itself, every term of a category ("Transport/*", or a
// term that has terms below it, "Archaeology"), or nothing when the data
// has no such term.
func termExpander(all []string) func(string) []string {
	return func(t string) []string {
		cat, wild := strings.CutSuffix(t, "/*")
		if !wild {
			cat = t
		}
		var out []string
		for _, x := range all {
			if x == cat || strings.HasPrefix(x, cat+" / ") {
				out = append(out, x)
			}
		}
		if !wild && !slices.Contains(out, t) {
			return nil
		}
		sort.Strings(out)
		return out
	}
}

// subjectPaths returns every data term and every category above one.
func subjectPaths(all []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range all {
		parts := strings.Split(t, " / ")
		for i := 1; i <= len(parts); i++ {
			p := strings.Join(parts[:i], " / ")
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	sort.Strings(out)
	return out
}

func (e subjectEntry) labels() []string { return joinLabels(e.EN, e.NL, e.DE) }
func (g subjectGroup) labels() []string { return joinLabels(g.EN, g.NL, g.DE) }

func joinLabels(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// subjectKeys returns the index keys of a label: its words normalised and
// stemmed, with umlauts folded to the bare vowel and to vowel+e.
func subjectKeys(label string) []string {
	var keys []string
	for _, ue := range []bool{false, true} {
		toks := tokenize(label, ue)
		ws := make([]string, len(toks))
		for i, t := range toks {
			ws[i] = stem(t.norm)
		}
		if k := strings.Join(ws, " "); k != "" && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// mergeTerms returns the sorted union of a and b without changing either.
func mergeTerms(a, b []string) []string {
	out := make([]string, 0, len(a)+len(b))
	out = append(append(out, a...), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// modifierForms are the first part of a compound as written and without
// each linking ending it may end in (compoundLinks: "Kriegs", "Krieg").
func (lex *Lexicon) modifierForms(mod string) []string {
	forms := []string{mod}
	for _, suf := range lex.compoundLinks {
		if m, ok := strings.CutSuffix(mod, suf); ok {
			forms = append(forms, m)
		}
	}
	return forms
}

// modifier reads the first part of a German or Dutch compound as a
// subject: as written, without a linking element ("Kriegs", "Schifffahrts",
// "oorlogs") or with a dropped final "e" restored ("Schul" → "Schule").
func (idx *subjectIndex) modifier(mod string) []string {
	for _, m := range append(idx.lex.modifierForms(mod), mod+"e") {
		if len(m) < 3 {
			continue
		}
		if v, ok := idx.phrases[stem(m)]; ok {
			return v
		}
		if v, ok := idx.mods[m]; ok {
			return v
		}
	}
	return nil
}

// topicOf looks a compound modifier up as a topic ("Eisenbahn" in
// "Eisenbahnmuseen"), also misspelt by an edit ("Kunnstmuseen") when it
// has five letters or more.
func (g *gazetteer) topicOf(mod string) []string {
	if v := g.subjects.modifier(mod); v != nil {
		return v
	}
	if len(mod) >= 5 {
		if w, ok := closestWord(mod, g.plainWords); ok {
			return g.subjects.phrases[w]
		}
	}
	return nil
}

// genericCompound reports whether token i is a type compound with a
// subject modifier after an indefinite article: a kind, not the name of a
// record that bears it (a German "ein Spielzeugmuseum").
func (g *gazetteer) genericCompound(s *scan, i int) bool {
	if i == 0 || !s.lex.indefinites[s.toks[i-1].norm] {
		return false
	}
	mod, _, _, ok := s.lex.splitCompound(s.toks[i].norm)
	return ok && g.topicOf(mod) != nil
}

// compound reads a word ending in a subject-neutral head
// ("Eisenbahngeschichte", "textielindustrie") or starting with "Museums"
// ("Museumsbahn") by its subject part.
func (idx *subjectIndex) compound(w string) []string {
	if len(w) < 7 {
		return nil
	}
	for _, h := range idx.heads {
		if mod, ok := strings.CutSuffix(w, h); ok && len(mod) >= 3 {
			if v := idx.modifier(mod); v != nil {
				return v
			}
		}
	}
	for _, p := range idx.lex.leadingHeads {
		if rest, ok := strings.CutPrefix(w, p); ok && len(rest) >= 3 {
			if v := idx.modifier(rest); v != nil {
				return v
			}
		}
	}
	return nil
}

// word reads one word no phrase matched: as an inflected German or Dutch
// adjective ("ethnischer", "religiösem"), as a compound
// ("Eisenbahngeschichte") or as the first part of a compound whose head
// the next one gives ("Wasser- und Windmühlen", "water- en windmolens").
func (idx *subjectIndex) word(s *scan, i int) []string {
	w := s.toks[i].norm
	if v := idx.inflected(w); v != nil {
		return v
	}
	end := s.toks[i].end
	if i+2 >= len(s.toks) || end >= len(s.text) || s.text[end] != '-' || !s.lex.elisionJoins[s.toks[i+1].norm] {
		return nil
	}
	next := s.toks[i+2].norm
	for k := 1; k+3 <= len(next); k++ {
		if v, ok := idx.phrases[stem(w+next[k:])]; ok {
			return v
		}
	}
	return nil
}

// inflected reads a word as an inflected adjective or a compound.
func (idx *subjectIndex) inflected(w string) []string {
	if len(w) >= 6 && strings.ContainsRune("rnms", rune(w[len(w)-1])) {
		if v, ok := idx.phrases[w[:len(w)-1]]; ok {
			return v
		}
	}
	return idx.compound(w)
}

// knows reports whether a word is a subject word, or a common word close
// to one, so that no typo pass rewrites it.
func (idx *subjectIndex) knows(w string) bool {
	_, ok := idx.phrases[stem(w)]
	return ok || idx.lex.nearSubjectWords[w] || idx.inflected(w) != nil
}

func stemPhrase(s string) string {
	ws := strings.Fields(normalize(s))
	for i, w := range ws {
		ws[i] = stem(w)
	}
	return strings.Join(ws, " ")
}
