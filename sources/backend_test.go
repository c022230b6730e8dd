package sources_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/sources"
)

func smallBase(t *testing.T) *heritage.Dataset {
	t.Helper()
	ds, err := heritage.FromRecords([]heritage.Institution{
		{ID: "wd:Q1", Name: "First Museum", Type: "MUSEUM", Tier: heritage.TierAuthoritative, City: "York"},
		{ID: "wd:Q2", Name: "Second Library", Type: "LIBRARY", Tier: heritage.TierAuthoritative, City: "Leeds"},
	}, "base-1")
	require.NoError(t, err)
	return ds
}

// Changed names every record whose content differs between two composed
// datasets, whatever made it differ: a source's record added or changed,
// a correction laid over a bundled record or taken away (the bundled
// record is written back), a bundled record hidden or shown again.
func TestChangedFollowsEveryKindOfUpdate(t *testing.T) {
	base := smallBase(t)
	compose := func(st *sources.State) *sources.Data {
		t.Helper()
		d, err := sources.Overlay(base, st)
		require.NoError(t, err)
		return d
	}
	put := func(st *sources.State, meta sources.Meta, recs ...heritage.Institution) *sources.State {
		t.Helper()
		after, err := sources.Apply(st, func(s *sources.State) error { _, err := s.Put(meta, recs, false); return err })
		require.NoError(t, err)
		return after
	}
	del := func(st *sources.State, ids ...string) *sources.State {
		t.Helper()
		after, err := sources.Apply(st, func(s *sources.State) error {
			s.Delete(ids, func(id string) bool { _, ok := base.Get(id); return ok })
			return nil
		})
		require.NoError(t, err)
		return after
	}
	mine := sources.Meta{Namespace: "myorg", Tier: heritage.TierVerified}
	fix := sources.Meta{Namespace: sources.OverrideNamespace, Override: true, Tier: heritage.TierVerified}
	empty := &sources.State{}
	added := put(empty, mine, heritage.Institution{ID: "myorg:1", Name: "Mine", Type: "MUSEUM", Tier: heritage.TierVerified})
	changed := put(added, mine, heritage.Institution{ID: "myorg:1", Name: "Mine, renamed", Type: "MUSEUM", Tier: heritage.TierVerified})
	corrected := put(changed, fix, heritage.Institution{ID: "wd:Q1", Name: "First Museum, corrected", Type: "MUSEUM", Tier: heritage.TierVerified})
	uncorrected := del(corrected, "wd:Q1") // removes the correction
	hidden := del(uncorrected, "wd:Q2")
	shown, err := sources.Apply(hidden, func(s *sources.State) error { s.Hidden = nil; return nil })
	require.NoError(t, err)

	for _, c := range []struct {
		name      string
		from, to  *sources.State
		put, gone []string
	}{
		{"a source's record added", empty, added, []string{"myorg:1"}, nil},
		{"changed", added, changed, []string{"myorg:1"}, nil},
		{"a correction laid over a bundled record", changed, corrected, []string{"wd:Q1"}, nil},
		{"the correction taken away", corrected, uncorrected, []string{"wd:Q1"}, nil},
		{"a bundled record hidden", uncorrected, hidden, nil, []string{"wd:Q2"}},
		{"shown again", hidden, shown, []string{"wd:Q2"}, nil},
		{"nothing", shown, shown, nil, nil},
	} {
		gotPut, gotGone := sources.Changed(compose(c.from), compose(c.to))
		require.Equal(t, c.put, gotPut, c.name)
		require.Equal(t, c.gone, gotGone, c.name)
	}
	got, _ := compose(uncorrected).Get("wd:Q1")
	require.Equal(t, "First Museum", got.Name, "the bundled record is back")
}

// A state assembled by a backend has the version the directory store
// computes for the same content, whatever order it was read in.
func TestNewStateVersionIsTheDirectoryStoresVersion(t *testing.T) {
	st := sources.Open(t.TempDir())
	meta := sources.Meta{Namespace: "myorg", Tier: heritage.TierVerified}
	recs := []heritage.Institution{
		{ID: "myorg:2", Name: "Two", Type: "MUSEUM", Tier: heritage.TierVerified},
		{ID: "myorg:1", Name: "One", Type: "MUSEUM", Tier: heritage.TierVerified},
	}
	_, after, err := st.Update(context.Background(), func(s *sources.State) error {
		if _, err := s.Put(meta, recs, false); err != nil {
			return err
		}
		s.Hidden = []string{"wd:Q9"}
		return nil
	})
	require.NoError(t, err)
	got, err := sources.NewState([]sources.Source{{Meta: meta, Records: recs}}, []string{"wd:Q9"})
	require.NoError(t, err)
	require.Equal(t, after.Version, got.Version)
	require.Equal(t, "myorg:1", got.Sources[0].Records[0].ID)
	_, err = sources.NewState([]sources.Source{{Meta: meta}, {Meta: meta}}, nil)
	require.Error(t, err, "a source twice")
}

// DecodeRecord takes a record of its source's namespace (any id for the
// corrections) with an id and a name, and nothing else.
func TestDecodeRecord(t *testing.T) {
	meta := sources.Meta{Namespace: "myorg"}
	_, err := sources.DecodeRecord(meta, []byte(`{"id":"myorg:1","name":"One","type":"MUSEUM","tier":"TIER_2_VERIFIED"}`))
	require.NoError(t, err)
	_, err = sources.DecodeRecord(meta, []byte(`{"id":"other:1","name":"One"}`))
	require.ErrorContains(t, err, `not of source "myorg"`)
	_, err = sources.DecodeRecord(meta, []byte(`{"id":"myorg:1"}`))
	require.ErrorContains(t, err, "no id or name")
	_, err = sources.DecodeRecord(meta, []byte(`{"id":"myorg:1","name":`))
	require.Error(t, err)
	_, err = sources.DecodeRecord(sources.Meta{Namespace: sources.OverrideNamespace, Override: true}, []byte(`{"id":"wd:Q1","name":"One"}`))
	require.NoError(t, err)
}

// The directory store remembers the version last uploaded into a shared
// store.
func TestUploaded(t *testing.T) {
	st := sources.Open(t.TempDir())
	require.Empty(t, st.Uploaded())
	_, after, err := st.Update(context.Background(), func(s *sources.State) error {
		_, err := s.Put(sources.Meta{Namespace: "myorg"}, []heritage.Institution{{ID: "myorg:1", Name: "One"}}, false)
		return err
	})
	require.NoError(t, err)
	require.NoError(t, st.SetUploaded(after.Version))
	require.Equal(t, after.Version, st.Uploaded())
	got, err := st.Read(context.Background())
	require.NoError(t, err)
	require.Equal(t, after.Version, got.Version, "the mark is no part of the store's versions")
}
