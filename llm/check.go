package llm

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

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

// Why a sentence of a written answer fails; a *CheckError wraps one of
// them. A sentence that cites a source not given, or states a year,
// number, identifier or institution name its cited sources do not hold,
// gets the whole answer rejected; any other failing sentence is removed.
var (
	ErrUncited         = errors.New("cites no source")
	ErrUnknownCitation = errors.New("cites a source that was not given")
	ErrUnsupported     = errors.New("states what its cited sources do not")
	ErrUnsafe          = errors.New("looks like instructions, configuration, a secret, markup or a link")
	ErrNothingChecked  = errors.New("states nothing its sources could hold")
	ErrTooLong         = errors.New("is past what is checked")
)

// ErrNothingLeft is wrapped, with the first removed sentence's
// *CheckError, when every sentence of an answer was removed.
var ErrNothingLeft = errors.New("no sentence of the answer is left")

// MaxCheckedSentences bounds the sentences of an answer that are checked;
// the ones after them are removed. The prompt asks for MaxSentences.
const MaxCheckedSentences = 8 * MaxSentences

// MaxSentenceBytes bounds a sentence that is checked; a longer one is
// removed.
const MaxSentenceBytes = 2 << 10

// CheckError is a sentence of an answer that failed the check.
type CheckError struct {
	Sentence int // 1-based
	Text     string
	Err      error // one of the Err values above
	Detail   string
}

// Error names the sentence and why it failed. The text of a sentence
// that looks unsafe is not repeated.
func (e *CheckError) Error() string {
	msg := fmt.Sprintf("sentence %d %q %v", e.Sentence, clip(e.Text, 120), e.Err)
	if errors.Is(e.Err, ErrUnsafe) || e.Text == "" {
		msg = fmt.Sprintf("sentence %d %v", e.Sentence, e.Err)
	}
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	return msg
}

func (e *CheckError) Unwrap() error { return e.Err }

// Result is a checked answer.
type Result struct {
	// Text is the answer without the removed sentences; a sentence kept
	// is as the model wrote it, and so is the space before it.
	Text string
	// Citations are the numbers the kept sentences cite, in order of
	// first citation.
	Citations []int
	// Removed are the sentences taken out, in order.
	Removed []*CheckError
}

// Check checks answer against sources; see Checker.Check.
func Check(answer string, sources []Source) (Result, error) {
	return NewChecker(sources).Check(answer)
}

// Checker checks the answers written from one set of sources. It is not
// safe for concurrent use.
type Checker struct {
	byN map[int]*source
	all []*source
}

// NewChecker folds sources for matching.
func NewChecker(sources []Source) *Checker {
	c := &Checker{byN: make(map[int]*source, len(sources))}
	for _, s := range sources {
		fs := newSource(s)
		c.byN[s.N] = fs
		c.all = append(c.all, fs)
	}
	return c
}

// Check reads a written answer sentence by sentence. The answer is
// rejected (a *CheckError) at the first sentence that cites a number
// not among the sources, or that states a year or other number, an
// identifier (ISIL, QID, GHCID, GND, ROR) or an institution name its
// cited sources do not hold. A sentence is removed (Result.Removed) when
// it looks like instructions, configuration, a secret, markup or a link
// its cited sources do not hold; cites no source; names a person or
// place its sources do not; states no word its sources could hold; or
// has fewer than half of its content words and names in them. An
// answer with no sentence left is rejected with ErrNothingLeft.
func (c *Checker) Check(answer string) (Result, error) {
	spans := sentenceSpans(answer)
	if len(spans) == 0 {
		return Result{}, &CheckError{Sentence: 1, Err: ErrUncited, Detail: "the answer is empty"}
	}
	var (
		res  Result
		text strings.Builder
	)
	for i, sp := range spans {
		if i == MaxCheckedSentences {
			res.Removed = append(res.Removed, &CheckError{Sentence: i + 1, Err: ErrTooLong,
				Detail: fmt.Sprintf("it and the %d after it are not checked (at most %d are)", len(spans)-i-1, MaxCheckedSentences)})
			break
		}
		sent := answer[sp.start:sp.end]
		v := c.judge(i, sent)
		switch {
		case v.reject != nil:
			return Result{}, v.reject
		case v.remove != nil:
			res.Removed = append(res.Removed, v.remove)
			continue
		}
		if text.Len() > 0 {
			text.WriteString(answer[spans[i-1].end:sp.start])
		}
		text.WriteString(sent)
		for _, n := range v.cited {
			if !slices.Contains(res.Citations, n) {
				res.Citations = append(res.Citations, n)
			}
		}
	}
	if text.Len() == 0 {
		return Result{Removed: res.Removed}, fmt.Errorf("%w: %w", ErrNothingLeft, res.Removed[0])
	}
	res.Text = text.String()
	return res, nil
}

// verdict is the check of one sentence: at most one of reject and remove
// is set; cited are its citation numbers.
type verdict struct {
	cited          []int
	reject, remove *CheckError
}

// judge checks the i-th sentence (0-based) on its own: its verdict
// depends on nothing else, so that a streamed answer can be checked
// sentence by sentence (Gate).
func (c *Checker) judge(i int, sent string) verdict {
	fail := func(err error, format string, a ...any) *CheckError {
		return &CheckError{Sentence: i + 1, Text: sent, Err: err, Detail: fmt.Sprintf(format, a...)}
	}
	if len(sent) > MaxSentenceBytes {
		return verdict{remove: &CheckError{Sentence: i + 1, Text: clip(sent, 60), Err: ErrTooLong,
			Detail: fmt.Sprintf("it is longer than %d bytes", MaxSentenceBytes)}}
	}
	nums, plain := citations(sent)
	var (
		hay     []*source
		unknown = -1
	)
	for _, n := range nums {
		s, ok := c.byN[n]
		if !ok {
			if unknown < 0 {
				unknown = n
			}
			continue
		}
		if !slices.Contains(hay, s) {
			hay = append(hay, s)
		}
	}
	if what := unsafe(plain, hay); what != "" {
		return verdict{remove: fail(ErrUnsafe, "%s", what)}
	}
	if len(nums) == 0 {
		return verdict{remove: fail(ErrUncited, "")}
	}
	if unknown >= 0 {
		return verdict{reject: fail(ErrUnknownCitation, "[%d]", unknown)}
	}
	rest, facts, claim := c.facts(plain, hay)
	if claim != "" {
		return verdict{reject: fail(ErrUnsupported, "%s", claim)}
	}
	g := ground(rest, hay)
	switch {
	case g.badName != "":
		return verdict{remove: fail(ErrUnsupported, "the name %q is not in the cited records", g.badName)}
	case facts+g.total == 0:
		return verdict{remove: fail(ErrNothingChecked, "")}
	case 2*(facts+g.held) < facts+g.total:
		return verdict{remove: fail(ErrUnsupported, "only %d of its %d words are in the cited records (not: %s)",
			facts+g.held, facts+g.total, strings.Join(g.missing, ", "))}
	}
	return verdict{cited: nums}
}

// facts checks the identifiers, numbers and institution names of a
// sentence (citation markers removed) against hay, the sources it cites.
// It returns the sentence with identifiers and numbers blanked out, how
// many of them there were, and the first one hay does not hold.
func (c *Checker) facts(sent string, hay []*source) (rest string, n int, claim string) {
	b := []byte(sent)
	blank := func(start, end int) {
		for k := start; k < end; k++ {
			b[k] = ' '
		}
	}
	for _, m := range ident.Find(sent) {
		if !holds(hay, textfold.Words(m.ID.Value)) {
			return "", 0, "identifier " + m.ID.Value + " is not in the cited records"
		}
		blank(m.Start, m.End)
		n++
	}
	for _, loc := range numberRe.FindAllStringIndex(string(b), -1) {
		if r, _ := utf8.DecodeLastRune(b[:loc[0]]); unicode.IsLetter(r) {
			continue // part of a code such as "A1"
		}
		num := string(b[loc[0]:loc[1]])
		if !slices.ContainsFunc(hay, func(s *source) bool { return s.hasNumber(num) }) {
			if yearRe.MatchString(num) {
				return "", 0, "the year " + num + " is not in the cited records"
			}
			return "", 0, "the number " + num + " is not in the cited records"
		}
		blank(loc[0], loc[1])
		n++
	}
	rest = string(b)
	folded := " " + textfold.Words(rest) + " "
	for _, s := range c.all {
		if slices.Contains(hay, s) {
			continue
		}
		for _, name := range s.names {
			if strings.Contains(folded, name) && !slices.ContainsFunc(hay, func(h *source) bool { return strings.Contains(h.text, name) }) {
				return "", 0, fmt.Sprintf("%q is the name of source [%d], which the sentence does not cite", strings.TrimSpace(name), s.n)
			}
		}
	}
	germanText := isGerman(rest)
	for _, p := range namePhrases(rest) {
		if !heldName(hay, p, germanText) {
			return "", 0, fmt.Sprintf("the name %q is not in the cited records", p)
		}
	}
	return rest, n, ""
}

// heldName reports whether hay holds an institution's name: as written,
// or word by word ("MUSEUMS" for "museum", "Das Naturmuseum Solothurn"
// for "Naturmuseum Solothurn"), stop words aside. In German text, where
// every noun is capitalised, only the words with an institution word
// must be held ("ein Museum in der Schweiz").
func heldName(hay []*source, name string, germanText bool) bool {
	folded := textfold.Words(name)
	if holds(hay, folded) {
		return true
	}
	lx := words()
	for w := range strings.FieldsSeq(folded) {
		if lx.stop[w] != 0 || germanText && !slices.ContainsFunc(lx.institutionWords, func(k string) bool { return strings.Contains(w, k) }) {
			continue
		}
		if !slices.ContainsFunc(hay, func(s *source) bool { return s.hasWord(w) }) {
			return false
		}
	}
	return true
}

// holds reports whether one of hay holds the folded words w.
func holds(hay []*source, w string) bool {
	w = " " + w + " "
	return slices.ContainsFunc(hay, func(s *source) bool { return strings.Contains(s.text, w) })
}

var yearRe = regexp.MustCompile(`^(1[0-9]{3}|20[0-9]{2})$`)

// namePhrases returns the runs of capitalised words (with connectors
// between them) that contain an institution word.
func namePhrases(s string) []string {
	lx := words()
	ws := strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '’' && r != '&' && r != '-'
	})
	var out []string
	flush := func(run []string) {
		for len(run) > 0 && lx.connectors[textfold.Fold(run[len(run)-1])] {
			run = run[:len(run)-1]
		}
		for len(run) > 0 && lx.connectors[textfold.Fold(run[0])] {
			run = run[1:]
		}
		for _, w := range run {
			f := textfold.Fold(w)
			if slices.ContainsFunc(lx.institutionWords, func(k string) bool { return strings.Contains(f, k) }) {
				out = append(out, strings.Join(run, " "))
				return
			}
		}
	}
	var run []string
	for _, w := range ws {
		r := []rune(w)
		switch {
		case unicode.IsUpper(r[0]):
			run = append(run, w)
		case len(run) > 0 && lx.connectors[textfold.Fold(w)]:
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

// citeAtRe is a citation marker after nothing but space.
var citeAtRe = regexp.MustCompile(`^[\s\v\x{85}\pZ]*\[\s*\d+(?:\s*[,;]\s*\d+)*\s*\]`)

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

// Sentences splits text into sentences: at a line break, or after ".",
// "!" or "?" (and the citation markers that follow it) before a space,
// except after an abbreviation or an initial. Empty sentences and list
// bullets are dropped.
func Sentences(text string) []string {
	var out []string
	for _, sp := range sentenceSpans(text) {
		out = append(out, text[sp.start:sp.end])
	}
	return out
}

// span is a sentence of a text: text[start:end], without the space and
// list bullet around it; the text after it begins at next.
type span struct{ start, end, next int }

// sentenceSpans splits text as Sentences does. Whether a piece ends a
// sentence depends only on the text up to the first character after the
// space that follows it (Gate relies on this).
func sentenceSpans(text string) []span {
	var out []span
	add := func(a, b int) {
		l, r := a, b
		trim := func(cut func(rune) bool) {
			for l < r {
				c, n := utf8.DecodeRuneInString(text[l:r])
				if !cut(c) {
					return
				}
				l += n
			}
		}
		trim(unicode.IsSpace)
		trim(func(c rune) bool { return c == '-' || c == '*' || c == '•' })
		trim(unicode.IsSpace)
		for r > l {
			c, n := utf8.DecodeLastRuneInString(text[l:r])
			if !unicode.IsSpace(c) {
				break
			}
			r -= n
		}
		if l < r {
			out = append(out, span{l, r, b})
		}
	}
	off := 0
	for line := range strings.Lines(text) {
		start := 0
		for i := 0; i < len(line); i++ {
			c := line[i]
			if c != '.' && c != '!' && c != '?' {
				continue
			}
			end := i + 1
			for strings.HasPrefix(strings.TrimLeftFunc(line[end:], unicode.IsSpace), "[") {
				loc := citeAtRe.FindStringIndex(line[end:])
				if loc == nil {
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
			add(off+start, off+end)
			start, i = end, end-1
		}
		add(off+start, off+len(line))
		off += len(line)
	}
	return out
}

// abbreviated reports whether s ends with an abbreviation or an initial.
func abbreviated(s string) bool {
	s = strings.TrimRightFunc(s, unicode.IsSpace)
	if s == "" {
		return false
	}
	last := strings.ToLower(strings.TrimLeft(s[strings.LastIndexFunc(s, unicode.IsSpace)+1:], "(\"'"))
	return words().abbreviations[last] || utf8.RuneCountInString(last) == 1 && unicode.IsLetter([]rune(last)[0])
}
