package router

// legs applies the strategy matrix: which retrievers, with which weight
// and depth. Low confidence widens the plan. A name the router did not
// recognise ("the Ashmolean Museum") is found by its rare words, which
// BM25 weighs best: its leg then weighs at least half.
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
	leg := func(name string, w float64, primary bool) Leg {
		if low && !primary && w < 0.7 {
			w = 0.7
		}
		if unknownName && name == RetrieverBM25 && w < 0.5 {
			w = 0.5
		}
		return Leg{Retriever: name, Weight: w, K: k, Primary: primary}
	}
	var legs []Leg
	switch intent {
	case Factual:
		legs = []Leg{leg(RetrieverKG, 1, true), leg(RetrieverBM25, 0.5, false), leg(RetrieverVector, 0.5, false)}
		if r.wikidata {
			legs = append(legs, leg(RetrieverWikidata, 0.5, false))
		}
	case Exploratory:
		legs = []Leg{leg(RetrieverVector, 1, true), leg(RetrieverBM25, 0.5, false), leg(RetrieverKG, 0.5, false)}
	case Relationship:
		legs = []Leg{leg(RetrieverKG, 1, true), leg(RetrieverVector, 0.5, false), leg(RetrieverBM25, 0.3, false)}
	case Temporal:
		legs = []Leg{leg(RetrieverKG, 1, true), leg(RetrieverVector, 0.5, false), leg(RetrieverBM25, 0.3, false)}
	case Comparative:
		legs = []Leg{leg(RetrieverKG, 1, true), leg(RetrieverVector, 0.5, false), leg(RetrieverBM25, 0.3, false)}
	default: // Collection
		legs = []Leg{leg(RetrieverVector, 1, true), leg(RetrieverBM25, 0.5, false), leg(RetrieverKG, 0.5, false)}
	}
	if low && r.wikidata && intent != Factual {
		legs = append(legs, leg(RetrieverWikidata, 0.5, false))
	}
	return legs
}
