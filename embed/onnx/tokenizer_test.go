package onnx

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// The expected ids were produced by Hugging Face tokenizers 0.23.3 on
// testdata/tiny-tokenizer.json (a BERT WordPiece file with a 34-token
// vocabulary, max_input_chars_per_word 12), so the table checks the Go
// tokenizer against the reference implementation on the cases it must get
// right: accents, case, punctuation, CJK, unknown and over-long words,
// control and zero-width characters.
func TestTokenizerEncode(t *testing.T) {
	tok, err := LoadTokenizer(filepath.Join("testdata", "tiny-tokenizer.json"))
	require.NoError(t, err)

	tests := []struct {
		name string
		text string
		max  int
		want []int64
	}{
		{"word pieces", "Rijksmuseum", 512, []int64{2, 7, 8, 9, 3}},
		{"accents and punctuation", "Köln Musée d'Orsay!", 512, []int64{2, 10, 11, 12, 13, 14, 17, 3}},
		{"case and unknown word", "MUSEUMS, the ARCHIEF?", 512, []int64{2, 5, 6, 15, 21, 1, 16, 3}},
		{"CJK with space", "东京 museum", 512, []int64{2, 19, 20, 5, 3}},
		{"CJK without space", "东京museum", 512, []int64{2, 19, 20, 5, 3}},
		{"continuation pieces", "unaffable abc", 512, []int64{2, 29, 30, 31, 26, 27, 28, 3}},
		{"no pieces match", "xyz museum", 512, []int64{2, 1, 5, 3}},
		{"word too long", "aaaaaaaaaaaaa museum", 512, []int64{2, 1, 5, 3}},
		{"control and zero-width removed", "a\u200bb\x00c\tmuseum\u00a0the", 512, []int64{2, 26, 27, 28, 5, 21, 3}},
		{"ascii symbols split", "$museum-the", 512, []int64{2, 18, 5, 32, 21, 3}},
		{"longest match first", "Stadsarchief", 512, []int64{2, 24, 25, 23, 3}},
		{"empty", "", 512, []int64{2, 3}},
		{"truncated", "museum the archive museum", 4, []int64{2, 5, 21, 3}},
		{"truncated inside a word", "Rijksmuseum", 4, []int64{2, 7, 8, 3}},
		{"max below two", "museum", 1, []int64{2, 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, tok.Encode(tc.text, tc.max))
		})
	}
}

func TestLoadTokenizerRejects(t *testing.T) {
	tests := []struct {
		name string
		json string
	}{
		{"not json", `{`},
		{"bpe model", `{"pre_tokenizer":{"type":"BertPreTokenizer"},"model":{"type":"BPE","vocab":{"a":0}}}`},
		{"empty vocab", `{"pre_tokenizer":{"type":"BertPreTokenizer"},"model":{"type":"WordPiece","unk_token":"[UNK]","vocab":{}}}`},
		{"other pre-tokenizer", `{"pre_tokenizer":{"type":"Whitespace"},"model":{"type":"WordPiece","unk_token":"[UNK]","vocab":{"[UNK]":0}}}`},
		{"other normalizer", `{"normalizer":{"type":"NFC"},"pre_tokenizer":{"type":"BertPreTokenizer"},"model":{"type":"WordPiece","unk_token":"[UNK]","vocab":{"[UNK]":0,"[CLS]":1,"[SEP]":2}}}`},
		{"no CLS", `{"pre_tokenizer":{"type":"BertPreTokenizer"},"model":{"type":"WordPiece","unk_token":"[UNK]","vocab":{"[UNK]":0,"[SEP]":2}}}`},
		{"no unk", `{"pre_tokenizer":{"type":"BertPreTokenizer"},"model":{"type":"WordPiece","unk_token":"[UNK]","vocab":{"[CLS]":1,"[SEP]":2}}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "tokenizer.json")
			require.NoError(t, os.WriteFile(path, []byte(tc.json), 0o600))
			_, err := LoadTokenizer(path)
			require.Error(t, err)
		})
	}
	_, err := LoadTokenizer(filepath.Join(t.TempDir(), "missing.json"))
	require.ErrorIs(t, err, os.ErrNotExist)
}

func BenchmarkTokenize(b *testing.B) {
	tok, err := LoadTokenizer(filepath.Join("testdata", "tiny-tokenizer.json"))
	require.NoError(b, err)
	text := "Köln Musée d'Orsay! MUSEUMS, the ARCHIEF? Stadsarchief unaffable abc"
	b.ReportAllocs()
	for b.Loop() {
		tok.Encode(text, DefaultMaxSeqLen)
	}
}
