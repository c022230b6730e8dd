package onnx

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Tokenizer is a BERT WordPiece tokenizer read from a Hugging Face
// tokenizer.json (BertNormalizer, BertPreTokenizer, WordPiece model). It
// reproduces what the Hugging Face `tokenizers` library does for such a file,
// which the golden test checks token by token.
//
// It is written here rather than taken from a library because
// github.com/sugarme/tokenizer v0.3.0, the Go port that reads tokenizer.json,
// does not strip accents when the file says "strip_accents": null (which
// means "follow lowercase" in Hugging Face tokenizers): "Köln", "Musée" and
// "façade" came out as [UNK] instead of word pieces, so heritage names with
// diacritics would embed wrongly.
//
// The padding and truncation settings in tokenizer.json are ignored: callers
// choose the sequence length (Encode's maxLen) and the embedder pads batches
// itself.
type Tokenizer struct {
	vocab         map[string]int64
	unkID         int64
	clsID         int64
	sepID         int64
	prefix        string
	maxWordChars  int
	lowercase     bool
	stripAccents  bool
	cleanText     bool
	chineseChars  bool
	specialTokens map[string]int64
}

type tokenizerFile struct {
	AddedTokens []struct {
		ID      int64  `json:"id"`
		Content string `json:"content"`
		Special bool   `json:"special"`
	} `json:"added_tokens"`
	Normalizer *struct {
		Type               string `json:"type"`
		CleanText          *bool  `json:"clean_text"`
		HandleChineseChars *bool  `json:"handle_chinese_chars"`
		StripAccents       *bool  `json:"strip_accents"`
		Lowercase          *bool  `json:"lowercase"`
	} `json:"normalizer"`
	PreTokenizer *struct {
		Type string `json:"type"`
	} `json:"pre_tokenizer"`
	Model struct {
		Type                    string           `json:"type"`
		UnkToken                string           `json:"unk_token"`
		ContinuingSubwordPrefix *string          `json:"continuing_subword_prefix"`
		MaxInputCharsPerWord    int              `json:"max_input_chars_per_word"`
		Vocab                   map[string]int64 `json:"vocab"`
	} `json:"model"`
}

// LoadTokenizer reads a BERT WordPiece tokenizer.json. Files of another kind
// (BPE, Unigram, other normalizers or pre-tokenizers) are rejected rather
// than tokenized differently from their reference implementation.
func LoadTokenizer(path string) (*Tokenizer, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("onnx: tokenizer: %w", err)
	}
	return parseTokenizer(data)
}

func parseTokenizer(data []byte) (*Tokenizer, error) {
	var f tokenizerFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("onnx: tokenizer: parse: %w", err)
	}
	if f.Model.Type != "WordPiece" {
		return nil, fmt.Errorf("onnx: tokenizer: model type %q, want WordPiece", f.Model.Type)
	}
	if len(f.Model.Vocab) == 0 {
		return nil, fmt.Errorf("onnx: tokenizer: empty vocabulary")
	}
	if f.PreTokenizer == nil || f.PreTokenizer.Type != "BertPreTokenizer" {
		return nil, fmt.Errorf("onnx: tokenizer: pre_tokenizer must be BertPreTokenizer")
	}
	t := &Tokenizer{
		vocab:         f.Model.Vocab,
		prefix:        "##",
		maxWordChars:  f.Model.MaxInputCharsPerWord,
		specialTokens: map[string]int64{},
	}
	if f.Model.ContinuingSubwordPrefix != nil {
		t.prefix = *f.Model.ContinuingSubwordPrefix
	}
	if t.maxWordChars <= 0 {
		t.maxWordChars = 100
	}
	if n := f.Normalizer; n != nil {
		if n.Type != "BertNormalizer" {
			return nil, fmt.Errorf("onnx: tokenizer: normalizer %q, want BertNormalizer", n.Type)
		}
		t.cleanText = boolOr(n.CleanText, true)
		t.chineseChars = boolOr(n.HandleChineseChars, true)
		t.lowercase = boolOr(n.Lowercase, true)
		// Hugging Face: strip_accents null means "same as lowercase".
		t.stripAccents = boolOr(n.StripAccents, t.lowercase)
	}
	for _, a := range f.AddedTokens {
		if a.Special {
			t.specialTokens[a.Content] = a.ID
		}
	}
	var ok bool
	if t.unkID, ok = t.tokenID(f.Model.UnkToken); !ok {
		return nil, fmt.Errorf("onnx: tokenizer: unknown token %q not in vocabulary", f.Model.UnkToken)
	}
	if t.clsID, ok = t.tokenID("[CLS]"); !ok {
		return nil, fmt.Errorf("onnx: tokenizer: [CLS] not in vocabulary")
	}
	if t.sepID, ok = t.tokenID("[SEP]"); !ok {
		return nil, fmt.Errorf("onnx: tokenizer: [SEP] not in vocabulary")
	}
	return t, nil
}

func boolOr(b *bool, def bool) bool {
	if b == nil {
		return def
	}
	return *b
}

func (t *Tokenizer) tokenID(tok string) (int64, bool) {
	if id, ok := t.specialTokens[tok]; ok {
		return id, true
	}
	id, ok := t.vocab[tok]
	return id, ok
}

// Encode returns the token ids of text with [CLS] and [SEP] around it,
// truncated on the right to at most maxLen ids in total (maxLen >= 2). The
// empty string encodes as [CLS] [SEP].
func (t *Tokenizer) Encode(text string, maxLen int) []int64 {
	maxLen = max(maxLen, 2)
	ids := make([]int64, 1, min(maxLen, len(text)/2+8))
	ids[0] = t.clsID
	limit := maxLen - 1 // room for [SEP]
	for _, word := range preTokenize(t.normalize(text)) {
		if len(ids) >= limit {
			break
		}
		ids = t.wordPiece(word, ids)
	}
	if len(ids) > limit {
		ids = ids[:limit]
	}
	return append(ids, t.sepID)
}

// normalize applies BertNormalizer in the order Hugging Face does: clean
// text, isolate CJK ideographs, strip accents (NFD, drop nonspacing marks),
// lowercase.
func (t *Tokenizer) normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range s {
		if t.cleanText {
			if r == 0 || r == utf8.RuneError || isControl(r) {
				continue
			}
			if isWhitespace(r) {
				r = ' '
			}
		}
		if t.chineseChars && isChineseChar(r) {
			b.WriteByte(' ')
			b.WriteRune(r)
			b.WriteByte(' ')
			continue
		}
		b.WriteRune(r)
	}
	out := b.String()
	if t.stripAccents {
		out = stripMarks(norm.NFD.String(out))
	}
	if t.lowercase {
		out = strings.ToLower(out)
	}
	return out
}

func stripMarks(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Mn, r) {
			return -1
		}
		return r
	}, s)
}

// isWhitespace is Rust's char::is_whitespace (the Unicode White_Space
// property), which Go's unicode.IsSpace implements.
func isWhitespace(r rune) bool { return unicode.IsSpace(r) }

// isControl follows Hugging Face: tab, newline and carriage return are
// whitespace, everything else in the "Other" categories (Cc, Cf, Co, Cs,
// unassigned) is a control character.
func isControl(r rune) bool {
	switch r {
	case '\t', '\n', '\r':
		return false
	}
	if unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs) {
		return true
	}
	return !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z)
}

func isChineseChar(r rune) bool {
	switch {
	case r >= 0x4E00 && r <= 0x9FFF,
		r >= 0x3400 && r <= 0x4DBF,
		r >= 0x20000 && r <= 0x2A6DF,
		r >= 0x2A700 && r <= 0x2B73F,
		r >= 0x2B740 && r <= 0x2B81F,
		r >= 0x2B920 && r <= 0x2CEAF,
		r >= 0xF900 && r <= 0xFAFF,
		r >= 0x2F800 && r <= 0x2FA1F:
		return true
	}
	return false
}

// isPunct is BertPreTokenizer's punctuation: ASCII punctuation (which
// includes symbols such as $ + < = > ^ ` | ~) or any Unicode P category.
func isPunct(r rune) bool {
	if r < utf8.RuneSelf {
		return (r >= '!' && r <= '/') || (r >= ':' && r <= '@') ||
			(r >= '[' && r <= '`') || (r >= '{' && r <= '~')
	}
	return unicode.IsPunct(r)
}

// preTokenize splits on whitespace (dropped) and isolates each punctuation
// character as its own word.
func preTokenize(s string) []string {
	var words []string
	start := -1
	for i, r := range s {
		switch {
		case isWhitespace(r):
			if start >= 0 {
				words = append(words, s[start:i])
				start = -1
			}
		case isPunct(r):
			if start >= 0 {
				words = append(words, s[start:i])
				start = -1
			}
			words = append(words, s[i:i+utf8.RuneLen(r)])
		default:
			if start < 0 {
				start = i
			}
		}
	}
	if start >= 0 {
		words = append(words, s[start:])
	}
	return words
}

// wordPiece appends the greedy longest-match-first pieces of word to ids, or
// the unknown token when the word cannot be split into vocabulary pieces.
func (t *Tokenizer) wordPiece(word string, ids []int64) []int64 {
	if utf8.RuneCountInString(word) > t.maxWordChars {
		return append(ids, t.unkID)
	}
	mark := len(ids)
	var buf []byte
	for start := 0; start < len(word); {
		end := len(word)
		found := false
		for end > start {
			var id int64
			var ok bool
			if start > 0 {
				buf = append(append(buf[:0], t.prefix...), word[start:end]...)
				id, ok = t.vocab[string(buf)] // no allocation for the lookup
			} else {
				id, ok = t.vocab[word[start:end]]
			}
			if ok {
				ids = append(ids, id)
				found = true
				break
			}
			// Step back one whole rune.
			_, size := utf8.DecodeLastRuneInString(word[start:end])
			end -= size
		}
		if !found {
			return append(ids[:mark], t.unkID)
		}
		start = end
	}
	return ids
}
