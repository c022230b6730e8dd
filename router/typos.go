package router

import (
	"github.com/hybridrag/hybridrag/internal/editdist"
	"sort"
	"strings"
)

// typoEdits is the edit distance a misspelt word of n letters may have
// from the word meant: none below five letters (too many short words lie
// one edit apart), one from five, two from nine.
func typoEdits(n int) int {
	switch {
	case n < 5:
		return 0
	case n < 9:
		return 1
	}
	return 2
}

// nearest returns the key of index (trigram → keys) within maxD edits of w
// (optimal string alignment). Ties go to the key with the larger weight,
// then to the smaller key.
func nearest(w string, maxD int, index map[string][]string, weight func(string) int) (string, bool) {
	tris := trigramsOf(w)
	counts := map[string]int{}
	for _, t := range tris {
		for _, k := range index[t] {
			counts[k]++
		}
	}
	// an edit changes at most four trigrams (a transposition: "brigthon"
	// shares four of eight with "brighton")
	need := max(len(tris)-4*maxD, 1)
	best, bestD, bestN := "", maxD+1, -1
	for k, n := range counts {
		if n < need {
			continue
		}
		d := osaAtMost(w, k, maxD)
		if d > maxD {
			continue
		}
		// on a tie a word with a letter dropped (the commonest typo) wins,
		// then the key with the larger weight
		f := weight(k)
		if d < bestD || d == bestD && (dropped(w, k) != dropped(w, best) && dropped(w, k) ||
			dropped(w, k) == dropped(w, best) && (f > bestN || f == bestN && k < best)) {
			best, bestD, bestN = k, d, f
		}
	}
	return best, best != ""
}

func isWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] >= '0' && w[i] <= '9' {
			return false
		}
	}
	return true
}

// osa returns the optimal string alignment distance of a and b (edits and
// adjacent transpositions), or max+1 once it is certain to exceed max.
func osa(a, b string, max int) int { return editdist.OSA(a, b, max) }

// osaAtMost is osa for a caller that reads no distance beyond max: there
// it is always max+1.
func osaAtMost(a, b string, max int) int { return editdist.OSAAtMost(a, b, max) }

// buildPlaceWords indexes every word of five letters or more of a place
// name, with the number of records at places bearing it, for typo
// correction of single words.
func (g *gazetteer) buildPlaceWords() {
	g.placeWords = map[string]int{}
	for k, cands := range g.places {
		n := 0
		for _, c := range cands {
			n += c.count
		}
		for _, w := range strings.Fields(k) {
			if len(w) >= 5 && isWord(w) {
				g.placeWords[w] += n
			}
		}
	}
	for _, w := range g.lex.qualifierWords {
		g.placeWords[w] += 1 << 20
	}
	g.placeWordTri = map[string][]string{}
	for w := range g.placeWords {
		for _, t := range trigramsOf(w) {
			g.placeWordTri[t] = append(g.placeWordTri[t], w)
		}
	}
	for t := range g.placeWordTri {
		sort.Strings(g.placeWordTri[t])
	}
}

// correctWords rewrites misspelt words of place names in place
// ("Dumries and Galloway" → "dumfries and galloway", "region of Engand")
// so that the exact passes read them. A word qualifies only when no table
// knows it (not a name word, place word, type, topic or common word), it
// has five letters or more, and it looks like part of a place: capitalised
// inside the sentence, or after a locative or another place word. The
// allowed distance is typoEdits; ties go to the word
// borne by more records. Other unknown words are corrected to topic and
// cue words ("aviaton", "colections").
func (g *gazetteer) correctWords(s *scan) {
	for i := range s.toks {
		t := &s.toks[i]
		w := t.norm
		if !s.used[i] && len(w) == 4 && isWord(w) && !g.known(w) && !s.lex.plainWord(w) && !(t.upper && i > 0) {
			// a short cue word with two letters swapped
			for _, c := range g.lex.swapCueWords {
				if swapped(w, c) {
					t.orig = w
					s.setNorm(i, c)
					break
				}
			}
			continue
		}
		if s.used[i] || len(w) < 5 || !isWord(w) || g.known(w) || s.lex.plainWord(w) || g.smallDictionaryWord(s, i) {
			continue // a word of the languages written small is that word ("at dinner", "a wager")
		}
		prev := ""
		if i > 0 {
			prev = s.toks[i-1].norm
		}
		if (t.upper && i > 0 || s.lex.locatives[prev] || g.placeWords[prev] > 0) && !s.lex.topicPreps[prev] && !g.pluralOfNameWord(w) {
			if c, ok := g.closestPlaceWord(w); ok {
				t.orig = w
				s.setNorm(i, c)
				continue
			}
		}
		for _, x := range []string{w, stem(w)} {
			if c, ok := closestWord(x, g.plainWords); ok {
				t.orig = w
				s.setNorm(i, c)
				break
			}
		}
	}
}

// swapped reports whether a is b with two neighbouring letters swapped.
func swapped(a, b string) bool {
	if len(a) != len(b) || a == b {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
}

// buildPlainWords collects the topic words (stemmed, as the subject index
// keys them) and cue words a misspelt word is corrected to.
func (g *gazetteer) buildPlainWords() {
	seen := map[string]bool{}
	for k := range g.subjects.phrases {
		if len(k) >= 5 && !strings.Contains(k, " ") && isWord(k) {
			seen[k] = true
		}
	}
	for _, w := range g.lex.cueWords {
		seen[w] = true
	}
	g.plainWords = make([]string, 0, len(seen))
	for w := range seen {
		g.plainWords = append(g.plainWords, w)
	}
	sort.Strings(g.plainWords)
}

// closestWord returns the word of list within typoEdits of w (at least
// one), the longer one on a tie.
func closestWord(w string, list []string) (string, bool) {
	maxD := max(typoEdits(len(w)), 1)
	best, bestD := "", maxD+1
	for _, c := range list {
		if d := len(c) - len(w); d > maxD || -d > maxD {
			continue
		}
		if d := osaAtMost(w, c, maxD); d < bestD || d == bestD && tieBetter(w, c, best) {
			best, bestD = c, d
		}
	}
	return best, bestD <= maxD
}

// known reports whether some table holds the word, so that it is no typo.
func (g *gazetteer) known(w string) bool {
	if g.df[w] > 0 || g.placeWords[w] > 0 || g.lex.commonWords[w] || g.lex.placeFuzzyStop[w] || g.lex.typeWords[w] != "" ||
		g.lex.listStarts[w] || g.lex.operateVerbs[w] || g.lex.closeWords[w] || g.lex.openWords[w] || g.lex.knownWords[w] {
		return true
	}
	if g.subjects.knows(w) {
		return true
	}
	if _, _, _, ok := g.lex.splitCompound(w); ok {
		return true
	}
	_, ok := g.lex.fuzzyType(w)
	return ok
}

func (g *gazetteer) closestPlaceWord(w string) (string, bool) {
	maxD := max(typoEdits(len(w)), 1)
	return nearest(w, maxD, g.placeWordTri, func(k string) int { return g.placeWords[k] })
}

// typoScore is the similarity of the words as typed to the words read for
// tokens [i, j): 1 when none was corrected.
func (s *scan) typoScore(i, j int) float64 {
	typed := false
	for k := i; k < j; k++ {
		typed = typed || s.toks[k].orig != ""
	}
	if !typed {
		return 1
	}
	words := make([]string, 0, j-i)
	for k := i; k < j; k++ {
		w := s.toks[k].norm
		if s.toks[k].orig != "" {
			w = s.toks[k].orig
		}
		words = append(words, w)
	}
	a, b := strings.Join(words, " "), s.key(i, j)
	d := osa(a, b, 4)
	return math3(1 - float64(d)/float64(max(len(a), len(b))))
}
