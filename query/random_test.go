package query_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/query"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
	"github.com/stretchr/testify/require"
)

// pools are values the bundled records hold, by the constraint they can
// fill, each once.
type pools map[string][]string

func (p pools) add(kind string, vs ...string) {
	for _, v := range vs {
		if v != "" && !slices.Contains(p[kind], v) {
			p[kind] = append(p[kind], v)
		}
	}
}

func (p pools) pick(r *rand.Rand, kind string) string {
	l := p[kind]
	return l[r.IntN(len(l))]
}

func recordPools(ds *heritage.Dataset) pools {
	p := pools{}
	for i := 0; i < len(ds.Institutions); i += 7 {
		in := &ds.Institutions[i]
		p.add("type", in.TypeCode)
		p.add("governance", in.GovernanceCode())
		p.add("size", in.Size())
		p.add("accreditation", in.Accreditation())
		p.add(plan.LevelCountry, in.Country)
		p.add(plan.LevelRegion, in.Region())
		p.add(plan.LevelSubregion, in.Subregion())
		p.add(plan.LevelCounty, in.County())
		p.add(plan.LevelDistrict, in.District())
		p.add(plan.LevelCity, in.City)
		p.add("near", ds.NearTowns(in)...)
		for _, u := range in.AdminAreas() {
			p.add(plan.LevelAdmin, u.Name)
			p.add("admin level", u.Level)
		}
		p.add("subject", in.Subjects...)
		for _, m := range in.MemberOf() {
			p.add("body", m.Name, m.NameInSource, m.ID)
		}
		for _, r := range in.Related() {
			p.add("relation", r.Relation)
			p.add("anchor", r.ID)
		}
		p.add("name", in.Name)
	}
	p.add("status", "open", "closed", "Open", "")
	p.add("year field", "opened", "closed")
	p.add("relation", heritage.RelPartOf, heritage.RelOperatedBy, "houses")
	return p
}

// randomConstraints draws one to four conditions from the pools.
func randomConstraints(r *rand.Rand, p pools) plan.Constraints {
	var c plan.Constraints
	levels := []string{plan.LevelCountry, plan.LevelRegion, plan.LevelSubregion, plan.LevelCounty, plan.LevelDistrict, plan.LevelCity, plan.LevelAdmin}
	for range 1 + r.IntN(4) {
		switch r.IntN(10) {
		case 0:
			c.TypeCodes = append(c.TypeCodes, p.pick(r, "type"))
		case 1:
			level := levels[r.IntN(len(levels))]
			pl := plan.Place{Level: level, Name: p.pick(r, level)}
			if r.IntN(3) == 0 {
				pl.Name = p.pick(r, "near") // a town, whatever the level
			}
			if level == plan.LevelAdmin && r.IntN(2) == 0 {
				pl.AdminLevel = p.pick(r, "admin level")
			}
			if level == plan.LevelCity && r.IntN(4) == 0 {
				pl.Area = p.pick(r, "admin level")
			}
			c.Places = append(c.Places, pl)
			c.NearPlace = r.IntN(3) == 0
		case 2:
			c.Subjects = append(c.Subjects, p.pick(r, "subject"))
		case 3:
			c.GovernanceCodes = append(c.GovernanceCodes, p.pick(r, "governance"))
		case 4:
			c.Sizes = append(c.Sizes, p.pick(r, "size"))
		case 5:
			c.Accreditation = p.pick(r, "accreditation")
		case 6:
			c.Status = p.pick(r, "status")
		case 7:
			y := &plan.YearRange{Field: p.pick(r, "year field")}
			if r.IntN(2) == 0 {
				y.From = 1800 + r.IntN(220)
			}
			if r.IntN(2) == 0 {
				y.To = max(y.From, 1800) + r.IntN(100)
			}
			c.Years = y
		case 8:
			c.Bodies = append(c.Bodies, plan.Body{Name: p.pick(r, "body")})
		case 9:
			n := plan.NameMatch{Name: p.pick(r, "name")}
			if r.IntN(2) == 0 {
				n = plan.NameMatch{IDs: []string{p.pick(r, "anchor")}}
			}
			c.Names, c.Relation = []plan.NameMatch{n}, p.pick(r, "relation")
		}
	}
	return c
}

// TestParityRandom compares the evaluator with the graph's selection on
// constraint sets drawn from the records' own values, in combinations
// the questions do not make.
func TestParityRandom(t *testing.T) {
	testfixture.SkipUnderRace(t)
	ds, g, s := testfixture.Dataset(t), testGraph(t), newSelector(t)
	p := recordPools(ds)
	r := rand.New(rand.NewPCG(1, 2))
	levels := []struct {
		q query.PlaceMatch
		g kg.PlaceMatch
	}{{query.Stated, kg.Stated}, {query.Derived, kg.Derived}, {query.Near, kg.Near}}
	n, nonEmpty := 400, 0
	if testing.Short() {
		n = 100
	}
	for range n {
		c := randomConstraints(r, p)
		asOf := []int{0, 1990, 2026}[r.IntN(3)]
		m := levels[r.IntN(len(levels))]
		want := g.SelectMatching(c, asOf, m.g)
		e := query.CompileMatching(c, asOf, m.q)
		require.Equal(t, want, s.selectIDs(e), "%+v asOf %d level %d: %s", c, asOf, m.q, e)
		if len(want) > 0 {
			nonEmpty++
		}
	}
	t.Logf("%d random sets agree, %d of them select something", n, nonEmpty)
	require.Greater(t, nonEmpty, n/5)
}
