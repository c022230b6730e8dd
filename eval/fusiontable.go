package eval

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/router"
)

// FusionEvidence is what the table records of one intent's fit.
type FusionEvidence struct {
	Legs   []string `json:"legs"`
	Reason string   `json:"reason"`
	// Hits is the full pipeline's answer-first ranking with the baseline
	// and with the fitted fusion (CheckHits), fit half then held-out half.
	Hits     *HitsCheck    `json:"hits,omitempty"`
	Chosen   EvidenceRow   `json:"chosen"`
	Baseline EvidenceRow   `json:"baseline"`
	Others   []EvidenceRow `json:"others"`
}

// EvidenceRow is one fusion's figures; LostBy is how far its held-out
// objective falls short of the chosen fusion's (negative: it scored
// higher there, but did not win on the fit half).
type EvidenceRow struct {
	Name    string             `json:"name"`
	Method  fusion.Method      `json:"method"`
	K       float64            `json:"k,omitempty"`
	Weights map[string]float64 `json:"weights"`
	Fit     FusionScores       `json:"fit"`
	HeldOut FusionScores       `json:"held_out"`
	LostBy  float64            `json:"held_out_lost_by"`
}

func evidenceRow(r FusionRow, chosen FusionRow, legs []string) EvidenceRow {
	ws := make(map[string]float64, len(legs))
	for _, l := range legs {
		ws[l] = r.Candidate.Weights[l]
	}
	e := EvidenceRow{Name: r.Name, Method: r.Candidate.Method, K: r.Candidate.K, Weights: ws, Fit: r.Fit.rounded(), HeldOut: r.HeldOut.rounded()}
	e.LostBy = round4(chosen.HeldOut.Objective() - r.HeldOut.Objective())
	return e
}

// FusionTable is the table the fits choose: each fitted intent's chosen
// fusion and weights with its evidence; intents without questions keep
// their entry. command is recorded as the command that wrote it.
func FusionTable(fits []FusionFit, current router.FusionTable, command string) router.FusionTable {
	t := current
	t.Intents = maps.Clone(current.Intents)
	t.Command = command
	t.Objective = "mean of recall@10, all-found@10 and MRR of the fused ranking (the legs' own rankings fused, before the answer set is promoted), routed intent, questions that expect nothing left out"
	t.Split = "by the parity of the FNV-1a hash of the question id: even is fitted on, odd is held out; a fusion replaces the baseline only when it gains more than one question's worth of the objective (1/n of the half) on each half"
	for _, f := range fits {
		e := t.Intents[f.Intent]
		e.FusionChoice = f.Chosen.Candidate.Choice()
		ev := FusionEvidence{Legs: f.Legs, Reason: f.Reason, Hits: roundedHits(f.Hits),
			Chosen: evidenceRow(f.Chosen, f.Chosen, f.Legs), Baseline: evidenceRow(f.Baseline, f.Chosen, f.Legs)}
		ev.Chosen.LostBy = 0
		for _, r := range f.Rows {
			if r.Name == "checked-in table" {
				continue
			}
			ev.Others = append(ev.Others, evidenceRow(r, f.Chosen, f.Legs))
		}
		raw, _ := json.Marshal(ev) // plain data: cannot fail
		e.Evidence = raw
		t.Intents[f.Intent] = e
	}
	return t
}

// WriteFusionTable writes t as indented JSON.
func WriteFusionTable(w io.Writer, t router.FusionTable) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(t); err != nil {
		return fmt.Errorf("eval: write fusion table: %w", err)
	}
	return nil
}
