package sources_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/sources"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

func deleteIDs(t *testing.T, st *sources.Store, ids ...string) *sources.State {
	t.Helper()
	_, after, err := st.Update(context.Background(), func(s *sources.State) error {
		s.Delete(ids, func(string) bool { return false })
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return after
}

func readBack(t *testing.T, st *sources.Store) *sources.State {
	t.Helper()
	got, err := st.Read(context.Background())
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	return got
}

// Deleting a source's last record leaves a store every later read and
// update accepts: the source is there, with no records.
func TestDeletingTheLastRecordLeavesAValidStore(t *testing.T) {
	st := sources.Open(t.TempDir())
	put(t, st, own(t, 0, 1, 0, ""), false)
	after := deleteIDs(t, st, "myorg:0")
	if after.Version == "" || after.Len() != 0 || !after.Empty() {
		t.Fatalf("after deleting the last record: version %q, %d records", after.Version, after.Len())
	}
	head, err := os.ReadFile(filepath.Join(st.Dir(), "CURRENT"))
	if err != nil || strings.TrimSpace(string(head)) != "v-"+after.Version {
		t.Fatalf("CURRENT is %q (%v), want v-%s", head, err, after.Version)
	}
	got := readBack(t, st)
	if got.Version != after.Version || got.Len() != 0 || got.Recovered != "" {
		t.Fatalf("read back: version %q, %d records, recovered %q", got.Version, got.Len(), got.Recovered)
	}
	if _, ok := got.Source("myorg"); !ok {
		t.Fatal("the emptied source is gone")
	}
	// The store takes records again.
	_, again := put(t, st, own(t, 0, 3, 0, ""), false)
	if again.Len() != 3 {
		t.Fatalf("after adding again: %d records", again.Len())
	}
}

// A CURRENT written by hand, or torn, or naming a missing version: the
// read falls back to the last whole version and says so.
func TestReadFallsBackPastADamagedCurrent(t *testing.T) {
	for _, head := range []string{"v-", "v-zz", "garbage", "v-0123456789abcdef", "\x00\x00", strings.Repeat("v", 10000)} {
		st := sources.Open(t.TempDir())
		_, first := put(t, st, own(t, 0, 3, 0, ""), false)
		_, second := put(t, st, own(t, 0, 4, 0, ""), false)
		if err := os.WriteFile(filepath.Join(st.Dir(), "CURRENT"), []byte(head), 0o644); err != nil {
			t.Fatal(err)
		}
		got := readBack(t, st)
		if got.Recovered == "" || (got.Version != second.Version && got.Version != first.Version) {
			t.Fatalf("CURRENT %.20q: read version %q (recovered %q), want one of %s, %s", head, got.Version, got.Recovered, first.Version, second.Version)
		}
		if !strings.Contains(got.Recovered, "doctor --repair") {
			t.Errorf("the note does not say how to repair: %s", got.Recovered)
		}
		// An update over the fallback makes the store whole again.
		_, after := put(t, st, own(t, 0, 5, 0, ""), false)
		if again := readBack(t, st); again.Recovered != "" || again.Version != after.Version {
			t.Fatalf("after an update: %+v", again)
		}
	}
}

// A version whose files were changed after they were written is not
// read: the one before it is.
func TestReadFallsBackPastADamagedVersion(t *testing.T) {
	st := sources.Open(t.TempDir())
	_, first := put(t, st, own(t, 0, 3, 0, ""), false)
	_, second := put(t, st, own(t, 0, 4, 0, ""), false)
	file := filepath.Join(st.Dir(), "v-"+second.Version, "myorg.jsonl")
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for name, damage := range map[string][]byte{
		"truncated":    b[:len(b)/2],
		"one byte":     append([]byte{b[0] ^ 1}, b[1:]...),
		"empty":        nil,
		"same content": b,
	} {
		if err := os.WriteFile(file, damage, 0o644); err != nil {
			t.Fatal(err)
		}
		got := readBack(t, st)
		if name == "same content" {
			if got.Version != second.Version || got.Recovered != "" {
				t.Errorf("%s: read %q, recovered %q", name, got.Version, got.Recovered)
			}
			continue
		}
		if got.Version != first.Version || got.Recovered == "" {
			t.Errorf("%s: read version %q (recovered %q), want %s", name, got.Version, got.Recovered, first.Version)
		}
	}
	// A removed file is damage too.
	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
	if got := readBack(t, st); got.Version != first.Version || got.Recovered == "" {
		t.Errorf("file removed: read %q", got.Version)
	}
}

// Repair makes the last whole version current again; a store with no
// whole version is moved aside, not deleted, and starts empty.
func TestRepair(t *testing.T) {
	ctx := context.Background()
	st := sources.Open(t.TempDir())
	_, first := put(t, st, own(t, 0, 3, 0, ""), false)
	put(t, st, own(t, 0, 4, 0, ""), false)
	if msg, err := st.Repair(ctx); err != nil || !strings.Contains(msg, "nothing to repair") {
		t.Fatalf("a whole store: %q %v", msg, err)
	}
	if err := os.WriteFile(filepath.Join(st.Dir(), "CURRENT"), []byte("v-"), 0o644); err != nil {
		t.Fatal(err)
	}
	msg, err := st.Repair(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := readBack(t, st)
	if got.Recovered != "" || got.Len() == 0 {
		t.Fatalf("after repair (%s): %+v", msg, got)
	}

	// No whole version left.
	dir := filepath.Join(t.TempDir(), "store")
	st = sources.Open(dir)
	_, only := put(t, st, own(t, 0, 3, 0, ""), false)
	if err := os.WriteFile(filepath.Join(dir, "v-"+only.Version, "myorg.jsonl"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = st.Read(context.Background())
	var damaged *sources.DamagedError
	if !errors.As(err, &damaged) || !strings.Contains(err.Error(), "doctor --repair") {
		t.Fatalf("read of a store with no whole version: %v", err)
	}
	if _, _, err := st.Update(ctx, func(*sources.State) error { return nil }); err == nil {
		t.Fatal("an update over a store with no whole version was accepted")
	}
	msg, err = st.Repair(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := readBack(t, st); got.Len() != 0 || got.Version != "" {
		t.Fatalf("after repair (%s): %+v", msg, got)
	}
	aside, _ := filepath.Glob(dir + ".damaged-*")
	if len(aside) != 1 {
		t.Fatalf("the damaged store was not kept aside: %v (%s)", aside, msg)
	}
	if _, err := os.Stat(filepath.Join(aside[0], "v-"+only.Version, "myorg.jsonl")); err != nil {
		t.Fatalf("the damaged files are not in %s: %v", aside[0], err)
	}
	_ = first
}

// A store of an earlier release (no checksum list) reads as before.
func TestReadVersionWithoutChecksums(t *testing.T) {
	st := sources.Open(t.TempDir())
	_, s1 := put(t, st, own(t, 0, 3, 0, ""), false)
	if err := os.Remove(filepath.Join(st.Dir(), "v-"+s1.Version, "SHA256SUMS")); err != nil {
		t.Fatal(err)
	}
	if got := readBack(t, st); got.Version != s1.Version || got.Len() != 3 || got.Recovered != "" {
		t.Fatalf("read: %+v", got)
	}
}

// A source in a namespace of the base records is left out of the
// composed data, and said to be; an override replaces the base record
// of its id and is cited as one.
func TestOverlayKeepsBundledNamespaces(t *testing.T) {
	base := baseSample(t)
	victim := base.Institutions[0]
	ns, _, _ := strings.Cut(victim.ID, ":")
	if !contains(sources.Reserved(base), ns) || !contains(sources.Reserved(base), sources.OverrideNamespace) {
		t.Fatalf("reserved: %v", sources.Reserved(base))
	}
	impostor := victim
	impostor.Name, impostor.License = "Impostor", ""
	st := &sources.State{Sources: []sources.Source{{Meta: sources.Meta{Namespace: ns}, Records: []heritage.Institution{impostor}}}, Version: "1"}
	d, err := sources.Overlay(base, st)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := d.Get(victim.ID); got.Name != victim.Name || len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0], "--override") {
		t.Fatalf("a source in namespace %q: record %q, warnings %v", ns, got.Name, d.Warnings)
	}

	fixed := victim
	fixed.Name = victim.Name + " (corrected)"
	in, err := sources.Read(strings.NewReader(jsonLine(t, fixed)), sources.Meta{Namespace: sources.OverrideNamespace, Override: true, Tier: heritage.TierVerified},
		sources.ReadOptions{Name: "fix.jsonl", Base: base.Get})
	if err != nil || len(in.Bad) > 0 {
		t.Fatalf("read override: %v %v", err, in.Bad)
	}
	st = &sources.State{Sources: []sources.Source{{Meta: sources.Meta{Namespace: sources.OverrideNamespace, Override: true}, Records: in.Records}}, Version: "2"}
	d, err = sources.Overlay(base, st)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := d.Get(victim.ID)
	if got.Name != fixed.Name || got.Source != sources.OverrideNamespace || d.Len() != base.Len() {
		t.Fatalf("override: %q from %q, %d records of %d", got.Name, got.Source, d.Len(), base.Len())
	}
	// An override of an id the base lacks is refused at read.
	fixed.ID = ns + ":NoSuchRecord"
	in, err = sources.Read(strings.NewReader(jsonLine(t, fixed)), sources.Meta{Namespace: sources.OverrideNamespace, Override: true, Tier: heritage.TierVerified},
		sources.ReadOptions{Name: "fix.jsonl", Base: base.Get})
	if err != nil || len(in.Bad) != 1 || !strings.Contains(in.Bad[0].Error(), "bundled") {
		t.Fatalf("override of an unknown id: %v %v", err, in.Bad)
	}
}

func baseSample(t *testing.T) *heritage.Dataset { return testfixture.Sample(t, 50) }

func jsonLine(t *testing.T, in heritage.Institution) string { return jsonOf(t, in) }

func contains(l []string, s string) bool { return slices.Contains(l, s) }
