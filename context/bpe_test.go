package ragcontext

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"flag"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/pkoukk/tiktoken-go"
	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
	"github.com/pkoukk/tiktoken-go-loader/assets"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// tiktoken-go is the reference the encoder is held to. Its BPE loader is
// a package-level setting of that library: set once, to the offline
// loader, before the encoding is loaded.
var referenceEncoding struct {
	once sync.Once
	enc  *tiktoken.Tiktoken
	err  error
}

func reference(t testing.TB) *tiktoken.Tiktoken {
	t.Helper()
	referenceEncoding.once.Do(func() {
		tiktoken.SetBpeLoader(tiktoken_loader.NewOfflineLoader())
		referenceEncoding.enc, referenceEncoding.err = tiktoken.GetEncoding(Encoding)
	})
	require.NoError(t, referenceEncoding.err)
	return referenceEncoding.enc
}

// requireSameTokens holds the tokenizer's tokens, count and decoding of s
// to tiktoken-go's.
func requireSameTokens(t testing.TB, tok *Tokenizer, ref *tiktoken.Tiktoken, s string) {
	t.Helper()
	want := ref.EncodeOrdinary(s)
	got := tok.Encode(s)
	if len(want) == 0 {
		want = []int{}
	}
	require.Equal(t, want, got, "tokens of %q", s)
	require.Equal(t, Tokens(len(want)), tok.Count(s), "count of %q", s)
	require.Equal(t, ref.Decode(want), tok.enc.decode(got), "decoding of %q", s)
}

// longTexts are texts with long pieces, which the merge cuts into many
// parts: runs of one letter (equal pairs, merged leftmost first), long
// words, long numbers, symbols and white space.
func longTexts() []string {
	return []string{
		strings.Repeat("a", 100), strings.Repeat("ab", 77), strings.Repeat("x", 1000),
		strings.Repeat("Donaudampfschifffahrt", 9), strings.Repeat("7", 40), strings.Repeat("!?", 50),
		strings.Repeat(" ", 70) + "x", strings.Repeat("\n", 65), strings.Repeat("é", 80),
		strings.Repeat("你好世界", 30), strings.Repeat("🙂", 33), strings.Repeat("\u0301", 50),
	}
}

func TestEncodeMatchesTiktoken(t *testing.T) {
	testfixture.SkipUnderRace(t)
	tok, ref := tokenizer(t), reference(t)
	texts := []string{
		"", "a", " ", "\n", "hello world", "hello world!你好，世界！", "<|endoftext|> is text",
		"I'm here, you're there; it'S HE'LL we'VE they'D 'x ' '", "1234567 ١٢٣٤ ½¾ Ⅻ",
		"a  b\t\r\n\r\n c \u00a0d\u2003", "[1] Museum (mm:domus.NE043) — sources: bm25, vector — tier 1",
		"a\xffb c\xfe", "\xe4\xbd", "\xff\xff\xff", "x\xc0\x80y", "\xed\xa0\x80",
	}
	texts = append(texts, longTexts()...)
	// Every Latin-1 character and a sample of the others, alone and
	// after a letter and a space.
	for r := rune(1); r <= utf8.MaxRune; r += 1 + r/16 {
		if utf8.ValidRune(r) {
			texts = append(texts, string(r), "a"+string(r)+string(r)+" "+string(r)+"1")
		}
	}
	for _, s := range texts {
		requireSameTokens(t, tok, ref, s)
	}
	// The records' context texts.
	step := 97
	if testing.Short() || raceEnabled {
		step = 401
	}
	ds := testfixture.Sample(t, step)
	b := NewBuilder(tok)
	for i := range ds.Institutions {
		for _, s := range recordTexts(b, i+1, &ds.Institutions[i]) {
			requireSameTokens(t, tok, ref, s)
		}
	}
}

var update = flag.Bool("update", false, "write the vocabulary file again")

// packTiktoken turns a vocabulary in tiktoken's published form (a line
// per token: its bytes in base64, a space, its rank; ranks 0, 1, 2, …
// in order) into bpeFile's form.
func packTiktoken(t testing.TB, data []byte) string {
	t.Helper()
	var lens, text []byte
	for line := range bytes.Lines(data) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		tok, rank, ok := bytes.Cut(line, []byte{' '})
		require.True(t, ok, "%q", line)
		require.Equal(t, strconv.Itoa(len(lens)), string(rank), "ranks in order")
		n := len(text)
		var err error
		text, err = base64.StdEncoding.AppendDecode(text, tok)
		require.NoError(t, err)
		require.LessOrEqual(t, len(text)-n, math.MaxUint8)
		lens = append(lens, byte(len(text)-n))
	}
	out := binary.LittleEndian.AppendUint32(nil, uint32(len(lens)))
	return string(append(append(out, lens...), text...))
}

// TestVocabularyFile holds bpeFile to the published vocabulary.
func TestVocabularyFile(t *testing.T) {
	testfixture.SkipUnderRace(t)
	published, err := assets.Assets.ReadFile(Encoding + ".tiktoken")
	require.NoError(t, err)
	want := packTiktoken(t, published)
	if *update {
		require.NoError(t, os.WriteFile("cl100k_base.bpe", []byte(want), 0o644))
		return
	}
	require.True(t, want == bpeFile, "cl100k_base.bpe differs from the published vocabulary: go test ./context -run TestVocabularyFile -update")
	e, err := loadBPE()
	require.NoError(t, err)
	require.Len(t, e.ends, 100256)
	// Every token's rank is found by its bytes, as tiktoken-go's map has it.
	ranks, err := tiktoken_loader.NewOfflineLoader().LoadTiktokenBpe(Encoding + ".tiktoken")
	require.NoError(t, err)
	require.Len(t, ranks, len(e.ends))
	for tok, want := range ranks {
		got, ok := e.rank(tok)
		require.True(t, ok, "%q", tok)
		require.Equal(t, want, got, "%q", tok)
		require.Equal(t, tok, e.token(got))
	}
}

// TestMergeOrder merges over a small vocabulary whose merges are worked
// out by hand.
func TestMergeOrder(t *testing.T) {
	// a=0 b=1 c=2 aa=3 ab=4 bc=5 abc=6 aaa=7
	e, err := unpackBPE(packTiktoken(t, []byte("YQ== 0\nYg== 1\nYw== 2\nYWE= 3\nYWI= 4\nYmM= 5\nYWJj 6\nYWFh 7\n")))
	require.NoError(t, err)
	for _, c := range []struct {
		piece string
		want  []int
	}{
		{"a", []int{0}},
		{"abc", []int{6}},
		// aa (3) is the lowest pair, the leftmost first: aa, a, b; then
		// ab (4) before aa+a (7). Rightmost first would give aaa, b.
		{"aaab", []int{3, 4}},
		// aa, then aa again (3) before aa+a (7).
		{"aaaa", []int{3, 3}},
		// ab (4) before bc (5): ab, then abc (6).
		{"abcc", []int{6, 2}},
		// bc (5) is the only pair once a and a merge: aa, bc.
		{"aabc", []int{3, 5}},
		{"cba", []int{2, 1, 0}},
	} {
		require.Equal(t, c.want, e.encode(c.piece, nil), "%q", c.piece)
		require.Equal(t, Tokens(len(c.want)), e.count(c.piece), "%q", c.piece)
		require.Equal(t, c.piece, e.decode(c.want))
	}
	_, ok := e.rank("d")
	require.False(t, ok)
}

func TestUnpackDamaged(t *testing.T) {
	good := packTiktoken(t, []byte("YQ== 0\nYg== 1\n"))
	_, err := unpackBPE(good)
	require.NoError(t, err)
	for _, data := range []string{
		"", "\x02\x00\x00", // no count
		"\x00\x00\x00\x00",             // no tokens
		"\x03\x00\x00\x00\x01\x01",     // fewer lengths than tokens
		good[:len(good)-1], good + "c", // fewer or more bytes than the lengths
		"\x02\x00\x00\x00\x01\x00a",  // an empty token
		"\x02\x00\x00\x00\x01\x01aa", // a token twice
	} {
		_, err := unpackBPE(data)
		require.ErrorIs(t, err, errBadVocabulary, "%q", data)
	}
}

// FuzzCount holds the tokenizer to tiktoken-go on any text, valid UTF-8
// or not: the same tokens and count, and the same truncation of valid
// UTF-8.
func FuzzCount(f *testing.F) {
	for _, s := range append(longTexts(), "hello world", "it's 1234\n\n x", "a\xffb c\xfe", "你好，世界！", "a  !!\n\nb") {
		f.Add(s)
	}
	tok, ref := tokenizer(f), reference(f)
	f.Fuzz(func(t *testing.T, s string) {
		requireSameTokens(t, tok, ref, s)
		n := tok.Count(s)
		for _, limit := range []Tokens{1, n / 2, n - 1} {
			if !utf8.ValidString(s) {
				// No prefix of s decodes as tiktoken-go reads s: a cut
				// one only keeps to the budget.
				require.LessOrEqual(t, tok.Count(truncate(tok, s, limit)), max(limit, 0), "%q cut at %d", s, limit)
				continue
			}
			require.Equal(t, referenceTruncate(ref, s, limit), tok.Truncate(s, limit), "%q cut at %d", s, limit)
		}
	})
}

// BenchmarkLoadVocabulary loads the cl100k_base vocabulary as a
// Tokenizer does at start; BenchmarkLoadTiktoken as tiktoken-go does
// (its ranks, then its encoder).
func BenchmarkLoadVocabulary(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := loadBPE(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoadTiktoken(b *testing.B) {
	loader := tiktoken_loader.NewOfflineLoader()
	b.ReportAllocs()
	for b.Loop() {
		ranks, err := loader.LoadTiktokenBpe(Encoding + ".tiktoken")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := tiktoken.NewCoreBPE(ranks, map[string]int{"<|endoftext|>": 100257}, cl100kPattern); err != nil {
			b.Fatal(err)
		}
	}
}

// recordPieces are the pre-tokeniser pieces of a sample of the records'
// context texts.
func recordPieces(b *testing.B) []string {
	ds := testfixture.Sample(b, 97)
	bld := NewBuilder(tokenizer(b))
	var ps []string
	for i := range ds.Institutions {
		for _, s := range recordTexts(bld, i+1, &ds.Institutions[i]) {
			for p := range pieces(s) {
				ps = append(ps, p)
			}
		}
	}
	return ps
}

// BenchmarkEncodePieces counts the tokens of every piece of a sample of
// the records' texts, none of whose counts is remembered;
// BenchmarkEncodePiecesTiktoken encodes them with tiktoken-go.
func BenchmarkEncodePieces(b *testing.B) {
	ps, tok := recordPieces(b), tokenizer(b)
	for b.Loop() {
		for _, p := range ps {
			tok.enc.count(p)
		}
	}
}

func BenchmarkEncodePiecesTiktoken(b *testing.B) {
	ps, ref := recordPieces(b), reference(b)
	for b.Loop() {
		for _, p := range ps {
			ref.EncodeOrdinary(p)
		}
	}
}
