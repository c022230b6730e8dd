// Package clone makes deep copies of plain data values (structs, slices,
// maps, pointers, strings and numbers), so that a value handed out from a
// cache shares no mutable memory with the cached one.
//
// It is written here because none of the deep-copy libraries the project
// can depend on is kept up; it is small, and reflection keeps it correct
// as the copied types gain fields.
package clone

import (
	"reflect"
	"sync"
)

// Deep returns a copy of v that shares no slice, map or pointer target
// with it. Strings are shared (they are immutable); functions and
// channels are shared; a struct's unexported fields are copied shallowly
// (Shallow reports the types that have reference-typed ones). Cycles are
// not supported.
func Deep[T any](v T) T {
	src := reflect.ValueOf(&v).Elem()
	dst := reflect.New(src.Type()).Elem()
	deep(dst, src)
	return dst.Interface().(T)
}

func deep(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if src.IsNil() {
			return
		}
		p := reflect.New(src.Type().Elem())
		deep(p.Elem(), src.Elem())
		dst.Set(p)
	case reflect.Interface:
		if src.IsNil() {
			return
		}
		e := reflect.New(src.Elem().Type()).Elem()
		deep(e, src.Elem())
		dst.Set(e)
	case reflect.Struct:
		dst.Set(src) // every field, unexported ones shallowly
		for _, i := range deepFields(src.Type()) {
			deep(dst.Field(i), src.Field(i))
		}
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		s := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
		if hasReferences(src.Type().Elem()) {
			for i := range src.Len() {
				deep(s.Index(i), src.Index(i))
			}
		} else {
			reflect.Copy(s, src)
		}
		dst.Set(s)
	case reflect.Array:
		for i := range src.Len() {
			deep(dst.Index(i), src.Index(i))
		}
	case reflect.Map:
		if src.IsNil() {
			return
		}
		m := reflect.MakeMapWithSize(src.Type(), src.Len())
		for it := src.MapRange(); it.Next(); {
			k := reflect.New(src.Type().Key()).Elem()
			deep(k, it.Key())
			e := reflect.New(src.Type().Elem()).Elem()
			deep(e, it.Value())
			m.SetMapIndex(k, e)
		}
		dst.Set(m)
	default:
		dst.Set(src)
	}
}

// fieldPlans holds, per struct type, the indices of the exported fields
// that Deep copies deeply; refTypes memoises hasReferences. Types are few
// and copies many, and reflect.Type.Field allocates.
var fieldPlans, refTypes sync.Map

// deepFields returns the indices of t's exported fields of a reference
// type.
func deepFields(t reflect.Type) []int {
	if v, ok := fieldPlans.Load(t); ok {
		return v.([]int)
	}
	var plan []int
	for i := range t.NumField() {
		if f := t.Field(i); f.IsExported() && hasReferences(f.Type) {
			plan = append(plan, i)
		}
	}
	fieldPlans.Store(t, plan)
	return plan
}

// hasReferences reports whether a value of type t can share mutable
// memory with a copy of it.
func hasReferences(t reflect.Type) bool {
	if v, ok := refTypes.Load(t); ok {
		return v.(bool)
	}
	has := typeHasReferences(t)
	refTypes.Store(t, has)
	return has
}

func typeHasReferences(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Slice, reflect.Map:
		return true
	case reflect.Array:
		return hasReferences(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if hasReferences(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}

// Shallow returns the struct types reachable from t that have an
// unexported field of a reference type: Deep copies those fields
// shallowly, so a type meant for Deep should have none.
func Shallow(t reflect.Type) []string {
	var out []string
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(t.Elem())
		case reflect.Map:
			walk(t.Key())
			walk(t.Elem())
		case reflect.Struct:
			for i := range t.NumField() {
				f := t.Field(i)
				if !f.IsExported() && hasReferences(f.Type) {
					out = append(out, t.String()+"."+f.Name)
				}
				walk(f.Type)
			}
		}
	}
	walk(t)
	return out
}
