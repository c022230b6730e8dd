package ident

import "testing"

func BenchmarkParse(b *testing.B) {
	in := []string{"DE-MUS-117113", "DE MUS 117113", "GND 2016830-5", "https://ror.org/02m69r871", "wd:Q190804", "Heimatstube im Elbtor"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		_, _, _ = Parse(in[i%len(in)])
	}
}

func BenchmarkFind(b *testing.B) {
	text := "Welche Einrichtung hat die ISIL DE MUS 117113, und welche die GND 2016830-5? " +
		"Compare Tyne-and-Wear Archives & Museums (1990-2000, NE61 1PJ) with Q190804."
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if len(Find(text)) != 3 {
			b.Fatal("want 3 mentions")
		}
	}
}
