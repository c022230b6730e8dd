package ragcontext

import (
	"strings"
)

// Token accounting.
//
// The cl100k_base pre-tokeniser always splits between a newline and a
// following non-space character, and before a space that follows a
// non-space character. So a text made of single-spaced lines that start
// with a non-space character counts as the sum of its lines, each line
// counted with the newlines that follow it, and appending a newline to a
// line changes only its last word's tokens. Each line is therefore
// counted once, plus two counts of its last word, instead of re-counting
// the text as it grows. Build still counts the final text and, for a
// Counter where this does not hold, drops trailing parts until it fits.

// measured is a line with its token count alone, followed by one newline
// and followed by a blank line.
type measured struct {
	text      string
	n, nl, nn Tokens
}

// lineSet is the lines of one part and their cost as a standalone text.
type lineSet struct {
	lines []measured
	cost  Tokens
}

// costWith is the cost of the lines with m appended.
func (s *lineSet) costWith(m measured) Tokens {
	if len(s.lines) == 0 {
		return m.n
	}
	last := s.lines[len(s.lines)-1]
	return s.cost - last.n + last.nl + m.n
}

func (s *lineSet) push(m measured) {
	s.cost = s.costWith(m)
	s.lines = append(s.lines, m)
}

// linesCost is the cost of lines as one part: what pushing them in turn
// into an empty lineSet gives.
func linesCost(lines []measured) Tokens {
	var c Tokens
	for i, l := range lines {
		if i == len(lines)-1 {
			c += l.n
		} else {
			c += l.nl
		}
	}
	return c
}

func (s *lineSet) text() string {
	var b strings.Builder
	b.Grow(textLen(s.lines))
	writeLines(&b, s.lines)
	return b.String()
}

// textLen is the length of lines joined by lineSep.
func textLen(lines []measured) int {
	n := max(len(lines)-1, 0) * len(lineSep)
	for _, l := range lines {
		n += len(l.text)
	}
	return n
}

func writeLines(b *strings.Builder, lines []measured) {
	for i, l := range lines {
		if i > 0 {
			b.WriteString(lineSep)
		}
		b.WriteString(l.text)
	}
}

// assembler joins parts with partSep and keeps a running token count.
type assembler struct {
	c     Counter
	parts []part
	total Tokens // tokens of the text so far
	full  bool
}

type part struct {
	lines []measured
	block int // index into Context.Blocks, -1 for a note
}

func (a *assembler) measure(line string) measured {
	n := a.c.Count(line)
	tail := line
	if i := strings.LastIndexByte(line, ' '); i > 0 {
		tail = line[i:]
	}
	t := a.c.Count(tail)
	return measured{
		text: line,
		n:    n,
		nl:   n - t + a.c.Count(tail+lineSep),
		nn:   n - t + a.c.Count(tail+partSep),
	}
}

// costWith returns the total token count if a part costing cost alone
// were appended; with cost 0 it is the count up to the next part.
func (a *assembler) costWith(cost Tokens) Tokens {
	if len(a.parts) == 0 {
		return cost
	}
	last := a.lastLine()
	return a.total - last.n + last.nn + cost
}

func (a *assembler) lastLine() measured {
	ls := a.parts[len(a.parts)-1].lines
	return ls[len(ls)-1]
}

func (a *assembler) add(lines []measured, block int) {
	a.total = a.costWith(linesCost(lines))
	a.parts = append(a.parts, part{lines: lines, block: block})
}

func (a *assembler) text() string {
	n := max(len(a.parts)-1, 0) * len(partSep)
	for _, p := range a.parts {
		n += textLen(p.lines)
	}
	var b strings.Builder
	b.Grow(n)
	for i, p := range a.parts {
		if i > 0 {
			b.WriteString(partSep)
		}
		writeLines(&b, p.lines)
	}
	return b.String()
}

// blockTexts sets each block's text to its part of text, the assembled
// text: the blocks share the context's text rather than copy it.
func (a *assembler) blockTexts(text string, blocks []Block) {
	off := 0
	for i, p := range a.parts {
		if i > 0 {
			off += len(partSep)
		}
		n := textLen(p.lines)
		if p.block >= 0 {
			blocks[p.block].Text = text[off : off+n]
		}
		off += n
	}
}
