package router

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"

	"github.com/hybridrag/hybridrag/ident"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// maxQuestion is the longest question the pipeline passes to Route
// (pipeline.MaxQuestionBytes; the pipeline imports this package, so the
// value is repeated here).
const maxQuestion = 4096

// FuzzRoute plans arbitrary questions. Route must not panic, must give the
// same plan for the same question, and the plan must hold together: a
// known intent, finite confidence and scores, at least one retriever leg,
// identifiers that are valid in their scheme, and names and bodies that
// point at records of the dataset.
func FuzzRoute(f *testing.F) {
	for _, q := range []string{
		"", "?", "Which museums are part of National Museums Scotland?",
		"What is the ISIL code of Heimatstube im Elbtor?", "Which institution has ISIL DE-MUS-999999?",
		"Is Linen Hall Library older than St Andrews Cathedral Museum?", "railway museums: Lincolnshire vs Suffolk",
		"museums within 5 miles of NE61 1PJ", "Wer betreibt Goddards?", "Welche Einrichtung hat die GND 2016830-5?",
		"ROR 0degcx868 and https://ror.org/02m69r871", "wat is Q190804", "Zijn er musea in Utrecht tussen 1990 en 2000?",
		"Are there more accredited museums in Cornwall or in Devon?", "GB-ENG-MOR-M-MCBM", "muzeum muzeum muzeum muzeum",
	} {
		f.Add(q)
	}
	r := newTestRouter(f)
	f.Fuzz(func(t *testing.T, q string) {
		if len(q) > maxQuestion {
			q = q[:maxQuestion]
		}
		p := r.Route(q)
		if again := r.Route(q); !reflect.DeepEqual(p, again) {
			t.Fatalf("Route(%q) is not deterministic:\n%+v\n%+v", q, p, again)
		}
		if p.Question != q || !p.Intent.Valid() {
			t.Fatalf("Route(%q): question %q, intent %q", q, p.Question, p.Intent)
		}
		if !finiteIn01(p.Confidence) {
			t.Fatalf("Route(%q): confidence %v", q, p.Confidence)
		}
		for _, s := range p.Scores {
			if !s.Intent.Valid() || math.IsNaN(s.Score) || math.IsInf(s.Score, 0) {
				t.Fatalf("Route(%q): score %+v", q, s)
			}
		}
		if len(p.Legs) == 0 {
			t.Fatalf("Route(%q): no retriever legs", q)
		}
		for _, l := range p.Legs {
			if l.K <= 0 || !(l.Weight > 0) || math.IsInf(l.Weight, 0) {
				t.Fatalf("Route(%q): leg %+v", q, l)
			}
		}
		checkConstraints(t, q, p.Constraints)
		for _, side := range p.Sides {
			checkConstraints(t, q, side)
		}
		if _, err := json.Marshal(p); err != nil {
			t.Fatalf("Route(%q): plan does not encode: %v", q, err)
		}
	})
}

func finiteIn01(x float64) bool { return x >= 0 && x <= 1 }

// checkConstraints checks that extracted identifiers parse in their scheme
// and that names and bodies point at records.
func checkConstraints(t *testing.T, q string, c Constraints) {
	t.Helper()
	for _, ids := range []struct {
		values []string
		parse  func(string) (ident.ID, error)
	}{
		{c.ISILs, ident.ParseISIL}, {c.QIDs, ident.ParseQID}, {c.GHCIDs, ident.ParseGHCID},
		{c.GNDs, ident.ParseGND}, {c.RORs, ident.ParseROR},
	} {
		for _, v := range ids.values {
			if _, err := ids.parse(v); err != nil {
				t.Fatalf("Route(%q): extracted identifier %q is invalid: %v", q, v, err)
			}
		}
	}
	for _, id := range c.QIDs {
		if parsed, _ := ident.ParseQID(id); parsed.Value != id {
			t.Fatalf("Route(%q): QID %q is not canonical", q, id)
		}
	}
	for _, n := range c.Names {
		if n.Name == "" || len(n.IDs) == 0 || !(n.Score > 0) || n.Score > 1 {
			t.Fatalf("Route(%q): name match %+v", q, n)
		}
		knownRecords(t, q, n.IDs)
	}
	for _, b := range c.Bodies {
		if b.Name == "" {
			t.Fatalf("Route(%q): body without a name", q)
		}
		knownRecords(t, q, b.IDs)
	}
	if c.Years != nil && c.Years.From != 0 && c.Years.To != 0 && c.Years.From > c.Years.To {
		t.Fatalf("Route(%q): year range %+v", q, *c.Years)
	}
}

func knownRecords(t *testing.T, q string, ids []string) {
	t.Helper()
	for _, id := range ids {
		if _, ok := testfixture.Dataset(t).Get(id); !ok {
			t.Fatalf("Route(%q): record %q is not in the dataset", q, id)
		}
	}
}
