package eval

import (
	"math"
	"regexp"
	"strings"
	"unicode"
)

// The metric functions below are pure: they never modify their inputs,
// treat expected ids as a set, and return 0 when nothing is expected.

// Ranking returns ids in order with duplicates (the first occurrence
// counts) and acceptable ids removed. Acceptable ids are correct but
// optional: dropping them lets the expected ids behind them move up, so
// that returning them is neither rewarded nor penalised.
func Ranking(ids, acceptable []string) []string {
	skip := make(map[string]bool, len(acceptable)+len(ids))
	for _, id := range acceptable {
		skip[id] = true
	}
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if skip[id] {
			continue
		}
		skip[id] = true
		out = append(out, id)
	}
	return out
}

func idSet(ids []string) map[string]bool {
	s := make(map[string]bool, len(ids))
	for _, id := range ids {
		s[id] = true
	}
	return s
}

// found counts the distinct expected ids among the first k ranked ids
// (k ≤ 0 means the whole list).
func found(ranked []string, want map[string]bool, k int) int {
	if k <= 0 || k > len(ranked) {
		k = len(ranked)
	}
	seen := make(map[string]bool, k)
	n := 0
	for _, id := range ranked[:k] {
		if want[id] && !seen[id] {
			seen[id] = true
			n++
		}
	}
	return n
}

// RecallAt is the share of the expected ids found among the first k ranked
// ids.
func RecallAt(ranked, expected []string, k int) float64 {
	want := idSet(expected)
	if len(want) == 0 || k <= 0 {
		return 0
	}
	return float64(found(ranked, want, k)) / float64(len(want))
}

// AllFoundAt is 1 when every expected id is among the first k ranked ids,
// else 0. It is 0 whenever more than k ids are expected.
func AllFoundAt(ranked, expected []string, k int) float64 {
	want := idSet(expected)
	if len(want) == 0 || k <= 0 {
		return 0
	}
	if found(ranked, want, k) == len(want) {
		return 1
	}
	return 0
}

// ReciprocalRank is 1/r for the rank r of the first expected id in the
// ranking, 0 when none is ranked. Its mean over questions is the MRR.
func ReciprocalRank(ranked, expected []string) float64 {
	want := idSet(expected)
	for i, id := range ranked {
		if want[id] {
			return 1 / float64(i+1)
		}
	}
	return 0
}

// NDCGAt is the normalised discounted cumulative gain of the first k
// ranked ids with binary relevance (1 for an expected id, counted once):
//
//	DCG@k  = Σ_{i=1..k} rel_i / log2(i+1)
//	IDCG@k = Σ_{i=1..min(k, |expected|)} 1 / log2(i+1)
//	nDCG@k = DCG@k / IDCG@k
func NDCGAt(ranked, expected []string, k int) float64 {
	want := idSet(expected)
	if len(want) == 0 || k <= 0 {
		return 0
	}
	seen := make(map[string]bool, len(want))
	var dcg float64
	for i, id := range ranked {
		if i == k {
			break
		}
		if want[id] && !seen[id] {
			seen[id] = true
			dcg += 1 / math.Log2(float64(i+2))
		}
	}
	var idcg float64
	for i := range min(k, len(want)) {
		idcg += 1 / math.Log2(float64(i+2))
	}
	return dcg / idcg
}

// SetPRF scores an explicit answer set against the expected ids. Acceptable
// ids are correct but optional: they are removed from the predicted set
// before precision, and are not required for recall. Duplicates count once.
// Precision is 0 when nothing is left to judge; F1 is 0 when precision and
// recall are both 0.
func SetPRF(predicted, expected, acceptable []string) (precision, recall, f1 float64) {
	want := idSet(expected)
	pred := Ranking(predicted, acceptable)
	hit := found(pred, want, 0)
	if len(pred) > 0 {
		precision = float64(hit) / float64(len(pred))
	}
	if len(want) > 0 {
		recall = float64(hit) / float64(len(want))
	}
	if precision+recall > 0 {
		f1 = 2 * precision * recall / (precision + recall)
	}
	return precision, recall, f1
}

// NormalizeAnswer folds case, turns punctuation and symbols into spaces
// (apostrophes are dropped: "Children’s" = "Childrens") and collapses
// whitespace, so that "DE-MUS-811216", "de mus 811216" and " De-Mus-811216."
// normalise alike.
func NormalizeAnswer(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r == '\'' || r == '’' || r == '‘' || r == 'ʼ':
			continue
		case unicode.IsPunct(r) || unicode.IsSymbol(r) || unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

var parenthetical = regexp.MustCompile(`\s*\([^()]*\)`)

// stripQualifiers removes parenthesised qualifiers: "Surrey Infantry Museum
// (closed 2015)" → "Surrey Infantry Museum".
func stripQualifiers(s string) string {
	return parenthetical.ReplaceAllString(s, "")
}

// ExactMatch reports whether a predicted short answer equals the gold one
// after NormalizeAnswer. Parenthesised qualifiers are optional on one side:
// a gold "X (closed 2015)" matches a predicted "X", and a predicted
// "X (1996-2007)" matches a gold "X"; but both sides are never stripped
// together, so "independent (type unknown)" does not match
// "independent (charity)". An empty prediction never matches.
func ExactMatch(predicted, gold string) bool {
	p, g := NormalizeAnswer(predicted), NormalizeAnswer(gold)
	if p == "" || g == "" {
		return false
	}
	return p == g ||
		p == NormalizeAnswer(stripQualifiers(gold)) ||
		NormalizeAnswer(stripQualifiers(predicted)) == g
}

// listAnswer matches the gold answers of list questions: a count, an
// optional noun and a colon ("3 museums: …", "1: …").
var listAnswer = regexp.MustCompile(`^\d+(\s+[\p{L}-]+)*\s*:\s`)

// groupAnswer matches the gold answers of comparisons of places: a label,
// a colon and a count per side ("Kent: 2 (…); Devon: 1 (…)").
var groupAnswer = regexp.MustCompile(`^[^:;]+:\s*\d+(\s*\(|\s*;|\s*$)`)

// ShortAnswer reports whether a question's gold answer is a short value
// (an ISIL, a year, a name, a postcode, "yes", a count …) that an
// extractive answer can be matched against: an answer that is not a
// counted list, and exactly one expected id — or, for a generated
// question (one with a frame), any expected ids: "Which opened first, A
// or B?" expects both and is answered by a name, "How many … in X?" by a
// count.
func ShortAnswer(q Question) bool {
	a := strings.TrimSpace(q.Answer)
	if a == "" || listAnswer.MatchString(a) {
		return false
	}
	n := len(idSet(q.Expected))
	if q.Frame != "" {
		return n > 0 && !groupAnswer.MatchString(a)
	}
	return n == 1
}

// NothingExpected reports whether a question expects no institution: a
// probe that nothing in the data answers, to be answered with kind "none".
func NothingExpected(q Question) bool { return len(q.Expected) == 0 }
