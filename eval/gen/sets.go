package gen

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
)

// sizeRank orders sizes: small < medium < large < huge; 0 for unknown.
func sizeRank(s string) int {
	switch s {
	case "small":
		return 1
	case "medium":
		return 2
	case "large":
		return 3
	case "huge":
		return 4
	}
	return 0
}

func ids(recs []*heritage.Institution) []string {
	out := make([]string, len(recs))
	for i, in := range recs {
		out[i] = in.ID
	}
	return out
}

func names(recs []*heritage.Institution) string {
	out := make([]string, len(recs))
	for i, in := range recs {
		out[i] = in.Name
	}
	return strings.Join(out, "; ")
}

// listAnswer writes a set answer the way the public set does: "3
// museums: A; B; C".
func listAnswer(recs []*heritage.Institution, noun string) string {
	if len(recs) == 1 {
		noun = strings.TrimSuffix(noun, "s")
	}
	return fmt.Sprintf("%d %s: %s", len(recs), noun, names(recs))
}

// splitOpen splits records into open and closed ones.
func splitOpen(recs []*heritage.Institution) (open, closed []*heritage.Institution) {
	for _, in := range recs {
		if in.IsOpen() {
			open = append(open, in)
		} else {
			closed = append(closed, in)
		}
	}
	return open, closed
}

// groupBy puts each record under every key keys gives it and calls each
// with the groups in key order.
func groupBy(recs []*heritage.Institution, keys func(*heritage.Institution) []string, each func(key string, recs []*heritage.Institution)) {
	by := map[string][]*heritage.Institution{}
	for _, in := range recs {
		for _, k := range keys(in) {
			by[k] = append(by[k], in)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(by)) {
		each(k, by[k])
	}
}

func filter(recs []*heritage.Institution, keep func(*heritage.Institution) bool) []*heritage.Institution {
	var out []*heritage.Institution
	for _, in := range recs {
		if keep(in) {
			out = append(out, in)
		}
	}
	return out
}

var listParas = para{
	LangEN: {"Which {what} are in {place}?", "List the {what} in {place}.", "What {what} are there in {place}?", "Show me {what} in {place}", "~{what} {place}"},
	LangNL: {"Welke {what} zijn er in {place}?", "Geef een overzicht van {what} in {place}."},
	LangDE: {"Welche {what} gibt es in {place}?", "Zeig mir {what} in {place}."},
}
