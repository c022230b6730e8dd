package eval_test

import (
	"fmt"

	"github.com/hybridrag/hybridrag/eval"
)

// Acceptable ids are dropped from a ranking before it is scored, so an
// expected id behind one moves up.
func ExampleRanking() {
	hits := []string{"mm:derby", "mm:a", "mm:x", "mm:b"}
	ranked := eval.Ranking(hits, []string{"mm:derby"})
	expected := []string{"mm:a", "mm:b"}
	fmt.Println(ranked)
	fmt.Printf("recall@1 %.2f, MRR %.2f, all-found@3 %.0f\n",
		eval.RecallAt(ranked, expected, 1), eval.ReciprocalRank(ranked, expected), eval.AllFoundAt(ranked, expected, 3))
	// Output:
	// [mm:a mm:x mm:b]
	// recall@1 0.50, MRR 1.00, all-found@3 1
}

// nDCG@10 with binary relevance: hits at ranks 1, 3 and 5 of four
// expected ids give (1 + 1/2 + 1/log2 6) / (1 + 1/log2 3 + 1/2 + 1/log2 5).
func ExampleNDCGAt() {
	ranked := []string{"a", "x", "b", "y", "c"}
	fmt.Printf("%.4f\n", eval.NDCGAt(ranked, []string{"a", "b", "c", "d"}, 10))
	// Output: 0.7366
}

func ExampleExactMatch() {
	fmt.Println(eval.ExactMatch("de-mus 811216", "DE-MUS-811216"))
	fmt.Println(eval.ExactMatch("Surrey Infantry Museum", "Surrey Infantry Museum (closed 2015)"))
	fmt.Println(eval.ExactMatch("DE-MUS-811217", "DE-MUS-811216"))
	// Output:
	// true
	// true
	// false
}

func ExampleSetPRF() {
	p, r, f1 := eval.SetPRF([]string{"a", "acc", "x"}, []string{"a", "b"}, []string{"acc"})
	fmt.Printf("precision %.2f, recall %.2f, F1 %.2f\n", p, r, f1)
	// Output: precision 0.50, recall 0.50, F1 0.50
}
