package fusion

import (
	"fmt"
	"strings"
)

// Method names a fusion.
type Method string

// The fusions.
const (
	// MethodRRF is Reciprocal Rank Fusion (RRF): ranks only.
	MethodRRF Method = "rrf"
	// MethodRelative is relative score fusion (RelativeScore): min–max
	// normalised scores.
	MethodRelative Method = "relative"
	// MethodDBSF is distribution-based score fusion (DBSF): scores
	// normalised by mean ± 3σ.
	MethodDBSF Method = "dbsf"
)

// Methods lists every fusion in a fixed order.
func Methods() []Method { return []Method{MethodRRF, MethodRelative, MethodDBSF} }

// Valid reports whether m names a fusion.
func (m Method) Valid() bool {
	switch m {
	case MethodRRF, MethodRelative, MethodDBSF:
		return true
	}
	return false
}

// ParseMethod reads a fusion name ("rrf", "relative", "dbsf"; case and
// surrounding space do not matter).
func ParseMethod(s string) (Method, error) {
	m := Method(strings.ToLower(strings.TrimSpace(s)))
	if !m.Valid() {
		if len(s) > 32 {
			s = s[:32] + "…"
		}
		return "", fmt.Errorf("%w: unknown fusion %q (known: %s)", ErrInvalidParams, s, MethodList())
	}
	return m, nil
}

// MethodList is the fusion names, comma separated, for messages.
func MethodList() string {
	ms := Methods()
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = string(m)
	}
	return strings.Join(names, ", ")
}

// Fuse runs the fusion p.Method names ("" is RRF). It expects inputs that
// pass Validate and never modifies them.
func Fuse(lists []Ranked, p Params) []Fused {
	switch p.Method {
	case MethodRelative:
		return RelativeScore(lists, p)
	case MethodDBSF:
		return DBSF(lists, p)
	default:
		return RRF(lists, p)
	}
}
