package router

import "testing"

func TestZZDebug(t *testing.T) {
	r := newTestRouter(t)
	q := "My sister asked me at dinner and I was stumped, so how many accredited museums are there in Brent?"
	p, _ := r.route(q)
	t.Logf("route places=%v", p.Constraints.Places)
	p = r.reread(q)
	t.Logf("reread places=%v", p.Constraints.Places)
	c, rest := r.splitReason(q)
	t.Logf("split %q | %q", c, rest)
	p = r.reread("My sister asked me at dinner and I was stumped")
	t.Logf("clause places=%v", p.Constraints.Places)
}
