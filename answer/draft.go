package answer

// Draft is an answer before citation numbers are known: render writes the
// text given a function that returns an institution's citation marker.
type Draft struct {
	Answer
	// also are institutions the text names besides the answer's, cited
	// too: those that may belong to a list but the data cannot tell.
	also   []string
	render func(cite func(id string) string) string
	// nearestFirst tells that the set is listed nearest first, an order
	// the answer states, so that it is not listed in fused order.
	nearestFirst bool
}

// Render writes the answer's text, cite giving an institution's citation
// marker.
func (d Draft) Render(cite func(id string) string) string { return d.render(cite) }

// Also are institutions the text names besides the answer's, cited too.
func (d Draft) Also() []string { return d.also }

// NearestFirst tells that the set is listed nearest first, an order the
// answer states, so that it is not listed in fused order.
func (d Draft) NearestFirst() bool { return d.nearestFirst }
