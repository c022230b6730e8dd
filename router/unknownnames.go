package router

import (
	"strings"
)

// unknownName widens the first run of unknown tokens to the name-like
// phrase around it: capitalised words (type words included, question
// words not) and the articles and prepositions between them.
//
// The run must itself look like part of a name: capitalised, or, in a
// question written all in lower case, leading into words read as a name
// ("upper wyvern button museum"). Lower-case verbs and cue words the rules
// do not know ("… gevestigd", "category of …") start no name.
func unknownName(s *scan, mask []bool) string {
	if runs := nameRuns(s, mask); len(runs) > 0 {
		return s.original(runs[0][0], runs[0][1])
	}
	return ""
}

// nameRuns returns every run of unknown tokens that looks like part of a
// name, widened as unknownName says, in question order.
func nameRuns(s *scan, mask []bool) [][2]int {
	var runs [][2]int
	for k, j := 0, 0; k < len(mask); k = j {
		if !mask[k] {
			j = k + 1
			continue
		}
		for j = k + 1; j < len(mask) && mask[j]; j++ {
		}
		if !(s.lower && j < len(mask) && s.used[j] || !s.lower && s.toks[k].upper) {
			continue
		}
		if k == 0 && j == 1 && s.lex.frequentWords[s.toks[0].norm] {
			continue // a frequent word has its capital from the sentence
		}
		runs = append(runs, [2]int{nameRunStart(s, k), nameRunEnd(s, mask, j)})
	}
	return runs
}

// nameRunWord reports a word of a name around unknown words: a type word,
// or a capitalised word the rules do not know.
func nameRunWord(s *scan, k int) bool {
	t := s.toks[k]
	if s.lex.typeWords[t.norm] != "" {
		return true
	}
	return t.upper && !s.lex.knownWords[t.norm] && !s.lex.listStarts[t.norm]
}

// nameRunStart widens a run of unknown words that starts at token i to
// the words of a name before it, name words and particles between them
// ("the Van Gogh Museum", "Museum Van Loon").
func nameRunStart(s *scan, i int) int {
	for {
		if i > 0 && nameRunWord(s, i-1) {
			i--
		} else if i > 1 && s.lex.nameStop[s.toks[i-1].norm] && nameRunWord(s, i-2) {
			i -= 2
		} else if i > 0 && nameParticle(s, i-1) {
			i--
		} else {
			return i
		}
	}
}

// nameRunEnd widens a run of unknown words that ends before token j to
// the words of a name after it, and to the noun that ends an
// organisation's name with the capitalised words before it ("the
// Atlantis Heritage Trust").
func nameRunEnd(s *scan, mask []bool, j int) int {
	for {
		if j < len(mask) && nameRunWord(s, j) {
			j++
		} else if j+1 < len(mask) && s.lex.nameStop[s.toks[j].norm] && nameRunWord(s, j+1) {
			j += 2
		} else {
			break
		}
	}
	for k := j; k < len(mask) && k < j+3; k++ {
		if s.lex.orgHeads[s.toks[k].norm] && (s.lower || s.toks[k].upper) {
			return k + 1
		}
		if s.lower || !s.toks[k].upper {
			break
		}
	}
	return j
}

// nameParticle reports a capitalised particle of a surname or name
// ("Van", "De", "Ter") at token k, in a question not written all in lower
// case. It is asked only of the word right before a name's unknown
// words, where such a particle is part of the name ("Van Gogh Museum …",
// "… the De Lakenhal").
func nameParticle(s *scan, k int) bool {
	return !s.lower && s.toks[k].upper && s.lex.nameParticles[s.toks[k].norm]
}

// unknownMask marks the tokens no pass consumed that are no function or
// cue word (nor one edit from one), nor a word of the asker's work
// (askerWork).
func unknownMask(s *scan) []bool {
	mask := make([]bool, len(s.toks))
	work := askerWork(s)
	for i, t := range s.toks {
		mask[i] = !(s.used[i] || len(t.norm) < 3 || s.lex.knownWords[t.norm] || s.lex.isNumeric(t.norm) || work != nil && work[i] ||
			strings.HasSuffix(t.norm, "s") && s.lex.knownWords[strings.TrimSuffix(t.norm, "s")] ||
			s.lex.nearKnown(t.norm) && !placeSlot(s, i))
	}
	return mask
}
