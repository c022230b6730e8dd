package fusion

import "slices"

// Clone returns a copy of f that shares no slice with it.
func (f Fused) Clone() Fused {
	f.Sources = slices.Clone(f.Sources)
	return f
}
