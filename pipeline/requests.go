package pipeline

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/cache"
	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// Limits on a request.
const (
	MaxQuestionBytes = 4096
	// MaxQuestionTerms is the most distinct words a question may have; a
	// question is a sentence, not a document.
	MaxQuestionTerms = 100
	MaxK             = 200
	MinBudget        = 50
	MaxBudget        = 32000
	DefaultK         = 10
	DefaultBudget    = 2000
)

// Input errors. Transports map them to a usage error (exit 2, HTTP 400).
var (
	ErrEmptyQuestion = errors.New("the question is empty")
	ErrTooLong       = errors.New("the question is too long")
	ErrBadOption     = errors.New("invalid option")
	ErrNoResults     = errors.New("every retriever failed")
)

// Request is one question with its options.
type Request struct {
	Question string
	// K is the number of fused hits returned (default 10).
	K int
	// Budget is the context budget in tokens (default 2000).
	Budget int
	// Filters restrict every retriever; keys a retriever cannot apply are
	// dropped for that retriever with a warning.
	Filters filter.Set
	// NoCache answers afresh instead of from the answer cache; the fresh
	// answer replaces the cached one.
	NoCache bool
	// Explain adds each retriever's own ranking and the cache counters.
	Explain bool
	// Without names constraints the router extracts that the question is
	// answered without ("place:Cornwall", "type:M", "years"; see
	// plan.ValidConstraintKey), as when a user removes one from the plan.
	Without []string
	// LLM asks the configured language model (Options.Writer) for a
	// written answer besides the extractive one (Response.Generated).
	LLM bool
	// Fusion merges the legs' rankings with this fusion instead of the
	// one the router's table chose for the intent; "" keeps the table's.
	// The leg weights stay the table's.
	Fusion fusion.Method
	// Progress, when set, hears of the answer as it forms (streaming).
	Progress *Progress
	// Lang is the language of the answer: locale.EN, NL or DE; "" reads
	// it from the question's words (Validate fills it in).
	Lang locale.Lang
	// langUnshown is set when Lang was detected and the question's
	// function words showed none: the words the router reads may.
	langUnshown bool
}

// MaxWithout is the most constraint keys a request may drop.
const MaxWithout = 64

// Validate checks a request and fills in defaults.
func (r *Request) Validate() error {
	q := strings.TrimSpace(r.Question)
	switch {
	case len(r.Question) > MaxQuestionBytes:
		return fmt.Errorf("%w: %d bytes, longer than the limit of %d (max_question_bytes)", ErrTooLong, len(r.Question), MaxQuestionBytes)
	case moreTermsThan(q, MaxQuestionTerms):
		return fmt.Errorf("%w: more than %d distinct words (max_question_terms)", ErrTooLong, MaxQuestionTerms)
	case q == "":
		return ErrEmptyQuestion
	case !utf8.ValidString(q):
		return fmt.Errorf("%w: the question is not valid UTF-8", ErrBadOption)
	}
	r.Question = q
	if r.Lang == "" {
		var shown bool
		r.Lang, shown = locale.DefaultWords().DetectShown(q)
		r.langUnshown = !shown
	}
	if !r.Lang.Valid() {
		return fmt.Errorf("%w: lang must be one of en, nl, de, got %.40q", ErrBadOption, string(r.Lang))
	}
	if r.K == 0 {
		r.K = DefaultK
	}
	if r.K < 1 || r.K > MaxK {
		return fmt.Errorf("%w: k must be between 1 and %d, got %d", ErrBadOption, MaxK, r.K)
	}
	if r.Budget == 0 {
		r.Budget = DefaultBudget
	}
	if r.Budget < MinBudget || r.Budget > MaxBudget {
		return fmt.Errorf("%w: budget must be between %d and %d tokens, got %d", ErrBadOption, MinBudget, MaxBudget, r.Budget)
	}
	for _, f := range r.Filters {
		if !slices.Contains(filter.Keys, f.Field) {
			return fmt.Errorf("%w: unknown filter key %q (known: %s)", ErrBadOption, f.Field, strings.Join(filter.Keys, ", "))
		}
	}
	if r.Fusion != "" && !r.Fusion.Valid() {
		return fmt.Errorf("%w: fusion must be one of %s, got %.40q", ErrBadOption, fusion.MethodList(), string(r.Fusion))
	}
	if len(r.Without) > MaxWithout {
		return fmt.Errorf("%w: without: %d constraints, more than %d", ErrBadOption, len(r.Without), MaxWithout)
	}
	for _, k := range r.Without {
		if len(k) > MaxQuestionBytes || !utf8.ValidString(k) {
			return fmt.Errorf("%w: without: a constraint key must be valid UTF-8 of at most %d bytes", ErrBadOption, MaxQuestionBytes)
		}
		if err := plan.ValidConstraintKey(k); err != nil {
			return fmt.Errorf("%w: without: %v", ErrBadOption, err)
		}
	}
	return nil
}

// moreTermsThan reports whether s has more than n distinct words, case
// folded. Most questions have fewer than n words in all, and are told so
// without building the set.
func moreTermsThan(s string, n int) bool {
	notWord := func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) }
	words := 0
	for range strings.FieldsFuncSeq(s, notWord) {
		words++
	}
	if words <= n {
		return false
	}
	seen := make(map[string]struct{}, n+1)
	for w := range strings.FieldsFuncSeq(s, notWord) {
		seen[strings.ToLower(w)] = struct{}{}
		if len(seen) > n {
			return true
		}
	}
	return false
}

// cacheKey is the answer cache's key: the normalised question, the
// options, the filters' canonical key, the constraints taken out, the
// fusion asked for, the answer's language, the data version and the
// model that writes the
// answer ("" for none), so that a written answer is never served to a
// request without one, nor the other way round.
func (r *Request) cacheKey(version, model string) string {
	w := r.Without
	if !slices.IsSorted(w) {
		w = slices.Sorted(slices.Values(w))
	}
	return cache.Key(cache.Normalize(r.Question), strconv.Itoa(r.K), strconv.Itoa(r.Budget), r.Filters.Key(),
		strings.Join(w, "\x1f"), string(r.Fusion), string(r.Lang), version, model)
}
