package linking

import (
	_ "embed"
	"strconv"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/internal/editdist"
	"github.com/hybridrag/hybridrag/kg"
)

// A name copied from a scanned catalogue carries the letters text
// recognition confuses ("Museurn", "Stadtbibliotbek", "Heimatrnuseum"):
// more edits than a typo, each of them cheap. A reference that matches
// nothing is read again with each word that its best candidates' names
// lack replaced by the word of those names it is within maxOCRCost of,
// where a confusion of data/ocr_confusions.tsv costs its cost and any
// other edit 1 (editdist.Weighted), and linked again.

//go:embed data/ocr_confusions.tsv
var ocrConfusionsTSV string

// ocrConfusions are the confusion pairs of data/ocr_confusions.tsv.
var ocrConfusions = sync.OnceValue(func() []editdist.Confusion {
	var out []editdist.Confusion
	for _, line := range strings.Split(ocrConfusionsTSV, "\n") {
		f := strings.Split(strings.TrimSpace(line), "\t")
		if len(f) != 3 || strings.HasPrefix(f[0], "#") {
			continue
		}
		c, err := strconv.ParseFloat(f[2], 64)
		if err != nil || c <= 0 || c >= 1 {
			panic("linking: data/ocr_confusions.tsv: bad cost " + f[2]) // checked by TestOCRConfusions
		}
		out = append(out, editdist.Confusion{A: f[0], B: f[1], Cost: c})
	}
	return out
})

// Bounds of the OCR reading: the weighted edits a word may be from a
// name's word (two confusions and a little, not one other edit and a
// confusion), the candidates whose names are read, and the length of a
// word that is read.
const (
	maxOCRCost    = 0.75
	ocrCandidates = 3
	minOCRWord    = 4
	maxOCRWord    = 40
)

// ocrReading returns text with its words that the names of the first
// ocrCandidates of cands lack replaced by a word of those names within
// maxOCRCost (see above), and whether any was.
func (l *Linker) ocrReading(text string, cands []Candidate) (string, bool) {
	var vocab []string
	seen := map[string]bool{}
	for k, c := range cands {
		if k == ocrCandidates {
			break
		}
		i, ok := l.index(c.ID)
		if !ok {
			continue
		}
		names := []string{l.ds.Institutions[i].Name}
		for _, a := range l.ds.Institutions[i].AltNames() {
			names = append(names, a.Name)
		}
		for _, n := range names {
			for _, w := range strings.Fields(kg.NormalizeName(n)) {
				if !seen[w] {
					seen[w] = true
					vocab = append(vocab, w)
				}
			}
		}
	}
	words := strings.Fields(kg.NormalizeName(text))
	changed := false
	for k, w := range words {
		if seen[w] || len(w) < minOCRWord || len(w) > maxOCRWord {
			continue
		}
		best, cost := "", maxOCRCost+1
		for _, v := range vocab {
			if d := len(v) - len(w); d > 2 || d < -2 {
				continue
			}
			if c := editdist.Weighted(w, v, ocrConfusions(), maxOCRCost); c < cost {
				best, cost = v, c
			}
		}
		if best != "" && cost <= maxOCRCost {
			words[k], changed = best, true
		}
	}
	return strings.Join(words, " "), changed
}
