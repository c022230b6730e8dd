package sources

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/hybridrag/hybridrag/heritage"
)

// Meta describes a source: its namespace (the NAMESPACE of its records'
// ids) and what its records get when they do not say it themselves.
type Meta struct {
	Namespace   string        `json:"namespace"`
	License     string        `json:"license,omitempty"`
	Attribution string        `json:"attribution,omitempty"`
	Tier        heritage.Tier `json:"tier,omitempty"`
	// Override marks the source of corrections to bundled records (see
	// OverrideNamespace): its records keep the ids of the records they
	// replace.
	Override bool `json:"override,omitempty"`
}

// Source is a source's records, validated and in canonical form, sorted
// by id.
type Source struct {
	Meta    Meta
	Records []heritage.Institution
}

// State is what a store holds: the sources, by namespace, and the ids of
// base (bundled) records that were deleted and are hidden. It is read-only
// once read; Update hands its function a copy to change.
type State struct {
	Sources []Source // sorted by namespace
	Hidden  []string // sorted
	// Version identifies the state ("" for an empty store); it is a hash
	// of the canonical records and the hidden ids.
	Version string
	// Head is what the store's CURRENT file said when the state was read
	// (see Store.Head).
	Head string
	// Recovered is set when the version CURRENT names was damaged and an
	// earlier whole one was read instead: what happened and how to make
	// it current.
	Recovered string
}

// Empty reports whether the state adds, changes and hides nothing.
func (s *State) Empty() bool {
	if len(s.Hidden) > 0 {
		return false
	}
	for _, src := range s.Sources {
		if len(src.Records) > 0 {
			return false
		}
	}
	return true
}

// Len is the number of records in the sources.
func (s *State) Len() int {
	n := 0
	for _, src := range s.Sources {
		n += len(src.Records)
	}
	return n
}

// Source returns the source of namespace ns.
func (s *State) Source(ns string) (*Source, bool) {
	i, ok := slices.BinarySearchFunc(s.Sources, ns, func(a Source, ns string) int { return cmp.Compare(a.Meta.Namespace, ns) })
	if !ok {
		return nil, false
	}
	return &s.Sources[i], true
}

// clone copies the state's lists (records are values that are never
// changed in place, so they are shared).
func (s *State) clone() *State {
	c := &State{Sources: slices.Clone(s.Sources), Hidden: slices.Clone(s.Hidden), Version: s.Version, Head: s.Head}
	for i := range c.Sources {
		c.Sources[i].Records = slices.Clone(c.Sources[i].Records)
	}
	return c
}

// Change is what an update did, by record id.
type Change struct {
	Added, Changed, Removed []string
	// Unchanged counts the records given that were already stored as
	// they are.
	Unchanged int
}

// Empty reports whether the change changed nothing.
func (c Change) Empty() bool { return len(c.Added)+len(c.Changed)+len(c.Removed) == 0 }

// IDs are every id the change touched: added, changed and removed.
func (c Change) IDs() []string {
	return slices.Concat(c.Added, c.Changed, c.Removed)
}

func (c Change) String() string {
	return fmt.Sprintf("%d added, %d changed, %d removed, %d unchanged", len(c.Added), len(c.Changed), len(c.Removed), c.Unchanged)
}

// Put adds or updates the records of source meta.Namespace (creating the
// source) and sets its meta. With replace, the source holds exactly recs
// afterwards: its records missing from recs are removed. recs must be
// valid records of that namespace with unique ids.
func (s *State) Put(meta Meta, recs []heritage.Institution, replace bool) (Change, error) {
	var ch Change
	i, found := slices.BinarySearchFunc(s.Sources, meta.Namespace, func(a Source, ns string) int { return cmp.Compare(a.Meta.Namespace, ns) })
	if !found {
		s.Sources = slices.Insert(s.Sources, i, Source{Meta: meta})
	}
	src := &s.Sources[i]
	src.Meta = meta
	old := make(map[string]string, len(src.Records))
	for k := range src.Records {
		h, err := recordSum(&src.Records[k])
		if err != nil {
			return ch, err
		}
		old[src.Records[k].ID] = h
	}
	given := make(map[string]bool, len(recs))
	byID := make(map[string]int, len(src.Records))
	for k := range src.Records {
		byID[src.Records[k].ID] = k
	}
	for _, r := range recs {
		given[r.ID] = true
		h, err := recordSum(&r)
		if err != nil {
			return ch, err
		}
		switch prev, ok := old[r.ID]; {
		case !ok:
			ch.Added = append(ch.Added, r.ID)
			byID[r.ID] = len(src.Records)
			src.Records = append(src.Records, r)
		case prev != h:
			ch.Changed = append(ch.Changed, r.ID)
			src.Records[byID[r.ID]] = r
		default:
			ch.Unchanged++
		}
	}
	if replace {
		src.Records = slices.DeleteFunc(src.Records, func(r heritage.Institution) bool {
			if given[r.ID] {
				return false
			}
			ch.Removed = append(ch.Removed, r.ID)
			return true
		})
	}
	slices.SortFunc(src.Records, func(a, b heritage.Institution) int { return cmp.Compare(a.ID, b.ID) })
	for _, l := range [][]string{ch.Added, ch.Changed, ch.Removed} {
		slices.Sort(l)
	}
	return ch, nil
}

// Delete removes records by id: a source's record is removed from it; an
// id that isBase reports as a base record is hidden. Ids that are neither
// (or already hidden) are returned as unknown.
func (s *State) Delete(ids []string, isBase func(id string) bool) (ch Change, unknown []string) {
	for _, id := range ids {
		removed := false
		for i := range s.Sources {
			src := &s.Sources[i]
			if k := slices.IndexFunc(src.Records, func(r heritage.Institution) bool { return r.ID == id }); k >= 0 {
				src.Records = slices.Delete(src.Records, k, k+1)
				removed = true
			}
		}
		if !removed && isBase(id) {
			if k, hidden := slices.BinarySearch(s.Hidden, id); !hidden {
				s.Hidden = slices.Insert(s.Hidden, k, id)
				removed = true
			}
		}
		if removed {
			ch.Removed = append(ch.Removed, id)
		} else {
			unknown = append(unknown, id)
		}
	}
	slices.Sort(ch.Removed)
	ch.Removed = slices.Compact(ch.Removed)
	return ch, unknown
}

// version computes the state's version from its canonical content.
func (s *State) version() (string, error) {
	if len(s.Sources) == 0 && len(s.Hidden) == 0 {
		// A source emptied of its records stays, and has a version.
		return "", nil
	}
	h := sha256.New()
	for _, src := range s.Sources {
		m, err := json.Marshal(src.Meta)
		if err != nil {
			return "", err
		}
		h.Write(m)
		h.Write([]byte{'\n'})
		for k := range src.Records {
			b, err := json.Marshal(&src.Records[k])
			if err != nil {
				return "", err
			}
			h.Write(b)
			h.Write([]byte{'\n'})
		}
	}
	for _, id := range s.Hidden {
		h.Write([]byte("hidden " + id + "\n"))
	}
	return hex.EncodeToString(h.Sum(nil)[:8]), nil
}

// recordSum is the content hash of a record in canonical form.
func recordSum(in *heritage.Institution) (string, error) {
	b, err := json.Marshal(in)
	if err != nil {
		return "", fmt.Errorf("sources: record %s: %w", in.ID, err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8]), nil
}
