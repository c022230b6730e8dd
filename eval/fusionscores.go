package eval

import (
	"fmt"
	"strconv"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/router"
)

// FusionScores are the ranking metrics of one fusion on some questions.
type FusionScores struct {
	N            int     `json:"n"`
	RecallAt10   float64 `json:"recall_at_10"`
	AllFoundAt10 float64 `json:"all_found_at_10"`
	MRR          float64 `json:"mrr"`
}

// Objective is what the fit maximises: the mean of recall@10,
// all-found@10 and MRR.
func (s FusionScores) Objective() float64 { return (s.RecallAt10 + s.AllFoundAt10 + s.MRR) / 3 }

func (s FusionScores) text() string {
	return fmt.Sprintf("%.3f / %.3f / %.3f", s.RecallAt10, s.AllFoundAt10, s.MRR)
}

// rounded keeps four decimals, as the table records them.
func (s FusionScores) rounded() FusionScores {
	return FusionScores{N: s.N, RecallAt10: round4(s.RecallAt10), AllFoundAt10: round4(s.AllFoundAt10), MRR: round4(s.MRR)}
}

type sums struct {
	n         int
	r, a, mrr float64
}

func (s sums) scores() FusionScores {
	if s.n == 0 {
		return FusionScores{}
	}
	n := float64(s.n)
	return FusionScores{N: s.n, RecallAt10: s.r / n, AllFoundAt10: s.a / n, MRR: s.mrr / n}
}

// scoreHalves fuses every sample's legs with c and scores the fused
// ranking, per half.
func scoreHalves(samples []FusionSample, c FusionCandidate) [2]FusionScores {
	var acc [2]sums
	p := c.params()
	lists := make([]fusion.Ranked, 0, 4)
	for _, s := range samples {
		lists = lists[:0]
		for _, l := range s.Legs {
			w := router.LegWeight(c.Weights[l.Source], l.Source, l.Primary, s.Uncertain, s.UnknownName)
			lists = append(lists, fusion.Ranked{Source: l.Source, Weight: w, Hits: l.Hits})
		}
		var ids []string
		for _, f := range fusion.Fuse(lists, p) {
			ids = append(ids, f.ID)
		}
		ranked := Ranking(ids, s.Question.Acceptable)
		h := &acc[Half(s.Question.ID)]
		h.n++
		h.r += RecallAt(ranked, s.Question.Expected, 10)
		h.a += AllFoundAt(ranked, s.Question.Expected, 10)
		h.mrr += ReciprocalRank(ranked, s.Question.Expected)
	}
	return [2]FusionScores{acc[0].scores(), acc[1].scores()}
}

// oneQuestion is the most one of n questions moves the objective: 1/n
// (it moves each of the three metrics by at most 1/n).
func oneQuestion(n int) float64 {
	if n == 0 {
		return 1
	}
	return 1 / float64(n)
}

func round4(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 4, 64), 64)
	return v
}
