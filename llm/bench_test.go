package llm_test

import (
	"testing"

	"github.com/hybridrag/hybridrag/llm"
)

// tenSources are the ten records the Solothurn question cites.
func tenSources(b *testing.B) []llm.Source {
	return recordSources(b, "ror:000xwam85", "mm:mm.aim82NM.130", "wd:Q19835577", "wd:Q76634223", "wd:Q1954663",
		"wd:Q1970394", "wd:Q1970386", "wd:Q1954493", "wd:Q76632106", "wd:Q76637533")
}

// BenchmarkCheck checks a two-sentence answer against the ten records of
// a question, folding the records as the pipeline does for each answer.
func BenchmarkCheck(b *testing.B) {
	sources := tenSources(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := llm.Check(goodText, sources); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGate streams the answer through a Gate a word at a time.
func BenchmarkGate(b *testing.B) {
	sources := tenSources(b)
	c := llm.NewChecker(sources)
	b.ReportAllocs()
	for b.Loop() {
		g := c.Gate(func(string) {})
		for i, start := 0, 0; i <= len(goodText); i++ {
			if i == len(goodText) || goodText[i] == ' ' {
				g.Token(goodText[start:i])
				start = i
			}
		}
	}
}
