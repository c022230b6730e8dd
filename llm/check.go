package llm

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/ident"
	"github.com/hybridrag/hybridrag/internal/textfold"
)

// Source is one numbered source an answer may cite: Names are the
// institution's names, Text everything its record states (the record's
// fields, flattened). A sentence that cites it may state what Text holds.
type Source struct {
	N     int
	Names []string
	Text  string
}

// Why a written answer is rejected; a *CheckError wraps one of them.
var (
	ErrUncited         = errors.New("cites no source")
	ErrUnknownCitation = errors.New("cites a source that was not given")
	ErrUnsupported     = errors.New("states what its cited sources do not")
)

// CheckError is the first sentence of an answer that failed the check.
type CheckError struct {
	Sentence int // 1-based
	Text     string
	Err      error // ErrUncited, ErrUnknownCitation or ErrUnsupported
	Detail   string
}

func (e *CheckError) Error() string {
	msg := fmt.Sprintf("sentence %d %q %v", e.Sentence, clip(e.Text, 120), e.Err)
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	return msg
}

func (e *CheckError) Unwrap() error { return e.Err }

// Check reads a written answer sentence by sentence and accepts it only
// when every sentence cites at least one source ("[n]", "[n, m]"), every
// cited number is one of sources, and every year, identifier (ISIL, QID,
// GHCID, GND, ROR) and institution name the sentence states occurs in the
// sources it cites. An institution name is a name of any given source, or
// a capitalised phrase with an institution word (museum, archive,
// library, …). It returns the cited numbers in order of first citation,
// or a *CheckError for the first sentence that fails.
func Check(answer string, sources []Source) ([]int, error) {
	byN := make(map[int]*source, len(sources))
	all := make([]*source, 0, len(sources))
	for _, s := range sources {
		fs := &source{n: s.N, text: " " + textfold.Words(s.Text+" "+strings.Join(s.Names, " ")) + " "}
		for _, name := range s.Names {
			if w := textfold.Words(name); w != "" {
				fs.names = append(fs.names, " "+w+" ")
			}
		}
		byN[s.N] = fs
		all = append(all, fs)
	}
	var cited []int
	sentences := Sentences(answer)
	if len(sentences) == 0 {
		return nil, &CheckError{Sentence: 1, Err: ErrUncited, Detail: "the answer is empty"}
	}
	for i, sent := range sentences {
		fail := func(err error, format string, a ...any) error {
			return &CheckError{Sentence: i + 1, Text: sent, Err: err, Detail: fmt.Sprintf(format, a...)}
		}
		nums, plain := citations(sent)
		if len(nums) == 0 {
			return nil, fail(ErrUncited, "")
		}
		var hay []*source
		for _, n := range nums {
			s, ok := byN[n]
			if !ok {
				return nil, fail(ErrUnknownCitation, "[%d]", n)
			}
			hay = append(hay, s)
			if !slices.Contains(cited, n) {
				cited = append(cited, n)
			}
		}
		if claim, ok := unsupported(plain, hay, all); !ok {
			return nil, fail(ErrUnsupported, "%s", claim)
		}
	}
	return cited, nil
}

// source is a Source folded for matching: words separated by single
// spaces, with a space at either end.
type source struct {
	n     int
	names []string
	text  string
}

// holds reports whether one of hay holds the folded words w.
func holds(hay []*source, w string) bool {
	w = " " + w + " "
	return slices.ContainsFunc(hay, func(s *source) bool { return strings.Contains(s.text, w) })
}

var yearRe = regexp.MustCompile(`\b(1[0-9]{3}|20[0-9]{2})\b`)

// unsupported returns the first claim of a sentence (citation markers
// removed) that none of its cited sources hold.
func unsupported(sent string, hay, all []*source) (string, bool) {
	rest := sent
	for _, m := range slices.Backward(ident.Find(sent)) {
		if !holds(hay, textfold.Words(m.ID.Value)) {
			return "identifier " + m.ID.Value + " is not in the cited records", false
		}
		rest = rest[:m.Start] + " " + rest[m.End:]
	}
	for _, y := range yearRe.FindAllString(rest, -1) {
		if !holds(hay, y) {
			return "the year " + y + " is not in the cited records", false
		}
	}
	folded := " " + textfold.Words(rest) + " "
	for _, s := range all {
		if slices.Contains(hay, s) {
			continue
		}
		for _, name := range s.names {
			if strings.Contains(folded, name) && !slices.ContainsFunc(hay, func(h *source) bool { return strings.Contains(h.text, name) }) {
				return fmt.Sprintf("%q is the name of source [%d], which the sentence does not cite", strings.TrimSpace(name), s.n), false
			}
		}
	}
	for _, p := range namePhrases(rest) {
		if !holds(hay, textfold.Words(p)) {
			return fmt.Sprintf("the name %q is not in the cited records", p), false
		}
	}
	return "", true
}

// institutionWords mark a capitalised phrase as an institution's name;
// they match inside compounds ("Naturmuseum", "Stadtarchiv").
var institutionWords = []string{"museum", "museo", "musee", "archiv", "archief", "library", "biblio", "galer", "gallery", "kunsthalle", "heimatstube"}

// connectors may stand inside a name between capitalised words.
var connectors = map[string]bool{"of": true, "the": true, "for": true, "and": true, "&": true, "de": true, "der": true,
	"des": true, "du": true, "la": true, "le": true, "im": true, "am": true, "an": true, "in": true, "fur": true, "van": true, "voor": true, "het": true}

// namePhrases returns the runs of capitalised words (with connectors
// between them) that contain an institution word.
func namePhrases(s string) []string {
	words := strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '’' && r != '&' && r != '-'
	})
	var out []string
	flush := func(run []string) {
		for len(run) > 0 && connectors[textfold.Fold(run[len(run)-1])] {
			run = run[:len(run)-1]
		}
		for len(run) > 0 && connectors[textfold.Fold(run[0])] {
			run = run[1:]
		}
		for _, w := range run {
			f := textfold.Fold(w)
			if slices.ContainsFunc(institutionWords, func(k string) bool { return strings.Contains(f, k) }) {
				out = append(out, strings.Join(run, " "))
				return
			}
		}
	}
	var run []string
	for _, w := range words {
		r := []rune(w)
		switch {
		case unicode.IsUpper(r[0]):
			run = append(run, w)
		case len(run) > 0 && connectors[textfold.Fold(w)]:
			run = append(run, w)
		default:
			flush(run)
			run = nil
		}
	}
	flush(run)
	return out
}

var citeRe = regexp.MustCompile(`\[\s*(\d+(?:\s*[,;]\s*\d+)*)\s*\]`)

// citations returns the numbers a sentence cites and the sentence without
// its citation markers.
func citations(sent string) ([]int, string) {
	var nums []int
	for _, m := range citeRe.FindAllStringSubmatch(sent, -1) {
		for f := range strings.FieldsFuncSeq(m[1], func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
			if n, err := strconv.Atoi(f); err == nil {
				nums = append(nums, n)
			}
		}
	}
	return nums, citeRe.ReplaceAllString(sent, " ")
}

// abbreviations end with a full stop that does not end a sentence.
var abbreviations = map[string]bool{"st": true, "dr": true, "mr": true, "mrs": true, "ms": true, "prof": true, "no": true,
	"nr": true, "co": true, "ltd": true, "inc": true, "mt": true, "ft": true, "jr": true, "sr": true, "e.g": true,
	"i.e": true, "etc": true, "vs": true, "ca": true, "bzw": true, "z.b": true, "u.a": true}

// Sentences splits text into sentences: at a line break, or after ".",
// "!" or "?" (and the citation markers that follow it) before a space,
// except after an abbreviation or an initial. Empty sentences and list
// bullets are dropped.
func Sentences(text string) []string {
	var out []string
	add := func(s string) {
		s = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(s), "-*•"))
		if s != "" {
			out = append(out, s)
		}
	}
	for line := range strings.Lines(text) {
		start := 0
		for i := 0; i < len(line); i++ {
			c := line[i]
			if c != '.' && c != '!' && c != '?' {
				continue
			}
			end := i + 1
			for {
				loc := citeRe.FindStringIndex(line[end:])
				if loc == nil || strings.TrimSpace(line[end:end+loc[0]]) != "" {
					break
				}
				end += loc[1]
			}
			if end < len(line) && !unicode.IsSpace(rune(line[end])) {
				continue
			}
			if c == '.' && abbreviated(line[start:i]) {
				continue
			}
			add(line[start:end])
			start, i = end, end-1
		}
		add(line[start:])
	}
	return out
}

// abbreviated reports whether s ends with an abbreviation or an initial.
func abbreviated(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 {
		return false
	}
	last := strings.ToLower(strings.TrimLeft(f[len(f)-1], "(\"'"))
	return abbreviations[last] || len([]rune(last)) == 1 && unicode.IsLetter([]rune(last)[0])
}
