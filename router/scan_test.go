package router

import (
	"slices"
	"strings"
	"testing"
)

// TestCueIndexMissesNoPhrase: every field cue a question holds, as written
// or with one typo, is among the phrases the index offers for it.
func TestCueIndexMissesNoPhrase(t *testing.T) {
	questions := []string{
		"What is the forme name of the Beamish museum?", "Wat was de vorge naam van het museum?",
		"What are the opening hours of Goddards?", "Who founded the Horniman Museum?",
		"What is the postal adress of Tate Modern?", "Was ist die Webseite vom Deutschen Museum?",
	}
	for _, q := range loadGold(t) {
		questions = append(questions, q.Question)
	}
	for _, p := range paraphrases {
		questions = append(questions, p.q)
	}
	held, typo := 0, 0
	for _, q := range questions {
		s := newScan(q, DefaultLexicon())
		exact, near := DefaultLexicon().fieldCueIndex.exact(s, nil), DefaultLexicon().fieldCueIndex.near(s, nil)
		for i, fc := range DefaultLexicon().fieldCues {
			if s.has(fc.phrase) {
				held++
				if !slices.Contains(exact, i) {
					t.Errorf("%q holds %q, which the index does not offer", q, fc.phrase)
				}
			}
			if strings.Contains(fc.phrase, " ") && !DefaultLexicon().unrecordedFields[fc.field] && s.hasNear(fc.phrase) {
				typo++
				if !slices.Contains(near, i) {
					t.Errorf("%q holds %q with a typo, which the index does not offer", q, fc.phrase)
				}
			}
		}
	}
	if held == 0 || typo == 0 {
		t.Fatalf("the questions hold %d cues as written and %d with a typo; the test needs both", held, typo)
	}
}
