package ragcontext

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
	"github.com/pkoukk/tiktoken-go"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// cl100kPattern is cl100k_base's pre-tokeniser pattern, matched here with
// the engine and options tiktoken-go uses.
const cl100kPattern = `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`

var cl100kRegexp = regexp2.MustCompile(cl100kPattern, regexp2.None)

// patternPieces is what the pattern matches in s, in order.
func patternPieces(t testing.TB, s string) []string {
	var out []string
	m, err := cl100kRegexp.FindStringMatch(s)
	for ; m != nil && err == nil; m, err = cl100kRegexp.FindNextMatch(m) {
		out = append(out, m.String())
	}
	require.NoError(t, err)
	return out
}

func requireSamePieces(t testing.TB, s string) {
	t.Helper()
	want := patternPieces(t, s)
	got := slices.Collect(pieces(s))
	if !slices.Equal(want, got) {
		require.Equal(t, want, got, "pieces of %q", s)
	}
}

func TestPiecesMatchThePattern(t *testing.T) {
	for _, s := range []string{
		"", "a", " ", "\n", "hello world", "hello world!你好，世界！",
		"I'm here, you're there; it'S HE'LL we'VE they'D 'x ' '",
		"don't", "''s", "'", "'r", "'l", "'lL", "'Re",
		"1", "12", "1234567", "١٢٣٤", "x1y22z333", "½¾", "Ⅻ",
		"a  b", "a   b", "a \tb", "a\t b", "  lead", "trail  ", "trail \t",
		"a\nb", "a\n\nb", "a \n b", "a\r\n\r\nb", " \n \n x", "x \n\t ", "\n\n\n",
		"foo.\nbar", "foo.\n\n(bar)", "  !!  ?? ...\n\n", " (x) [y] {z}",
		"\u00a0a\u00a0\u00a0b\u2003", "\u0085x\u2028y", "é\u0301 ñ", "🙂 🙂🙂a",
		"[1] Museum (mm:domus.NE043) — sources: bm25, vector — tier 1",
		"Opened: 1850s; Closed: yes, year unknown",
	} {
		requireSamePieces(t, s)
	}
}

// TestPiecesEveryRune places every character of the Basic Multilingual
// Plane, and a sample of the others, where each alternative of the
// pattern would read it.
func TestPiecesEveryRune(t *testing.T) {
	contexts := []string{"'%e ", " %a", "x%%\n", "%1234 ", "  %\r\n \n", "\t%", "'%", ".%.", "%"}
	var b strings.Builder
	flush := func() {
		requireSamePieces(t, b.String())
		b.Reset()
	}
	// The race detector slows the engine about tenfold: there, every
	// Latin-1 character and a sample of the others.
	sample := rune(1)
	if raceEnabled {
		sample = 13
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) || r > 0xFFFF && r%97 != 0 || r > 0xFF && r%sample != 0 {
			continue
		}
		for _, c := range contexts {
			b.WriteString(strings.ReplaceAll(c, "%", string(r)))
		}
		if r%256 == 255 {
			flush()
		}
	}
	flush()
}

func FuzzPieces(f *testing.F) {
	for _, s := range []string{"hello world", "it's 1234\n\n x", " \t\r\n", "你好，世界！", "a  !!\n\nb", "a.\n\nb\n c"} {
		f.Add(s)
	}
	tok, ref := tokenizer(f), reference(f)
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		requireSamePieces(t, s)
		require.Equal(t, Tokens(len(ref.EncodeOrdinary(s))), tok.Count(s), "count of %q", s)
	})
}

// referenceTruncate is Truncate by tiktoken-go, encoding the whole text.
func referenceTruncate(ref *tiktoken.Tiktoken, s string, max Tokens) string {
	if max <= 0 {
		return ""
	}
	ids := ref.EncodeOrdinary(s)
	if Tokens(len(ids)) <= max {
		return s
	}
	out := ref.Decode(ids[:max])
	for len(out) > 0 {
		r, size := utf8.DecodeLastRuneInString(out)
		if r != utf8.RuneError || size != 1 {
			break
		}
		out = out[:len(out)-1]
	}
	return out
}

// recordTexts are the texts a context is made of for rec: its lines, its
// whole block and its description.
func recordTexts(b *Builder, n int, rec *heritage.Institution) []string {
	_, lines := b.coreLines(n, entry{hit: fused([]*heritage.Institution{rec}, "bm25", "vector")[0], rec: rec})
	lines = append(lines, b.relationLines(rec)...)
	return append(lines, strings.Join(lines, lineSep), rec.Description)
}

// TestCountMatchesTiktoken holds the piece-by-piece count and truncation
// to tiktoken-go's over the records' context texts.
func TestCountMatchesTiktoken(t *testing.T) {
	testfixture.SkipUnderRace(t)
	step := 19
	if testing.Short() || raceEnabled {
		step = 97
	}
	ds := testfixture.Sample(t, step)
	tok, ref := tokenizer(t), reference(t)
	b := NewBuilder(tok)
	var all strings.Builder
	for i := range ds.Institutions {
		for _, s := range recordTexts(b, i+1, &ds.Institutions[i]) {
			want := Tokens(len(ref.EncodeOrdinary(s)))
			require.Equal(t, want, tok.Count(s), "count of %q", s)
			for _, max := range []Tokens{2, want / 2, want - 1} {
				require.Equal(t, referenceTruncate(ref, s, max), tok.Truncate(s, max), "%q cut at %d", s, max)
			}
			if all.Len() < 1<<16 {
				all.WriteString(s + partSep)
			}
		}
	}
	// A whole context's worth of text, and invalid UTF-8 (counted by the
	// encoder alone).
	for _, s := range []string{all.String(), "a\xffb c\xfe", "\xe4\xbd"} {
		require.Equal(t, Tokens(len(ref.EncodeOrdinary(s))), tok.Count(s))
		for _, max := range []Tokens{1, 2, tok.Count(s) / 3} {
			require.Equal(t, referenceTruncate(ref, s, max), tok.Truncate(s, max))
		}
	}
}

func TestCountsBounded(t *testing.T) {
	c := newCounts()
	for i := range maxCounts + 1 {
		c.put(fmt.Sprint(i), 1)
	}
	require.Len(t, c.m, 1)
	n, ok := c.get(fmt.Sprint(maxCounts))
	require.True(t, ok)
	require.Equal(t, Tokens(1), n)
	c.put(strings.Repeat("x", maxCountsBytes), 1)
	require.Len(t, c.m, 1)
	require.Equal(t, maxCountsBytes, c.bytes)
}

// TestCountAcrossLines counts texts whose line breaks are, and are not,
// places where lines splits them, against the encoder.
func TestCountAcrossLines(t *testing.T) {
	tok, ref := tokenizer(t), reference(t)
	for _, s := range []string{
		"a\nb", "a\n b", "a.\n\nb", "a.\n\n\n(b", "x \n\ty", "\n\nabc", "abc\n", "abc\n\n", "a\r\nb", "a\r\n\r\nb",
		"a\n\u00a0b", "a\n\n\n'sb", "it's\n's\n'S", "12\n345\n6", "  \n  \nx", "a \n", "!!\n??\n", "a\n\u2028b",
	} {
		require.Equal(t, Tokens(len(ref.EncodeOrdinary(s))), tok.Count(s), "%q", s)
		require.Equal(t, s, strings.Join(slices.Collect(lines(s)), ""), "%q", s)
	}
}

// BenchmarkCountContext counts a context-sized text (about 2,000 tokens)
// whose pieces are all remembered: the final count of every Build.
func BenchmarkCountContext(b *testing.B) {
	ds := testfixture.Dataset(b)
	tok := tokenizer(b)
	bld := NewBuilder(tok)
	var text strings.Builder
	for i := 0; text.Len() < 8000; i += 1601 {
		text.WriteString(strings.Join(recordTexts(bld, i+1, &ds.Institutions[i]), lineSep) + partSep)
	}
	s := text.String()
	want := tok.Count(s)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		if tok.Count(s) != want {
			b.Fatal("count changed")
		}
	}
}
