package heritage

import "testing"

func BenchmarkDeriveLocations(b *testing.B) {
	ds, err := Embedded()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		ds.deriveLocations()
	}
}
