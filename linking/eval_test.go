package linking

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/names"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// testLinker is a linker over the bundled dataset, built once per test
// binary.
var testLinker = testfixture.Shared(func(ds *heritage.Dataset) (*Linker, error) { return New(ds, kg.New(ds)), nil })

// evalCase is one query of the evaluation set with the record it refers to.
type evalCase struct {
	Kind  string // exact, lower, reorder, typo, ascii, former
	Query Query
	Gold  string
}

func hashKey(salt, key string) string {
	h := sha1.Sum([]byte(salt + "|" + key))
	return hex.EncodeToString(h[:])
}

// evalSet samples 1,000 queries from the data deterministically: per kind,
// the eligible records are ordered by sha1(kind|id) and the first n taken.
// Every second query of a record that has a city carries the city as a hint.
func evalSet(ds *heritage.Dataset) []evalCase {
	kinds := []struct {
		kind string
		n    int
		make func(in *heritage.Institution, h string) (string, bool)
	}{
		{"exact", 200, func(in *heritage.Institution, _ string) (string, bool) { return in.Name, true }},
		{"lower", 150, func(in *heritage.Institution, _ string) (string, bool) {
			return strings.ToLower(in.Name), strings.ToLower(in.Name) != in.Name
		}},
		{"reorder", 150, func(in *heritage.Institution, _ string) (string, bool) {
			w := strings.Fields(in.Name)
			if len(w) < 2 {
				return "", false
			}
			return strings.Join(append(w[1:], w[0]), " "), true
		}},
		{"typo", 200, typo},
		{"ascii", 150, func(in *heritage.Institution, _ string) (string, bool) {
			s := stripDiacritics(in.Name)
			return s, s != in.Name
		}},
		{"former", 150, func(in *heritage.Institution, _ string) (string, bool) {
			for _, a := range in.AltNames() {
				if a.Kind == heritage.KindFormerName {
					return a.Name, true
				}
			}
			return "", false
		}},
	}
	var out []evalCase
	for _, k := range kinds {
		out = append(out, sample(ds, k.kind, k.n, k.make)...)
	}
	return out
}

// absentSet builds n names that are not in the data: the longest word of
// one record's name replaced by the longest word of another's. A match on
// any of them is a false positive.
func absentSet(l *Linker, n int) []evalCase {
	ds := l.ds
	mk := func(in *heritage.Institution, h string) (string, bool) {
		other := &ds.Institutions[(int(h[2])<<16|int(h[3])<<8|int(h[4]))%len(ds.Institutions)]
		w, ow := strings.Fields(in.Name), strings.Fields(other.Name)
		if len(w) < 2 || len(ow) == 0 {
			return "", false
		}
		li, lo := longest(w), longest(ow)
		if strings.EqualFold(w[li], ow[lo]) {
			return "", false
		}
		w[li] = ow[lo]
		s := strings.Join(w, " ")
		if l.named(s) {
			return "", false
		}
		return s, true
	}
	cs := sample(ds, "absent", n, mk)
	for i := range cs {
		cs[i].Gold = ""
	}
	return cs
}

// namesakeSet takes n names borne by several records and asks for one of
// them with its city: the hint has to settle it.
func namesakeSet(l *Linker, n int) []evalCase {
	mk := func(in *heritage.Institution, _ string) (string, bool) {
		if in.City == "" || in.CityInferred || len(l.names.Lookup(in.Name)) < 2 {
			return "", false
		}
		return in.Name, true
	}
	cs := sample(l.ds, "namesake", n, mk)
	for i := range cs {
		in, _ := l.ds.Get(cs[i].Gold)
		cs[i].Query.City = in.City
	}
	return cs
}

// named reports whether some record bears a name with all the words of s:
// the same name, or a longer one of which s is a partial name.
func (l *Linker) named(s string) bool {
	for _, h := range l.names.Search(s, names.Options{Limit: 5}) {
		if h.QueryCov == 1 {
			return true
		}
	}
	return false
}

func longest(w []string) int {
	best := 0
	for i, x := range w {
		if len(x) > len(w[best]) {
			best = i
		}
	}
	return best
}

func sample(ds *heritage.Dataset, kind string, want int, mk func(*heritage.Institution, string) (string, bool)) []evalCase {
	var out []evalCase
	k := struct {
		kind string
		n    int
		make func(*heritage.Institution, string) (string, bool)
	}{kind, want, mk}
	{
		order := make([]int, len(ds.Institutions))
		keys := make([]string, len(ds.Institutions))
		for i := range order {
			order[i] = i
			keys[i] = hashKey(k.kind, ds.Institutions[i].ID)
		}
		slices.SortFunc(order, func(a, b int) int { return strings.Compare(keys[a], keys[b]) })
		n := 0
		for _, i := range order {
			if n == k.n {
				break
			}
			in := &ds.Institutions[i]
			text, ok := k.make(in, keys[i])
			if !ok || strings.TrimSpace(text) == "" {
				continue
			}
			q := Query{Text: text}
			if n%2 == 1 && in.City != "" {
				q.City = in.City
			}
			out = append(out, evalCase{Kind: k.kind, Query: q, Gold: in.ID})
			n++
		}
	}
	return out
}

// typo changes one letter of the longest word (not its first letter):
// substitution, deletion, insertion or transposition, chosen by the hash.
func typo(in *heritage.Institution, h string) (string, bool) {
	w := strings.Fields(in.Name)
	best := -1
	for i, x := range w {
		if len([]rune(x)) >= 5 && (best < 0 || len([]rune(x)) > len([]rune(w[best]))) {
			best = i
		}
	}
	if best < 0 {
		return "", false
	}
	r := []rune(w[best])
	pos := 1 + int(h[0])%(len(r)-2)
	switch h[1] % 4 {
	case 0:
		if r[pos] == 'x' {
			r[pos] = 'q'
		} else {
			r[pos] = 'x'
		}
	case 1:
		r = append(r[:pos], r[pos+1:]...)
	case 2:
		r = append(r[:pos], append([]rune{'e'}, r[pos:]...)...)
	default:
		r[pos], r[pos+1] = r[pos+1], r[pos]
	}
	w[best] = string(r)
	out := strings.Join(w, " ")
	return out, out != in.Name
}

func stripDiacritics(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, s)
	if err != nil {
		return s
	}
	return out
}

// evalRow is one row of the precision/recall table.
type evalRow struct {
	Kind                           string
	N, NGold, Top1, Matched, Wrong int
	Precision, Recall, Acc1        float64
}

func evaluate(l *Linker, cases []evalCase) []evalRow {
	rows := map[string]*evalRow{}
	var order []string
	add := func(kind string, c evalCase, cands []Candidate) {
		r := rows[kind]
		if r == nil {
			r = &evalRow{Kind: kind}
			rows[kind] = r
			order = append(order, kind)
		}
		r.N++
		if c.Gold != "" {
			r.NGold++
		}
		// Without a referent, a list without a match is right: candidates
		// are still shown, as reconciliation shows them.
		if c.Gold != "" && len(cands) > 0 && cands[0].ID == c.Gold || c.Gold == "" && (len(cands) == 0 || !cands[0].Match) {
			r.Top1++
		}
		if len(cands) > 0 && cands[0].Match {
			r.Matched++
			if cands[0].ID != c.Gold {
				r.Wrong++
			}
		}
	}
	for _, c := range cases {
		cands, _ := l.Link(context.Background(), c.Query, 5)
		hint := "no hint"
		if c.Query.City != "" {
			hint = "city hint"
		}
		add(c.Kind, c, cands)
		add(hint, c, cands)
		add("all", c, cands)
	}
	out := make([]evalRow, 0, len(order))
	order = append(slices.DeleteFunc(order, func(k string) bool { return k == "all" }), "all")
	for _, k := range order {
		r := rows[k]
		if r.Matched > 0 {
			r.Precision = float64(r.Matched-r.Wrong) / float64(r.Matched)
		} else {
			r.Precision = 1
		}
		if r.NGold > 0 {
			r.Recall = float64(r.Matched-r.Wrong) / float64(r.NGold)
		}
		r.Acc1 = float64(r.Top1) / float64(r.N)
		out = append(out, *r)
	}
	return out
}

func formatTable(rows []evalRow) string {
	var b strings.Builder
	fmt.Fprintf(&b, "| slice | n | match:true | wrong | precision | recall | top-1 |\n|---|---|---|---|---|---|---|\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %.3f | %.3f | %.3f |\n", r.Kind, r.N, r.Matched, r.Wrong, r.Precision, r.Recall, r.Acc1)
	}
	return b.String()
}

// TestEvaluation measures the linker on the sampled evaluation set and
// pins the targets: precision of match:true ≥ 0.98 overall.
func TestEvaluation(t *testing.T) {
	t.Parallel()
	l := testLinker(t)
	cases := evalSet(l.ds)
	require.Len(t, cases, 1000)
	cases = append(cases, absentSet(l, 100)...)
	cases = append(cases, namesakeSet(l, 100)...)
	rows := evaluate(l, cases)
	t.Logf("threshold %.2f\n%s", l.matchThreshold, formatTable(rows))
	all := rows[len(rows)-1]
	require.Equal(t, "all", all.Kind)
	require.GreaterOrEqual(t, all.Precision, 0.98)
	require.GreaterOrEqual(t, all.Acc1, 0.85)
	require.GreaterOrEqual(t, all.Recall, 0.9)
}

// TestThresholdSweep prints precision and recall of match:true for a range
// of thresholds; DefaultMatchThreshold was chosen from it.
func TestThresholdSweep(t *testing.T) {
	t.Parallel()
	base := testLinker(t)
	cases := append(append(evalSet(base.ds), absentSet(base, 100)...), namesakeSet(base, 100)...)
	var b strings.Builder
	b.WriteString("| threshold | precision | recall |\n|---|---|---|\n")
	prevRecall := 2.0
	for _, th := range []float64{0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.88, 0.9, 0.95} {
		l := *base
		l.matchThreshold = th
		rows := evaluate(&l, cases)
		all := rows[len(rows)-1]
		fmt.Fprintf(&b, "| %.2f | %.3f | %.3f |\n", th, all.Precision, all.Recall)
		require.LessOrEqual(t, all.Recall, prevRecall, "recall cannot grow with the threshold")
		prevRecall = all.Recall
	}
	t.Log("\n" + b.String())
}

// referenceSet builds the harder references the name index is for, from
// the data, deterministically (sha1 of kind|id): partial names (a name
// without its last word, when no other record bears all the remaining
// words), generic names whose town is the hint ("Stadtarchiv" in
// Weinheim), spelling variants (Saint for St., a leading "The", a legal
// or "Trust" suffix, "Museum of X" for "X Museum", a German compound
// split), and names borne by several records asked without a hint, which
// must stay unmatched (Gold "").
func referenceSet(l *Linker, n int) []evalCase {
	ds := l.ds
	contained := func(s string) int {
		k := 0
		for _, h := range l.names.Search(s, names.Options{Limit: 5}) {
			if h.QueryCov == 1 {
				k++
			}
		}
		return k
	}
	var out []evalCase
	add := func(kind string, mk func(in *heritage.Institution) (Query, bool)) {
		cs := sample(ds, kind, n, func(in *heritage.Institution, _ string) (string, bool) {
			q, ok := mk(in)
			return q.Text + "\x00" + q.City, ok
		})
		for _, c := range cs {
			text, city, _ := strings.Cut(c.Query.Text, "\x00")
			c.Query = Query{Text: text, City: city}
			if kind == "ambiguous" {
				c.Gold = ""
			}
			out = append(out, c)
		}
	}
	add("partial", func(in *heritage.Institution) (Query, bool) {
		w := strings.Fields(in.Name)
		if len(w) < 3 {
			return Query{}, false
		}
		s := strings.Join(w[:len(w)-1], " ")
		return Query{Text: s}, contained(s) == 1 && l.names.Weight(s) >= distinctiveWeight
	})
	add("generic_city", func(in *heritage.Institution) (Query, bool) {
		w := strings.Fields(in.Name)
		if in.City == "" || len(w) != 2 || !strings.EqualFold(w[1], in.City) {
			return Query{}, false
		}
		return Query{Text: w[0], City: in.City}, true
	})
	add("variant", func(in *heritage.Institution) (Query, bool) {
		name := in.Name
		w := strings.Fields(name)
		h := hashKey("variant", in.ID)
		switch {
		case strings.Contains(name, "St. "):
			return Query{Text: strings.Replace(name, "St. ", "Saint ", 1)}, true
		case strings.Contains(name, "Saint "):
			return Query{Text: strings.Replace(name, "Saint ", "St ", 1)}, true
		case len(w) == 2 && w[1] == "Museum" && in.Country == "GB":
			return Query{Text: "Museum of the " + w[0]}, true
		case in.Country == "DE" && strings.HasSuffix(w[0], "museum") && len(w[0]) > 9:
			w[0] = w[0][:len(w[0])-6] + " Museum"
			return Query{Text: strings.Join(w, " ")}, true
		case in.Country == "DE":
			return Query{Text: name + " e.V."}, h[0] < '8'
		case h[0] < '8':
			return Query{Text: "The " + name + " Trust"}, true
		}
		return Query{Text: "The " + name}, !strings.HasPrefix(name, "The ")
	})
	add("ambiguous", func(in *heritage.Institution) (Query, bool) {
		return Query{Text: in.Name}, len(l.names.Lookup(in.Name)) > 1
	})
	return out
}

// TestReferences measures the linker on referenceSet: precision of
// match:true over all of it, recall on the references with a referent,
// and false matches on the ambiguous ones.
func TestReferences(t *testing.T) {
	t.Parallel()
	l := testLinker(t)
	cases := append(referenceSet(l, 150), absentSet(l, 150)...)
	rows := evaluate(l, cases)
	t.Logf("\n%s", formatTable(rows))
	for _, r := range rows {
		switch r.Kind {
		case "all":
			require.GreaterOrEqual(t, r.Precision, 0.98)
		case "ambiguous", "absent":
			require.LessOrEqual(t, float64(r.Matched), 0.02*float64(r.N), r.Kind)
		}
	}
}
