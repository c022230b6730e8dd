package eval

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRanking(t *testing.T) {
	for _, tc := range []struct {
		name             string
		ids, acceptable  []string
		want             []string
		unchangedInputID string
	}{
		{"nothing to drop", []string{"a", "b", "c"}, nil, []string{"a", "b", "c"}, "a"},
		{"acceptable dropped, order kept", []string{"x", "acc", "a", "acc2"}, []string{"acc", "acc2"}, []string{"x", "a"}, "x"},
		{"duplicates keep the first", []string{"a", "b", "a", "c", "b"}, nil, []string{"a", "b", "c"}, "a"},
		{"empty", nil, []string{"acc"}, []string{}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := append([]string(nil), tc.ids...)
			require.Equal(t, tc.want, Ranking(in, tc.acceptable))
			require.Equal(t, tc.ids, in, "the input is not modified")
		})
	}
}

func TestRankMetrics(t *testing.T) {
	// ranked: a x b y c; expected a b c d. Hits at ranks 1, 3 and 5.
	ranked := []string{"a", "x", "b", "y", "c"}
	expected := []string{"a", "b", "c", "d"}
	for _, tc := range []struct {
		name string
		got  float64
		want float64
	}{
		{"recall@1", RecallAt(ranked, expected, 1), 1.0 / 4},
		{"recall@3", RecallAt(ranked, expected, 3), 2.0 / 4},
		{"recall@5", RecallAt(ranked, expected, 5), 3.0 / 4},
		{"recall@10 beyond the list", RecallAt(ranked, expected, 10), 3.0 / 4},
		{"recall@0", RecallAt(ranked, expected, 0), 0},
		{"recall with nothing expected", RecallAt(ranked, nil, 10), 0},
		{"recall counts a repeated expected id once", RecallAt([]string{"a", "a"}, []string{"a", "b"}, 2), 0.5},
		{"recall with a duplicate expected id", RecallAt([]string{"a"}, []string{"a", "a"}, 1), 1},
		{"all-found@5 misses d", AllFoundAt(ranked, expected, 5), 0},
		{"all-found@5 of a b c", AllFoundAt(ranked, []string{"a", "b", "c"}, 5), 1},
		{"all-found@3 of a b c", AllFoundAt(ranked, []string{"a", "b", "c"}, 3), 0},
		{"all-found with more expected than k", AllFoundAt([]string{"a", "b"}, []string{"a", "b"}, 1), 0},
		{"reciprocal rank at 1", ReciprocalRank(ranked, expected), 1},
		{"reciprocal rank at 3", ReciprocalRank([]string{"x", "y", "b"}, expected), 1.0 / 3},
		{"reciprocal rank, none", ReciprocalRank([]string{"x", "y"}, expected), 0},
		// DCG@5 = 1/log2(2) + 1/log2(4) + 1/log2(6) = 1 + 0.5 + 0.386853 = 1.886853
		// IDCG@5 (4 expected) = 1 + 1/log2(3) + 1/log2(4) + 1/log2(5) = 2.561606
		{"ndcg@5 worked example", NDCGAt(ranked, expected, 5), 0.7365896932159578},
		// At k = 2 only a counts: DCG = 1, IDCG@2 = 1 + 1/log2(3).
		{"ndcg@2", NDCGAt(ranked, expected, 2), 1 / (1 + 1/math.Log2(3))},
		{"ndcg perfect", NDCGAt([]string{"a", "b"}, []string{"b", "a"}, 10), 1},
		{"ndcg counts a repeated id once", NDCGAt([]string{"a", "a"}, []string{"a", "b"}, 10), 1 / (1 + 1/math.Log2(3))},
		{"ndcg nothing found", NDCGAt([]string{"x"}, expected, 10), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.InDelta(t, tc.want, tc.got, 1e-12)
		})
	}
}

// TestAcceptableIDsAreNeitherRequiredNorPenalised follows the dataset's
// scoring rule: acceptable ids are dropped from the ranking before the
// rank-based metrics, so an expected id behind them moves up.
func TestAcceptableIDsAreNeitherRequiredNorPenalised(t *testing.T) {
	hits := []string{"acc", "a", "x", "b"}
	expected := []string{"a", "b"}
	acceptable := []string{"acc"}

	ranked := Ranking(hits, acceptable)
	require.Equal(t, []string{"a", "x", "b"}, ranked)
	require.InDelta(t, 1.0, ReciprocalRank(ranked, expected), 1e-12, "a moves to rank 1")
	require.InDelta(t, 0.5, RecallAt(ranked, expected, 1), 1e-12)
	require.InDelta(t, 1.0, AllFoundAt(ranked, expected, 3), 1e-12, "b is now within the top 3")
	// DCG = 1 + 1/log2(4) = 1.5; IDCG = 1 + 1/log2(3).
	require.InDelta(t, 1.5/(1+1/math.Log2(3)), NDCGAt(ranked, expected, 10), 1e-12)

	// Without dropping, the acceptable id would cost a rank.
	require.InDelta(t, 0.5, ReciprocalRank(hits, expected), 1e-12)
}

func TestSetPRF(t *testing.T) {
	for _, tc := range []struct {
		name                       string
		predicted, expected, accep []string
		p, r, f1                   float64
	}{
		{"exact", []string{"a", "b"}, []string{"a", "b"}, nil, 1, 1, 1},
		{"one wrong, one missing", []string{"a", "x"}, []string{"a", "b"}, nil, 0.5, 0.5, 0.5},
		// P = 2/3, R = 2/4 → F1 = 2·(2/3)·(1/2)/(2/3+1/2) = 4/7.
		{"partial", []string{"a", "b", "x"}, []string{"a", "b", "c", "d"}, nil, 2.0 / 3, 0.5, 4.0 / 7},
		{"acceptable removed before precision", []string{"a", "acc", "b"}, []string{"a", "b"}, []string{"acc"}, 1, 1, 1},
		{"acceptable not required", []string{"a"}, []string{"a"}, []string{"acc"}, 1, 1, 1},
		{"acceptable and wrong", []string{"a", "acc", "x"}, []string{"a"}, []string{"acc"}, 0.5, 1, 2.0 / 3},
		{"duplicates count once", []string{"a", "a", "b"}, []string{"a", "b"}, nil, 1, 1, 1},
		{"only acceptable ids", []string{"acc"}, []string{"a"}, []string{"acc"}, 0, 0, 0},
		{"empty prediction", nil, []string{"a"}, nil, 0, 0, 0},
		{"all wrong", []string{"x", "y"}, []string{"a"}, nil, 0, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, r, f1 := SetPRF(tc.predicted, tc.expected, tc.accep)
			require.InDelta(t, tc.p, p, 1e-12, "precision")
			require.InDelta(t, tc.r, r, 1e-12, "recall")
			require.InDelta(t, tc.f1, f1, 1e-12, "F1")
		})
	}
}

func TestNormalizeAnswer(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"DE-MUS-811216", "de mus 811216"},
		{"  de mus\t811216. ", "de mus 811216"},
		{"LS29 9HR", "ls29 9hr"},
		{"ls29  9hr", "ls29 9hr"},
		{"Brooklyn Children’s Museum", "brooklyn childrens museum"},
		{"Brooklyn Children's Museum", "brooklyn childrens museum"},
		{"https://www.tate.org.uk/", "https www tate org uk"},
		{"Porzellanikon+Deutsches Porzellanmuseum", "porzellanikon deutsches porzellanmuseum"},
		{"Städtisches Museum", "städtisches museum"},
		{"independent not-for-profit (Independent-Not_for_profit)", "independent not for profit independent not for profit"},
		{"", ""},
		{"...", ""},
	} {
		t.Run(tc.in, func(t *testing.T) {
			require.Equal(t, tc.want, NormalizeAnswer(tc.in))
		})
	}
}

func TestExactMatch(t *testing.T) {
	for _, tc := range []struct {
		name, predicted, gold string
		want                  bool
	}{
		{"identical", "DE-2291", "DE-2291", true},
		{"case and punctuation", "de 2291", "DE-2291", true},
		{"different value", "DE-2292", "DE-2291", false},
		{"year", "1998", "1998", true},
		{"trailing slash of a URL", "https://www.kbr.be/", "https://www.kbr.be", true},
		{"gold qualifier is optional", "Surrey Infantry Museum", "Surrey Infantry Museum (closed 2015, after the fire)", true},
		{"predicted qualifier is optional", "The Museum of Rugby (1996-2007)", "The Museum of Rugby", true},
		{"both qualified alike", "Severn Warehouse (1977-1988); Museum of the River (1989-1997)", "Severn Warehouse (1977-1988); Museum of the River (1989-1997)", true},
		{"qualifiers never both stripped", "independent (charity)", "independent (type unknown)", false},
		{"prefix is not a match", "Museum", "Museum of the River", false},
		{"empty prediction", "", "1998", false},
		{"empty gold", "1998", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, ExactMatch(tc.predicted, tc.gold))
		})
	}
}

func TestShortAnswer(t *testing.T) {
	for _, tc := range []struct {
		name string
		q    Question
		want bool
	}{
		{"ISIL", Question{Expected: []string{"a"}, Answer: "DE-MUS-811216"}, true},
		{"year", Question{Expected: []string{"a"}, Answer: "1998"}, true},
		{"name with qualifier", Question{Expected: []string{"a"}, Answer: "Surrey Infantry Museum (closed 2015)"}, true},
		{"website", Question{Expected: []string{"a"}, Answer: "https://www.tate.org.uk"}, true},
		{"counted list of one", Question{Expected: []string{"a"}, Answer: "1 museum: Dumfries & Galloway Aviation Museum"}, false},
		{"bare count", Question{Expected: []string{"a"}, Answer: "1: Independence Memorial Museum"}, false},
		{"several expected", Question{Expected: []string{"a", "b"}, Answer: "2 museums: A; B"}, false},
		{"no answer", Question{Expected: []string{"a"}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, ShortAnswer(tc.q))
		})
	}
}

func TestPercentile(t *testing.T) {
	vals := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	require.Equal(t, 5.0, Percentile(vals, 50))
	require.Equal(t, 10.0, Percentile(vals, 95))
	require.Equal(t, 10.0, Percentile(vals, 99))
	require.Equal(t, 1.0, Percentile(vals, 1))
	require.Equal(t, 7.0, Percentile([]float64{7}, 99))
	require.Equal(t, 0.0, Percentile(nil, 50))
}
