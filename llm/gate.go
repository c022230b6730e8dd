package llm

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxPending bounds the text a Gate holds back while waiting for a
// sentence to end; past it, the rest of the answer waits for Finish. A
// sentence that long is removed anyway (MaxSentenceBytes).
const maxPending = 2 * MaxSentenceBytes

// A Gate passes a streamed answer on a checked sentence at a time: each
// sentence goes to emit once its end is certain and it passed the check,
// preceded by the text between it and the sentence before (as in
// Result.Text). A sentence the check removes is never emitted; after a
// sentence that gets the answer rejected, nothing more is. So what a
// Gate emits is always the start of the checked Result.Text of the whole
// answer, and Finish emits the rest.
type Gate struct {
	c    *Checker
	emit func(string)

	buf     strings.Builder // the answer so far
	settled int             // bytes of buf whose sentences are judged
	n       int             // sentences judged
	lastEnd int             // where the last judged sentence ended
	out     strings.Builder // what was emitted
	closed  bool            // nothing more is emitted before Finish
}

// Gate returns a Gate that checks a streamed answer against c's sources
// and hands what passes to emit. Use it for one answer.
func (c *Checker) Gate(emit func(string)) *Gate { return &Gate{c: c, emit: emit} }

// Token takes the next piece of the answer.
func (g *Gate) Token(s string) {
	before := g.buf.String()
	g.buf.WriteString(s)
	// A sentence is settled only by a character that follows its space,
	// so only a token that brings one can settle any.
	if g.closed || !spaceThenText(before, s) {
		return
	}
	text := g.buf.String()
	tail := text[g.settled:]
	if len(tail) > maxPending {
		g.closed = true
		return
	}
	if !strings.ContainsAny(tail, ".!?\n") {
		return
	}
	base := g.settled
	spans := sentenceSpans(tail)
	for i := 0; i+1 < len(spans); i++ {
		sp := span{base + spans[i].start, base + spans[i].end, base + spans[i].next}
		// The sentence ends where sentenceSpans put its end once a
		// character other than space follows, unless what follows may
		// still become a citation marker that belongs to it.
		k := strings.IndexFunc(text[sp.next:], func(r rune) bool { return !unicode.IsSpace(r) })
		if k < 0 || partialCiteRe.MatchString(text[sp.next+k:]) {
			break
		}
		g.judge(text, sp)
		g.settled = sp.next
		if g.closed {
			return
		}
	}
}

// spaceThenText reports whether s, appended to before, puts a character
// other than space right after a space.
func spaceThenText(before, s string) bool {
	last, _ := utf8.DecodeLastRuneInString(before)
	space := before != "" && unicode.IsSpace(last)
	for _, r := range s {
		isSpace := unicode.IsSpace(r)
		if space && !isSpace {
			return true
		}
		space = isSpace
	}
	return false
}

// judge checks one settled sentence and emits it when it passes.
func (g *Gate) judge(text string, sp span) {
	i := g.n
	g.n++
	if i >= MaxCheckedSentences {
		g.closed = true
		return
	}
	sent := text[sp.start:sp.end]
	v := g.c.judge(i, sent)
	switch {
	case v.reject != nil:
		g.closed = true
	case v.remove == nil:
		piece := sent
		if g.out.Len() > 0 {
			piece = text[g.lastEnd:sp.start] + sent
		}
		g.out.WriteString(piece)
		g.emit(piece)
	}
	g.lastEnd = sp.end
}

// Finish emits what r, the check of the whole answer, keeps and the Gate
// has not emitted yet. It emits nothing when r does not begin with what
// was emitted, which does not happen for r = Check of the tokens given.
func (g *Gate) Finish(r Result) {
	done := g.out.String()
	if rest, ok := strings.CutPrefix(r.Text, done); ok && rest != "" {
		g.out.WriteString(rest)
		g.emit(rest)
	}
	g.closed = true
}

// partialCiteRe is the start of a citation marker that has not ended yet.
var partialCiteRe = regexp.MustCompile(`^\[[\s\d,;]*$`)
