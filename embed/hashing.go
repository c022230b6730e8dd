// Package embed holds the Embedder contract of the vector retriever and the
// hashing embedder, which needs no model weights: it maps words, word pairs
// and character n-grams of the normalised text into a fixed number of
// dimensions by feature hashing.
package embed

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/hybridrag/hybridrag/internal/textfold"
)

// DefaultDim is the dimension NewHashing uses for dim <= 0.
const DefaultDim = 768

// Hashing is a deterministic, model-free embedder; it implements
// Embedder. A text is normalised
// (see Normalize; a word keeps its first textfold.MaxWord runes), split into words, and stop words are dropped. Three
// feature groups are hashed with 64-bit FNV-1a into signed buckets: word
// unigrams (with a light plural strip), word bigrams and character n-grams
// of each word padded with boundary marks. Each feature weighs 1+ln(tf);
// each group is scaled to its group weight and the sum is L2-normalised,
// so a dot product is a cosine similarity. An empty text (or one of stop
// words only) gives the zero vector.
//
// Hashing is safe for concurrent use.
type Hashing struct {
	dim                      int
	minN, maxN               int
	wWord, wBigram, wCharGrm float32
}

// HashingOption tunes a Hashing embedder.
type HashingOption func(*Hashing)

// WithCharNGrams sets the character n-gram lengths (default 3 to 5).
func WithCharNGrams(minN, maxN int) HashingOption {
	return func(h *Hashing) { h.minN, h.maxN = minN, maxN }
}

// WithGroupWeights sets the weights of the word, bigram and character
// n-gram groups (default 1, 0.5, 1). A zero weight disables a group.
func WithGroupWeights(word, bigram, char float32) HashingOption {
	return func(h *Hashing) { h.wWord, h.wBigram, h.wCharGrm = word, bigram, char }
}

// NewHashing returns a hashing embedder of dim dimensions (DefaultDim when
// dim <= 0).
func NewHashing(dim int, opts ...HashingOption) *Hashing {
	if dim <= 0 {
		dim = DefaultDim
	}
	h := &Hashing{dim: dim, minN: 3, maxN: 5, wWord: 1, wBigram: 0.5, wCharGrm: 1}
	for _, o := range opts {
		o(h)
	}
	h.minN = max(h.minN, 1)
	h.maxN = max(h.maxN, h.minN)
	return h
}

// Dim is the vector dimension.
func (h *Hashing) Dim() int { return h.dim }

// ID names the embedder and every setting that changes its vectors.
func (h *Hashing) ID() string {
	return fmt.Sprintf("hashing-v1/fnv1a/dim=%d/char=%d-%d/w=%g,%g,%g/fold,word64,stop,plural",
		h.dim, h.minN, h.maxN, h.wWord, h.wBigram, h.wCharGrm)
}

// Embed returns one vector per text. It checks ctx every 64 texts.
func (h *Hashing) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	flat := make([]float32, len(texts)*h.dim)
	var sc scratch
	for i, t := range texts {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		v := flat[i*h.dim : (i+1)*h.dim : (i+1)*h.dim]
		h.embed(&sc, t, v)
		out[i] = v
	}
	return out, nil
}

// EmbedOne embeds a single text into a new vector.
func (h *Hashing) EmbedOne(text string) []float32 {
	v := make([]float32, h.dim)
	var sc scratch
	h.embed(&sc, text, v)
	return v
}

// scratch holds the reusable buffers of one Embed call.
type scratch struct {
	norm    []byte
	words   [][]byte
	word    []uint64
	bigram  []uint64
	charGrm []uint64
	pad     []byte
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func fnvByte(h uint64, c byte) uint64 {
	return (h ^ uint64(c)) * fnvPrime
}

func fnvString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * fnvPrime
	}
	return h
}

func fnv(h uint64, b []byte) uint64 {
	for _, c := range b {
		h ^= uint64(c)
		h *= fnvPrime
	}
	return h
}

// mix is the splitmix64 finaliser; it spreads FNV's low-entropy bits before
// the bucket and sign are taken.
func mix(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return h
}

// Feature-group tags keep a word and an identical character n-gram apart.
const (
	tagWord   = 'w'
	tagBigram = 'b'
	tagChar   = 'c'
)

func (h *Hashing) embed(sc *scratch, text string, v []float32) {
	clear(v)
	sc.norm = textfold.AppendWords(sc.norm[:0], text)
	sc.words = sc.words[:0]
	for rest := sc.norm; len(rest) > 0; {
		i := 0
		for i < len(rest) && rest[i] != ' ' {
			i++
		}
		w := rest[:i]
		if i < len(rest) {
			rest = rest[i+1:]
		} else {
			rest = nil
		}
		if !isStopWord(w) {
			sc.words = append(sc.words, w)
		}
	}
	if len(sc.words) == 0 {
		return
	}
	sc.word, sc.bigram, sc.charGrm = sc.word[:0], sc.bigram[:0], sc.charGrm[:0]
	var prev []byte
	for i, w := range sc.words {
		stem, suffix := stemPlural(w)
		if h.wWord != 0 {
			sc.word = append(sc.word, fnvString(fnv(fnvByte(fnvOffset, tagWord), stem), suffix))
		}
		if i > 0 && h.wBigram != 0 {
			pstem, psuffix := stemPlural(prev)
			b := fnvString(fnv(fnvByte(fnvOffset, tagBigram), pstem), psuffix)
			sc.bigram = append(sc.bigram, fnvString(fnv(fnvByte(b, ' '), stem), suffix))
		}
		prev = w
		if h.wCharGrm != 0 {
			sc.pad = append(append(append(sc.pad[:0], '<'), w...), '>')
			for n := h.minN; n <= h.maxN; n++ {
				seed := fnvByte(fnvByte(fnvOffset, tagChar), byte(n))
				for j := 0; j+n <= len(sc.pad); j++ {
					sc.charGrm = append(sc.charGrm, fnv(seed, sc.pad[j:j+n]))
				}
			}
		}
	}
	h.add(v, sc.word, h.wWord)
	h.add(v, sc.bigram, h.wBigram)
	h.add(v, sc.charGrm, h.wCharGrm)
	var sum float64
	for _, x := range v {
		sum += float64(x) * float64(x)
	}
	if sum == 0 {
		return
	}
	inv := float32(1 / math.Sqrt(sum))
	for i := range v {
		v[i] *= inv
	}
}

// add counts the features, weighs each 1+ln(tf), scales the group to
// weight and adds it to v with each feature's sign.
func (h *Hashing) add(v []float32, feats []uint64, weight float32) {
	if len(feats) == 0 || weight == 0 {
		return
	}
	slices.Sort(feats)
	var norm2 float64
	for i := 0; i < len(feats); {
		j := i + 1
		for j < len(feats) && feats[j] == feats[i] {
			j++
		}
		w := 1 + math.Log(float64(j-i))
		norm2 += w * w
		i = j
	}
	scale := float64(weight) / math.Sqrt(norm2)
	dim := uint64(h.dim)
	for i := 0; i < len(feats); {
		j := i + 1
		for j < len(feats) && feats[j] == feats[i] {
			j++
		}
		m := mix(feats[i])
		w := float32((1 + math.Log(float64(j-i))) * scale)
		if m>>63 == 1 {
			w = -w
		}
		v[(m&0x7fffffffffffffff)%dim] += w
		i = j
	}
}

// stemPlural strips a simple English plural: "museums" → "museum";
// "libraries" → "librar"+"y", the same as "library". "glass", "bus",
// "status" and words of three letters or fewer stay as they are. The stem
// is w[:len(stem)] plus suffix.
func stemPlural(w []byte) (stem []byte, suffix string) {
	n := len(w)
	switch {
	case n > 4 && string(w[n-3:]) == "ies":
		return w[:n-3], "y"
	case n > 3 && w[n-1] == 's' && w[n-2] != 's' && w[n-2] != 'u' && w[n-2] != 'i':
		return w[:n-1], ""
	}
	return w, ""
}
