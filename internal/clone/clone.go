// Package clone helps types copy themselves deeply, so that a value
// handed out from a cache shares no mutable memory with the cached one.
//
// A type that is cached writes its own Clone method from the helpers
// here: hand-written copies cost a fraction of a reflective deep copy on
// the cache-hit path, and Fill and Shared let one test per type prove
// that its Clone copies every field, including fields added later.
package clone

// Each returns a copy of s whose elements are copied by f; nil stays nil
// and an empty slice stays empty.
func Each[S ~[]E, E any](s S, f func(E) E) S {
	if s == nil {
		return nil
	}
	out := make(S, len(s))
	for i, e := range s {
		out[i] = f(e)
	}
	return out
}

// Ptr returns a pointer to a copy of *p made by f, or nil when p is nil.
// f may be nil for a type that holds no references.
func Ptr[T any](p *T, f func(T) T) *T {
	if p == nil {
		return nil
	}
	v := *p
	if f != nil {
		v = f(v)
	}
	return &v
}
