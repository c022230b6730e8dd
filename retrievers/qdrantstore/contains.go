package qdrantstore

import (
	"slices"
	"strings"
	"sync"

	"github.com/qdrant/go-client/qdrant"

	"github.com/hybridrag/hybridrag/heritage"
)

// maxResolved bounds the values a resolved $contains condition lists: a
// part that more of the values hold is left to Qdrant's substring match.
const maxResolved = 1024

// recordValues are the distinct values the records of one dataset give
// each text filter key, as the payload holds them under foldKey
// (foldedValues): what a $contains filter is resolved over. Qdrant has
// no index for a substring (a keyword index matches whole values), so it
// reads the payload of every point to test a text match; the values of
// the records that hold the part, matched as keywords, select the same
// points through the index. The values of a key are gathered the first
// time a filter names it. It is safe for concurrent use.
type recordValues struct {
	ds   *heritage.Dataset
	mu   sync.Mutex
	keys map[string]*keyValues
}

// keyValues are the sorted distinct values of one key.
type keyValues struct {
	once   sync.Once
	values []string
}

func newRecordValues(ds *heritage.Dataset) *recordValues {
	return &recordValues{ds: ds, keys: make(map[string]*keyValues)}
}

// of returns the sorted distinct values the records give key.
func (v *recordValues) of(key string) []string {
	v.mu.Lock()
	kv := v.keys[key]
	if kv == nil {
		kv = &keyValues{}
		v.keys[key] = kv
	}
	v.mu.Unlock()
	kv.once.Do(func() {
		seen := make(map[string]bool)
		for i := range v.ds.Institutions {
			for _, s := range foldedValues(&v.ds.Institutions[i], key) {
				seen[s] = true
			}
		}
		kv.values = make([]string, 0, len(seen))
		for s := range seen {
			kv.values = append(kv.values, s)
		}
		slices.Sort(kv.values)
	})
	return kv.values
}

// contains is the $contains condition on the text key (payload field
// field) resolved over the records' values: a keyword match of the
// values holding one of parts (trimmed and folded, as containsCondition
// compares them), never when none does, and containsCondition itself
// when more than maxResolved do.
func (v *recordValues) contains(key, field string, parts []string) cond {
	needles := make([]string, len(parts))
	for i, p := range parts {
		needles[i] = Fold(strings.TrimSpace(p))
	}
	var match []string
	for _, s := range v.of(key) {
		for _, n := range needles {
			if strings.Contains(s, n) {
				match = append(match, s)
				break
			}
		}
		if len(match) > maxResolved {
			return is(containsCondition(field, parts))
		}
	}
	switch len(match) {
	case 0:
		return never
	case 1:
		return is(qdrant.NewMatchKeyword(field, match[0]))
	}
	return is(qdrant.NewMatchKeywords(field, match...))
}
