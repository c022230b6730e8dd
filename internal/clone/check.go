package clone

import (
	"fmt"
	"reflect"
	"testing"
)

// Fill sets every exported field reachable from the pointer v to a
// non-zero value: strings, numbers and booleans set, slices of two
// elements, maps of one entry, pointers to filled values. A test fills
// a value, clones it and checks the copy with Shared, so a field that a
// Clone method forgets is found, whenever it was added.
func Fill(v any) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		panic("clone.Fill: want a non-nil pointer")
	}
	fill(rv.Elem(), 0)
}

// maxFillDepth stops Fill in recursive types.
const maxFillDepth = 8

func fill(v reflect.Value, depth int) {
	if depth > maxFillDepth {
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d", depth))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(depth + 1))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(depth + 1))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(depth) + 0.5)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fill(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := range 2 {
			fill(s.Index(i), depth+1)
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			fill(v.Index(i), depth+1)
		}
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k := reflect.New(v.Type().Key()).Elem()
		e := reflect.New(v.Type().Elem()).Elem()
		fill(k, depth+1)
		fill(e, depth+1)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), depth+1)
			}
		}
	}
}

// Shared returns the paths at which a and b, two values of one type,
// share mutable memory: the same slice backing array, map or pointer
// target. An empty result means that editing one cannot change the
// other.
func Shared(a, b any) []string {
	var out []string
	shared(reflect.ValueOf(a), reflect.ValueOf(b), reflect.TypeOf(a).String(), &out)
	return out
}

func shared(a, b reflect.Value, path string, out *[]string) {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return
		}
		if a.Pointer() == b.Pointer() {
			*out = append(*out, path)
			return
		}
		shared(a.Elem(), b.Elem(), path, out)
	case reflect.Interface:
		if !a.IsNil() && !b.IsNil() {
			shared(a.Elem(), b.Elem(), path, out)
		}
	case reflect.Slice:
		if a.Cap() > 0 && b.Cap() > 0 && a.Pointer() == b.Pointer() {
			*out = append(*out, path)
			return
		}
		for i := range min(a.Len(), b.Len()) {
			shared(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i), out)
		}
	case reflect.Array:
		for i := range a.Len() {
			shared(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i), out)
		}
	case reflect.Map:
		if a.IsNil() || b.IsNil() {
			return
		}
		if a.UnsafePointer() == b.UnsafePointer() {
			*out = append(*out, path)
			return
		}
		for it := a.MapRange(); it.Next(); {
			if e := b.MapIndex(it.Key()); e.IsValid() {
				shared(it.Value(), e, fmt.Sprintf("%s[%v]", path, it.Key()), out)
			}
		}
	case reflect.Struct:
		for i := range a.NumField() {
			if f := a.Type().Field(i); f.IsExported() {
				shared(a.Field(i), b.Field(i), path+"."+f.Name, out)
			}
		}
	}
}

// Check fills a T, copies it with clone and fails t unless the copy is
// equal to the original and shares no mutable memory with it: the test
// every Clone method gets.
func Check[T any](t testing.TB, clone func(T) T) {
	t.Helper()
	var v T
	Fill(&v)
	c := clone(v)
	if !reflect.DeepEqual(v, c) {
		t.Errorf("the copy differs from the original:\n%+v\n%+v", v, c)
	}
	if s := Shared(v, c); len(s) > 0 {
		t.Errorf("the copy shares memory with the original at %v", s)
	}
}
