package router

import (
	"sort"
	"strings"

	"github.com/hybridrag/hybridrag/names"
)

// MatchNames returns the institution names that best match a free-text
// name, best first: exact normalised matches (score 1) before fuzzy ones
// (edit-distance similarity in [0, 1)). At most limit matches are returned.
func (r *Router) MatchNames(text string, limit int) []NameMatch {
	if limit <= 0 {
		limit = 10
	}
	g := r.g
	var out []NameMatch
	seen := map[int32]bool{}
	for _, k := range r.lex.nameKeys(text) {
		if i, ok := g.findName(k); ok && !seen[i] {
			seen[i] = true
			e := g.entries[i]
			out = append(out, NameMatch{Text: text, Name: e.name, IDs: g.recordIDs(i), Former: e.former, Score: 1})
		}
	}
	toks := tokenize(text, false)
	if len(toks) == 0 {
		return out
	}
	key := joinTokens(toks)
	if len(toks) == 1 {
		if i, ok := g.acronyms[key]; ok && !seen[i] {
			seen[i] = true
			e := g.entries[i]
			out = append(out, NameMatch{Text: text, Name: e.name, IDs: g.recordIDs(i), Score: 0.99})
		}
	}
	// fuzzy: the records the name index finds for the text
	hits := g.nameIx.get().Search(text, names.Options{Limit: nameCandidateLimit})
	type cand struct {
		e   int32
		sim float64
	}
	var cands []cand
	for _, e := range g.entriesOf(hits) {
		if seen[e] {
			continue
		}
		ek := g.key(e)
		maxLen := len(ek)
		if len(key) > maxLen {
			maxLen = len(key)
		}
		maxD := maxLen / 3
		d := levenshtein(key, ek, maxD)
		sim := 0.0
		if d <= maxD {
			sim = 1 - float64(d)/float64(maxLen)
		}
		// word overlap rescues reordered or partial names
		if ov := overlap(key, ek); ov*0.9 > sim {
			sim = ov * 0.9
		}
		if sim >= 0.5 {
			cands = append(cands, cand{e, math3(sim)})
		}
	}
	sort.Slice(cands, func(a, b int) bool {
		if cands[a].sim != cands[b].sim {
			return cands[a].sim > cands[b].sim
		}
		return cands[a].e < cands[b].e
	})
	for _, c := range cands {
		if len(out) >= limit {
			break
		}
		e := g.entries[c.e]
		out = append(out, NameMatch{Text: text, Name: e.name, IDs: g.recordIDs(c.e), Former: e.former, Score: c.sim})
	}
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

// overlap is the Dice coefficient of the word sets of two keys.
func overlap(a, b string) float64 {
	wa, wb := strings.Fields(a), strings.Fields(b)
	if len(wa)+len(wb) == 0 {
		return 0
	}
	set := map[string]bool{}
	for _, w := range wa {
		set[w] = true
	}
	n := 0
	for _, w := range wb {
		if set[w] {
			n++
			delete(set, w)
		}
	}
	return 2 * float64(n) / float64(len(wa)+len(wb))
}

func math3(x float64) float64 { return float64(int(x*1000+0.5)) / 1000 }
