package eval

import (
	"fmt"
	"html"
	"io"
	"strings"
)

// chartColors are the bar colours, one per configuration in run order
// (repeating after the last).
var chartColors = []string{"#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#e15759", "#76b7b2", "#edc948"}

// WriteChart writes an SVG bar chart of recall@10: one group of bars per
// intent plus one for all questions, one bar per configuration.
func (r *Report) WriteChart(w io.Writer) error {
	type group struct {
		label string
		get   func(ConfigReport) Summary
	}
	var groups []group
	for _, in := range r.Intents {
		groups = append(groups, group{string(in), func(c ConfigReport) Summary { return c.ByIntent[in] }})
	}
	groups = append(groups, group{"all", func(c ConfigReport) Summary { return c.Overall }})

	const (
		barW    = 16.0
		gap     = 28.0
		left    = 56.0
		top     = 48.0
		plotH   = 280.0
		bottom  = 44.0
		legendH = 22.0
	)
	nc := max(len(r.Order), 1)
	groupW := float64(nc)*barW + gap
	plotW := float64(len(groups)) * groupW
	width := left + plotW + 24
	height := top + plotH + bottom + legendH*float64((len(r.Order)+2)/3) + 8
	y := func(v float64) float64 { return top + plotH*(1-min(max(v, 0), 1)) }

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="12">`+"\n",
		width, height, width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="#ffffff"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%.0f" y="24" font-size="15" font-weight="bold">Recall@10 by intent and configuration</text>`+"\n", left)
	for i := 0; i <= 5; i++ {
		v := float64(i) / 5
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#dddddd"/>`+"\n", left, y(v), left+plotW, y(v))
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="end" fill="#555555">%.1f</text>`+"\n", left-6, y(v)+4, v)
	}
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#333333"/>`+"\n", left, y(0), left+plotW, y(0))
	for gi, g := range groups {
		x0 := left + float64(gi)*groupW + gap/2
		for ci, name := range r.Order {
			v := g.get(r.Configs[name]).RecallAt10
			x := x0 + float64(ci)*barW
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s, %s: recall@10 %.3f</title></rect>`+"\n",
				x, y(v), barW-2, y(0)-y(v), chartColors[ci%len(chartColors)], html.EscapeString(name), html.EscapeString(g.label), v)
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n",
			x0+float64(nc)*barW/2, y(0)+18, html.EscapeString(g.label))
	}
	ly := top + plotH + bottom
	for ci, name := range r.Order {
		lx := left + float64(ci%3)*200
		yy := ly + float64(ci/3)*legendH
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="12" height="12" fill="%s"/>`+"\n", lx, yy-10, chartColors[ci%len(chartColors)])
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f">%s</text>`+"\n", lx+18, yy, html.EscapeString(name))
	}
	b.WriteString("</svg>\n")
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("eval: write chart: %w", err)
	}
	return nil
}
