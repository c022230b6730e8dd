package main

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/config"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/sources"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// racing is a store through which another process updates first, once,
// just before this one's update.
type racing struct {
	*sources.Store
	other func(*sources.State) error
}

func (r *racing) Update(ctx context.Context, change func(*sources.State) error) (before, after *sources.State, err error) {
	if other := r.other; other != nil {
		r.other = nil
		if _, _, err := r.Store.Update(ctx, other); err != nil {
			return nil, nil, err
		}
	}
	return r.Store.Update(ctx, change)
}

// An update that another process's update overtakes between reading the
// store and writing it goes again from the newer state: neither update is
// lost.
func TestCommitGoesAgainFromANewerState(t *testing.T) {
	e := testEnv(t, io.Discard, io.Discard)
	store := sources.Open(t.TempDir())
	st := &racing{Store: store, other: func(s *sources.State) error {
		_, err := s.Put(sources.Meta{Namespace: "other"}, []heritage.Institution{testfixture.OwnRecord("other", 1, 0, "")}, false)
		return err
	}}
	calls := 0
	u, err := e.commit(context.Background(), config.Default(), testfixture.Dataset(t), st, func(s *sources.State) error {
		calls++
		_, err := s.Put(sources.Meta{Namespace: "myorg"}, []heritage.Institution{testfixture.OwnRecord("myorg", 1, 0, "")}, false)
		return err
	})
	require.NoError(t, err)
	require.Equal(t, 2, calls, "the change is applied again to the newer state")
	got, err := store.Read(context.Background())
	require.NoError(t, err)
	require.Equal(t, 2, got.Len(), "both updates are in the store")
	require.Equal(t, u.after.Version, got.Version)
}

// With a shared store configured, a directory store that holds sources
// never uploaded is named, with the command that uploads it, until it is
// uploaded.
func TestNotUploadedNamesTheDirectoryStore(t *testing.T) {
	e := testEnv(t, io.Discard, io.Discard)
	dir := t.TempDir()
	local, shared := sources.Open(dir), sources.Open(t.TempDir())
	cfg := config.Default()
	cfg.Store = dir
	require.Empty(t, e.notUploaded(cfg, shared), "an empty directory store")
	_, after, err := local.Update(context.Background(), func(s *sources.State) error {
		_, err := s.Put(sources.Meta{Namespace: "myorg"}, []heritage.Institution{testfixture.OwnRecord("myorg", 1, 0, "")}, false)
		return err
	})
	require.NoError(t, err)
	msg := e.notUploaded(cfg, shared)
	require.True(t, strings.Contains(msg, "holds 1 record in 1 source") && strings.Contains(msg, "hybridrag ingest --sync"), msg)
	require.Empty(t, e.notUploaded(cfg, local), "the directory store is the store in use")
	require.NoError(t, local.SetUploaded(after.Version))
	require.Empty(t, e.notUploaded(cfg, shared))
}
