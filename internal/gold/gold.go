// Package gold reads the gold question file (testdata/questions.jsonl): one
// JSON object a line. It checks only that each line is a JSON object; the
// validating reader for evaluation runs is eval.ReadQuestions.
package gold

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// Question is one line of the gold question file.
type Question struct {
	ID       string `json:"id"`
	Question string `json:"question"`
	// Intent is the router intent name ("factual", "temporal", …).
	Intent string `json:"intent"`
	// ExpectedIDs are the ids every correct retrieval must return.
	ExpectedIDs []string `json:"expected_ids"`
	// AcceptableIDs are correct but optional ids.
	AcceptableIDs []string `json:"acceptable_ids"`
	Answer        string   `json:"answer"`
	// Notes state the selection rule in dataset field terms.
	Notes string `json:"notes"`
}

// Load reads the questions of the file at path, in file order. Blank lines
// are skipped; a line that is not a JSON object fails the load with an
// error naming the file and the 1-based line.
func Load(path string) ([]Question, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("gold: %w", err)
	}
	defer f.Close()
	qs, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("gold: %s: %w", path, err)
	}
	return qs, nil
}

// Read reads questions from r as Load does; errors name the 1-based line.
func Read(r io.Reader) ([]Question, error) {
	br := bufio.NewReader(r)
	var qs []Question
	for line := 1; ; line++ {
		b, err := br.ReadBytes('\n')
		if line == 1 {
			b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
		}
		if len(bytes.TrimSpace(b)) > 0 {
			var q Question
			if jerr := json.Unmarshal(b, &q); jerr != nil {
				return nil, fmt.Errorf("line %d: %w", line, jerr)
			}
			qs = append(qs, q)
		}
		if err == io.EOF {
			return qs, nil
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
	}
}
