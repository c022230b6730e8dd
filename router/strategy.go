package router

// legs applies the strategy matrix: which retrievers, with which weight
// and depth. The weights are the fusion table's (fusion.json), measured
// per intent; LegWeight raises some of them. Low confidence widens the
// plan. A name the router did not recognise ("the Ashmolean Museum") is
// found by its rare words, which BM25 weighs best: its leg then weighs at
// least half.
func (r *Router) legs(intent Intent, conf float64, c Constraints, unknownName bool) []Leg {
	k := r.baseK
	if c.List {
		k = r.baseK * 2
	}
	if intent == Comparative && len(c.Places) > 1 {
		k = r.baseK * len(c.Places) * 2
	}
	low := conf < 0.5
	if low {
		k *= 2
	}
	if k > 100 {
		k = 100
	}
	weights := r.fusion.Intents[intent].Weights
	leg := func(name string, primary bool) Leg {
		return Leg{Retriever: name, Weight: LegWeight(weights[name], name, primary, low, unknownName), K: k, Primary: primary}
	}
	var legs []Leg
	switch intent {
	case Factual:
		legs = []Leg{leg(RetrieverKG, true), leg(RetrieverBM25, false), leg(RetrieverVector, false)}
		if r.wikidata {
			legs = append(legs, leg(RetrieverWikidata, false))
		}
	case Exploratory:
		legs = []Leg{leg(RetrieverVector, true), leg(RetrieverBM25, false), leg(RetrieverKG, false)}
	case Relationship:
		legs = []Leg{leg(RetrieverKG, true), leg(RetrieverVector, false), leg(RetrieverBM25, false)}
	case Temporal:
		legs = []Leg{leg(RetrieverKG, true), leg(RetrieverVector, false), leg(RetrieverBM25, false)}
	case Comparative:
		legs = []Leg{leg(RetrieverKG, true), leg(RetrieverVector, false), leg(RetrieverBM25, false)}
	default: // Collection
		legs = []Leg{leg(RetrieverVector, true), leg(RetrieverBM25, false), leg(RetrieverKG, false)}
	}
	if low && r.wikidata && intent != Factual {
		legs = append(legs, leg(RetrieverWikidata, false))
	}
	return legs
}
