package sources

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
)

// Backend keeps a store's state: the system of record of the users'
// sources. Store, a directory, is the one a process has on its own;
// package sources/neo4jstore keeps the state in Neo4j, where every
// process that uses the server shares it.
type Backend interface {
	// Head is a token that changes with every update, cheap enough to
	// poll every second ("" for a store never written).
	Head(ctx context.Context) (string, error)
	// Read returns the state in use, with State.Head the head it was
	// read at. A state read whole from an earlier version than the head
	// names, or read past damage, says so in State.Recovered.
	Read(ctx context.Context) (*State, error)
	// Update applies change to a copy of the state in use (see Apply) and
	// makes the result the state in use, as one step: an update through
	// another process waits for it, and a reader sees the state before
	// or after it, never a part. When change leaves the content as it
	// was, nothing is written. It returns the state before and after.
	Update(ctx context.Context, change func(st *State) error) (before, after *State, err error)
	// String names the store in messages: its directory, its server.
	String() string
}

// Repairer is a Backend that can make a damaged store whole again and
// says what it did (Store). A backend without it has no state that it
// can repair: its updates are transactions.
type Repairer interface {
	Repair(ctx context.Context) (string, error)
}

// ErrUnavailable is wrapped by a Backend's errors when its server cannot
// be reached: the state is unknown, not damaged.
var ErrUnavailable = errors.New("sources: the store's server is unavailable")

var _ Backend = (*Store)(nil)

// Apply is what Update makes of before: change applied to a copy of it,
// the copy's version computed. before is not changed.
func Apply(before *State, change func(st *State) error) (*State, error) {
	after := before.clone()
	after.Recovered = ""
	if err := change(after); err != nil {
		return nil, err
	}
	v, err := after.version()
	if err != nil {
		return nil, err
	}
	after.Version = v
	return after, nil
}

// NewState is the state of the sources and hidden ids a backend read:
// sorted (sources by namespace, records by id, hidden ids), its version
// computed from the content. The sources' namespaces must be distinct.
func NewState(srcs []Source, hidden []string) (*State, error) {
	st := &State{Sources: slices.Clone(srcs), Hidden: slices.Clone(hidden)}
	slices.SortFunc(st.Sources, func(a, b Source) int { return cmp.Compare(a.Meta.Namespace, b.Meta.Namespace) })
	for i := range st.Sources {
		if i > 0 && st.Sources[i].Meta.Namespace == st.Sources[i-1].Meta.Namespace {
			return nil, fmt.Errorf("sources: source %q twice", st.Sources[i].Meta.Namespace)
		}
		st.Sources[i].Records = slices.Clone(st.Sources[i].Records)
		slices.SortFunc(st.Sources[i].Records, func(a, b heritage.Institution) int { return cmp.Compare(a.ID, b.ID) })
	}
	slices.Sort(st.Hidden)
	v, err := st.version()
	if err != nil {
		return nil, err
	}
	st.Version = v
	return st, nil
}

// DecodeRecord reads a record of source meta as a backend stored it (its
// canonical JSON): whole, with an id of the source's namespace (any
// bundled id for the override source) and a name. The record was
// validated when it was added, by the rules of the release that added
// it: a later, stricter rule must not make a stored record unreadable.
// A backend bounds what it reads before it decodes.
func DecodeRecord(meta Meta, b []byte) (heritage.Institution, error) {
	var in heritage.Institution
	if err := heritage.Decode(b, &in); err != nil {
		return in, err
	}
	if in.ID == "" || in.Name == "" {
		return in, errors.New("a record with no id or name")
	}
	if ns, _, _ := strings.Cut(in.ID, ":"); ns != meta.Namespace && !meta.Override {
		return in, fmt.Errorf("record %s is not of source %q", in.ID, meta.Namespace)
	}
	return in, nil
}
