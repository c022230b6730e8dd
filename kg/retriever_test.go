package kg

import (
	"context"
	"errors"
	"testing"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/stretchr/testify/require"
)

type hitView struct {
	ID    string
	Score float64
	Rank  int
}

func view(hs []retrieval.Hit) []hitView {
	var out []hitView
	for _, h := range hs {
		out = append(out, hitView{h.ID, h.Score, h.Rank})
	}
	return out
}

func TestRetriever(t *testing.T) {
	r := NewRetriever(testGraph(t))
	nms := plan.Constraints{Bodies: []plan.Body{{Name: "National Museums Scotland", Relation: "part_of"}}, Status: "open"}
	tests := []struct {
		name    string
		plan    *plan.Plan
		k       int
		filters filter.Set
		want    []hitView
	}{
		{"identifier", &plan.Plan{Intent: plan.Factual, Constraints: plan.Constraints{ISILs: []string{"DE-MUS-165513"}, Field: "gnd"}}, 5, nil,
			[]hitView{{"wd:Q877252", 1, 1}}},
		{"body members", &plan.Plan{Intent: plan.Relationship, Constraints: nms}, 10, nil,
			[]hitView{{"mm:mm.domus.SC277", 1, 1}, {"mm:mm.domus.SC280", 1, 2}, {"mm:mm.domus.SC281", 1, 3}}},
		{"k truncates", &plan.Plan{Constraints: nms}, 2, nil,
			[]hitView{{"mm:mm.domus.SC277", 1, 1}, {"mm:mm.domus.SC280", 1, 2}}},
		{"filters apply", &plan.Plan{Constraints: nms}, 10,
			filter.Set{{Field: "city", Op: filter.Eq, Values: []string{"Edinburgh"}}},
			[]hitView{{"mm:mm.domus.SC277", 1, 1}}},
		{"a filter on an unknown key matches nothing", &plan.Plan{Constraints: nms}, 10,
			filter.Set{{Field: "city", Op: filter.Eq, Values: []string{"Edinburgh"}}, {Field: "colour", Op: filter.Eq, Values: []string{"red"}}},
			nil},
		{"relation question: answer first, anchor after", &plan.Plan{Intent: plan.Relationship, Constraints: plan.Constraints{
			Names: []plan.NameMatch{{Name: "Derby Museum And Art Gallery", IDs: []string{"mm:mm.domus.EM034"}, Score: 1}}, Relation: "houses"}}, 10, nil,
			[]hitView{{"mm:mm.domus.EM048", 1, 1}, {"mm:mm.domus.EM034", AnchorScore, 2}}},
		{"temporal question about one institution", &plan.Plan{Intent: plan.Temporal, Constraints: plan.Constraints{
			Names: []plan.NameMatch{{Name: "Titanic Belfast", Score: 0.9}}, Field: "opened"}}, 10, nil,
			[]hitView{{"mm:mm.New.1", 0.9, 1}}},
		{"comparative sides are unioned", &plan.Plan{Intent: plan.Comparative, Sides: []plan.Constraints{
			{Bodies: []plan.Body{{Name: "Museum Nord"}}}, {Bodies: []plan.Body{{Name: "National Museums Scotland"}}}}}, 10, nil,
			[]hitView{{"ror:00mjny636", 1, 1}, {"ror:0261smd61", 1, 2}, {"mm:mm.domus.SC277", 1, 3}, {"mm:mm.domus.SC280", 1, 4}, {"mm:mm.domus.SC281", 1, 5}}},
		{"type only yields nothing", &plan.Plan{Constraints: plan.Constraints{TypeCodes: []string{"M"}, List: true}}, 10, nil, nil},
		{"no plan yields nothing", nil, 10, nil, nil},
		{"k zero yields nothing", &plan.Plan{Constraints: nms}, 0, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			hs, err := r.Retrieve(context.Background(), retrieval.Query{Text: "ignored", K: tc.k, Filters: tc.filters, Plan: tc.plan})
			require.NoError(t, err)
			require.Equal(t, tc.want, view(hs))
			for _, h := range hs {
				require.Equal(t, plan.RetrieverKG, h.Source)
				require.NotEmpty(t, h.Name)
			}
		})
	}
}

func TestRetrieverCancelled(t *testing.T) {
	r := NewRetriever(testGraph(t))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	hs, err := r.Retrieve(ctx, retrieval.Query{K: 5, Plan: &plan.Plan{Constraints: plan.Constraints{ISILs: []string{"DE-MUS-165513"}}}})
	require.ErrorIs(t, err, context.Canceled)
	require.Nil(t, hs)
}

// failingSource is a graph backend that cannot answer.
type failingSource struct{ err error }

func (f failingSource) Lookup(context.Context, string, string) ([]string, error) { return nil, f.err }
func (f failingSource) ByName(context.Context, string) ([]string, error)         { return nil, f.err }
func (f failingSource) Select(context.Context, plan.Constraints, int) ([]string, error) {
	return nil, f.err
}

func TestRetrieverOverFailingSource(t *testing.T) {
	down := errors.New("backend down")
	r := NewRetrieverOver(failingSource{down}, testGraph(t).Dataset())
	tests := []struct {
		name    string
		c       plan.Constraints
		wantErr bool
	}{
		{"identifier", plan.Constraints{ISILs: []string{"DE-MUS-165513"}}, true},
		{"selection", plan.Constraints{Bodies: []plan.Body{{Name: "National Museums Scotland"}}}, true},
		{"name", plan.Constraints{Names: []plan.NameMatch{{Name: "Titanic Belfast"}}}, true},
		{"name with ids asks nothing", plan.Constraints{Names: []plan.NameMatch{{Name: "Titanic Belfast", IDs: []string{"mm:mm.New.1"}}}}, false},
		{"type only asks nothing", plan.Constraints{TypeCodes: []string{"M"}}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			hs, err := r.Retrieve(context.Background(), retrieval.Query{K: 5, Plan: &plan.Plan{Constraints: tc.c}})
			if tc.wantErr {
				require.ErrorIs(t, err, down)
				require.Nil(t, hs)
				return
			}
			require.NoError(t, err)
		})
	}
}
