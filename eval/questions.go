package eval

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/router"
)

// Question is one gold question (one line of a questions file).
type Question struct {
	ID       string      `json:"id"`
	Question string      `json:"question"`
	Intent   plan.Intent `json:"intent"`
	// Expected are the ids every correct retrieval must return.
	Expected []string `json:"expected_ids"`
	// Acceptable are ids that are correct but optional: neither required
	// nor counted as wrong.
	Acceptable []string `json:"acceptable_ids"`
	// Answer is the short text answer ("DE-MUS-811216", "1998", "3
	// museums: …").
	Answer string `json:"answer"`
	Notes  string `json:"notes"`
	// Lang is the question's language (en, nl, de); "neutral" when it
	// holds no word of any language (keywords and a name: "ISIL
	// Ernst-Haeckel-Haus"); "" when not stated.
	Lang string `json:"lang,omitempty"`
	// Frame names the template a generated question was made from
	// ("field_isil", "yesno_accredited", "honesty_unknown_isil", …).
	Frame string `json:"frame,omitempty"`
	// Noise is the perturbation applied to a generated question: none,
	// typo, lowercase or shorthand.
	Noise string `json:"noise,omitempty"`
	// Need groups the wordings of one need in a paraphrase set: every
	// question with the same need asks the same thing and has the same
	// gold answer (see ScoreParaphrases).
	Need string `json:"need,omitempty"`
	// Style is a paraphrase's wording style (question, imperative,
	// keywords, polite, fronted, clause).
	Style string `json:"style,omitempty"`
	// Template is the paraphrase a generated question was written from,
	// with its placeholders ("What is the ISIL code of {name}?"); it is
	// not written to the files, and "" for questions read from one.
	Template string `json:"-"`
	// Line is the 1-based line of the question in its file.
	Line int `json:"-"`
}

// ErrInvalidQuestion marks a line that is not a usable question.
var ErrInvalidQuestion = errors.New("invalid question")

// LineError is a rejected line of a questions file; the line is skipped.
type LineError struct {
	Line int
	ID   string // the question's id when it could be read
	Err  error
}

func (e *LineError) Error() string {
	if e.ID != "" {
		return fmt.Sprintf("line %d (%s): %v", e.Line, e.ID, e.Err)
	}
	return fmt.Sprintf("line %d: %v", e.Line, e.Err)
}

func (e *LineError) Unwrap() error { return e.Err }

// rawQuestion detects missing fields: a nil pointer is an absent key (or
// null).
type rawQuestion struct {
	ID         *string   `json:"id"`
	Question   *string   `json:"question"`
	Intent     *string   `json:"intent"`
	Expected   *[]string `json:"expected_ids"`
	Acceptable []string  `json:"acceptable_ids"`
	Answer     string    `json:"answer"`
	Notes      string    `json:"notes"`
	Lang       string    `json:"lang"`
	Frame      string    `json:"frame"`
	Noise      string    `json:"noise"`
	Need       string    `json:"need"`
	Style      string    `json:"style"`
}

// ReadQuestions reads a JSON Lines questions file. Blank lines are ignored.
// A line that is not valid JSON, lacks a required field (id, question,
// intent, expected_ids; expected_ids may be an empty list, for a question
// nothing in the data answers), names an unknown intent, repeats an id, lists an
// id twice, lists an id as both expected and acceptable, or names an id for
// which known returns false is returned as a LineError and skipped. known
// may be nil to accept every id. The error is non-nil only when r fails.
func ReadQuestions(r io.Reader, known func(id string) bool) ([]Question, []*LineError, error) {
	return readLines(r, "questions", func(b []byte, line int) (Question, string, *LineError) {
		q, lerr := parseQuestion(b, line, known)
		return q, q.ID, lerr
	})
}

// readLines reads a JSON Lines file of items with ids: a byte order mark
// and blank lines are ignored, a line parse rejects or whose id repeats an
// earlier one is returned as a LineError and skipped.
func readLines[T any](r io.Reader, what string, parse func(b []byte, line int) (T, string, *LineError)) ([]T, []*LineError, error) {
	br := bufio.NewReader(r)
	var (
		items []T
		bad   []*LineError
		ids   = map[string]int{}
		line  int
	)
	for {
		b, err := br.ReadBytes('\n')
		if len(b) > 0 {
			line++
			if line == 1 {
				b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
			}
			if len(bytes.TrimSpace(b)) > 0 {
				item, id, lerr := parse(b, line)
				if lerr == nil {
					if first, dup := ids[id]; dup {
						lerr = &LineError{Line: line, ID: id, Err: fmt.Errorf("%w: id repeats line %d", ErrInvalidQuestion, first)}
					}
				}
				if lerr != nil {
					bad = append(bad, lerr)
				} else {
					ids[id] = line
					items = append(items, item)
				}
			}
		}
		if errors.Is(err, io.EOF) {
			return items, bad, nil
		}
		if err != nil {
			return items, bad, fmt.Errorf("eval: read %s: %w", what, err)
		}
	}
}

func parseQuestion(b []byte, line int, known func(string) bool) (Question, *LineError) {
	var raw rawQuestion
	fail := func(id string, format string, a ...any) (Question, *LineError) {
		return Question{}, &LineError{Line: line, ID: id, Err: fmt.Errorf("%w: "+format, append([]any{ErrInvalidQuestion}, a...)...)}
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &te) && te.Field == "":
			return fail("", "invalid JSON: want an object, got %s", te.Value)
		case errors.As(err, &te):
			return fail("", "invalid JSON: %s: want %s, got %s", te.Field, jsonKind(te.Type.Kind()), te.Value)
		}
		return fail("", "invalid JSON: %v", err)
	}
	id := trimmed(raw.ID)
	missing := missingKeys(
		keyCheck{"id", id == ""},
		keyCheck{"question", trimmed(raw.Question) == ""},
		keyCheck{"intent", raw.Intent == nil || *raw.Intent == ""},
		keyCheck{"expected_ids", raw.Expected == nil},
	)
	if len(missing) > 0 {
		return fail(id, "missing or empty %s", strings.Join(missing, ", "))
	}
	q := Question{
		ID:         id,
		Question:   *raw.Question,
		Intent:     plan.Intent(*raw.Intent),
		Expected:   *raw.Expected,
		Acceptable: raw.Acceptable,
		Answer:     raw.Answer,
		Notes:      raw.Notes,
		Lang:       raw.Lang,
		Frame:      raw.Frame,
		Noise:      raw.Noise,
		Need:       raw.Need,
		Style:      raw.Style,
		Line:       line,
	}
	if q.Acceptable == nil {
		q.Acceptable = []string{}
	}
	if !q.Intent.Valid() {
		names := make([]string, len(router.Intents))
		for i, in := range router.Intents {
			names[i] = string(in)
		}
		return fail(id, "unknown intent %q (known: %s)", q.Intent, strings.Join(names, ", "))
	}
	req := pipeline.Request{Question: q.Question}
	if err := req.Validate(); err != nil {
		return fail(id, "question: %v", err)
	}
	seen := map[string]string{}
	for _, list := range []struct {
		name string
		ids  []string
	}{{"expected_ids", q.Expected}, {"acceptable_ids", q.Acceptable}} {
		for _, x := range list.ids {
			switch prev, dup := seen[x]; {
			case strings.TrimSpace(x) == "":
				return fail(id, "%s holds an empty id", list.name)
			case dup && prev == list.name:
				return fail(id, "%s lists %s twice", list.name, x)
			case dup:
				return fail(id, "%s is in both expected_ids and acceptable_ids", x)
			case known != nil && !known(x):
				return fail(id, "%s: %s is not in the data", list.name, x)
			}
			seen[x] = list.name
		}
	}
	return q, nil
}

// trimmed is *p without surrounding space, "" for nil.
func trimmed(p *string) string {
	if p == nil {
		return ""
	}
	return strings.TrimSpace(*p)
}

// keyCheck says whether a required key is missing.
type keyCheck struct {
	key     string
	missing bool
}

// missingKeys lists the missing keys in order.
func missingKeys(checks ...keyCheck) []string {
	var out []string
	for _, c := range checks {
		if c.missing {
			out = append(out, c.key)
		}
	}
	return out
}

func jsonKind(k reflect.Kind) string {
	switch k {
	case reflect.Slice:
		return "a list of strings"
	case reflect.String, reflect.Pointer:
		return "a string"
	}
	return k.String()
}
