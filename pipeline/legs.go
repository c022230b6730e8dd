package pipeline

import (
	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
)

func legWeight(pln plan.Plan, source string) float64 {
	for _, l := range pln.Legs {
		if l.Retriever == source {
			return l.Weight
		}
	}
	return 0
}

// legs turns the plan into retriever calls, each with the request's
// filters; the vector leg of exploratory and collection questions also gets
// the plan's place and type constraints as filters.
func (p *Pipeline) legs(pln plan.Plan, req Request) []leg {
	var out []leg
	for _, l := range pln.Legs {
		r, ok := p.retrievers[l.Retriever]
		if !ok {
			continue
		}
		k := max(l.K, req.K)
		filters := req.Filters
		if l.Retriever == plan.RetrieverVector && (pln.Intent == plan.Exploratory || pln.Intent == plan.Collection) {
			filters = append(constraintFilters(pln.Constraints), filters...)
		}
		pl := pln
		out = append(out, leg{
			Source:    l.Retriever,
			Retriever: r,
			Query:     retrieval.Query{Text: req.Question, K: k, Filters: filters, Plan: &pl},
			Timeout:   p.opts.LegTimeout,
		})
	}
	return out
}

// constraintFilters turns the router's place and type constraints into
// filters for the broad semantic leg of exploratory and collection
// questions.
func constraintFilters(c plan.Constraints) filter.Set {
	var fs filter.Set
	if len(c.TypeCodes) > 0 {
		fs = append(fs, filter.Filter{Field: "type_code", Op: filter.In, Values: c.TypeCodes})
	}
	if len(c.Places) == 1 {
		pl := c.Places[0]
		switch pl.Level {
		case plan.LevelCity:
			if !c.NearPlace {
				fs = append(fs, filter.Filter{Field: "city", Op: filter.Eq, Values: []string{pl.Name}})
			}
		case plan.LevelAdmin:
			v := pl.Name
			if pl.AdminLevel != "" {
				v += " (" + pl.AdminLevel + ")"
			}
			fs = append(fs, filter.Filter{Field: "admin_area", Op: filter.Contains, Values: []string{v}})
		case plan.LevelCountry, plan.LevelRegion, plan.LevelSubregion, plan.LevelCounty, plan.LevelDistrict:
			fs = append(fs, filter.Filter{Field: pl.Level, Op: filter.Eq, Values: []string{pl.Name}})
		}
	}
	for _, pl := range c.Within {
		// most records state a country; many German ones no region
		if pl.Level == plan.LevelCountry {
			fs = append(fs, filter.Filter{Field: "country", Op: filter.Eq, Values: []string{pl.Name}})
		}
	}
	return fs
}
