package sources_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/sources"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

var meta = sources.Meta{Namespace: "myorg", License: "CC-BY-4.0", Attribution: "My Organisation", Tier: heritage.TierVerified}

// own returns records lo..hi-1 of the source in revision rev, read as
// a user's JSON Lines file would be.
func own(t testing.TB, lo, hi, rev int, link string) []heritage.Institution {
	t.Helper()
	var recs []heritage.Institution
	for i := lo; i < hi; i++ {
		recs = append(recs, testfixture.OwnRecord("myorg", i, rev, link))
	}
	in, err := sources.Read(bytes.NewReader(testfixture.OwnJSONL(t, recs)), meta, sources.ReadOptions{Name: "x.jsonl"})
	if err != nil || len(in.Bad) > 0 {
		t.Fatalf("read: %v %v", err, in.Bad)
	}
	return in.Records
}

func put(t testing.TB, st *sources.Store, recs []heritage.Institution, replace bool) (sources.Change, *sources.State) {
	t.Helper()
	var ch sources.Change
	_, after, err := st.Update(context.Background(), func(s *sources.State) (err error) {
		ch, err = s.Put(meta, recs, replace)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return ch, after
}

func TestPutAppliesTheDifference(t *testing.T) {
	st := sources.Open(t.TempDir())
	ch, s1 := put(t, st, own(t, 0, 30, 0, ""), false)
	if len(ch.Added) != 30 || s1.Version == "" {
		t.Fatalf("first put: %v, version %q", ch, s1.Version)
	}
	// The same file again changes nothing and writes nothing.
	ch, s2 := put(t, st, own(t, 0, 30, 0, ""), false)
	if !ch.Empty() || ch.Unchanged != 30 || s2.Version != s1.Version {
		t.Fatalf("same file: %v, version %q then %q", ch, s1.Version, s2.Version)
	}
	// 5 changed and 2 new; the 25 records the file lacks stay.
	recs := append(own(t, 0, 5, 1, ""), own(t, 30, 32, 0, "")...)
	ch, s3 := put(t, st, recs, false)
	if len(ch.Changed) != 5 || len(ch.Added) != 2 || len(ch.Removed) != 0 || s3.Len() != 32 {
		t.Fatalf("update: %v, %d records", ch, s3.Len())
	}
	// With replace the source becomes the file.
	ch, s4 := put(t, st, own(t, 0, 10, 1, ""), true)
	if len(ch.Removed) != 22 || ch.Unchanged != 5 || len(ch.Changed) != 5 || s4.Len() != 10 {
		t.Fatalf("replace: %v, %d records", ch, s4.Len())
	}
	got, err := st.Read(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != s4.Version || got.Len() != 10 {
		t.Fatalf("read back version %q with %d records, want %q with 10", got.Version, got.Len(), s4.Version)
	}
	src, ok := got.Source("myorg")
	if !ok || src.Meta != meta || src.Records[0].License != "CC-BY-4.0" || src.Records[0].Tier != heritage.TierVerified {
		t.Fatalf("source read back: %+v", src)
	}
}

func TestDeleteRemovesOwnAndHidesBase(t *testing.T) {
	st := sources.Open(t.TempDir())
	put(t, st, own(t, 0, 5, 0, ""), false)
	isBase := func(id string) bool { return id == "wd:Q1" }
	var unknown []string
	var ch sources.Change
	_, after, err := st.Update(context.Background(), func(s *sources.State) error {
		ch, unknown = s.Delete([]string{"myorg:1", "wd:Q1", "nope:1"}, isBase)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ch.Removed, []string{"myorg:1", "wd:Q1"}) || !slices.Equal(unknown, []string{"nope:1"}) {
		t.Fatalf("removed %v, unknown %v", ch.Removed, unknown)
	}
	if after.Len() != 4 || !slices.Equal(after.Hidden, []string{"wd:Q1"}) {
		t.Fatalf("after: %d records, hidden %v", after.Len(), after.Hidden)
	}
}

// An update killed half-way leaves its temporary files; the version in
// use is the previous one, and the next update converges.
func TestKilledUpdateLeavesThePreviousVersion(t *testing.T) {
	dir := t.TempDir()
	st := sources.Open(dir)
	_, s1 := put(t, st, own(t, 0, 5, 0, ""), false)
	// What a process killed before its rename of CURRENT leaves.
	if err := os.MkdirAll(filepath.Join(dir, "tmp-123", "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "CURRENT.tmp"), []byte("v-half"), 0o644); err != nil {
		t.Fatal(err)
	}
	if v, err := st.Version(); err != nil || v != s1.Version {
		t.Fatalf("version %q, %v; want %q", v, err, s1.Version)
	}
	_, s2 := put(t, st, own(t, 0, 6, 0, ""), false)
	_, s3 := put(t, st, own(t, 0, 6, 0, ""), false)
	if s2.Version != s3.Version {
		t.Fatalf("re-run: %q then %q", s2.Version, s3.Version)
	}
	for _, left := range []string{"tmp-123", "CURRENT.tmp"} {
		if _, err := os.Stat(filepath.Join(dir, left)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s left behind: %v", left, err)
		}
	}
}

func TestReadCSVMapsColumnsAndReportsBadLines(t *testing.T) {
	recs := []heritage.Institution{testfixture.OwnRecord("myorg", 1, 0, "Q42"), testfixture.OwnRecord("myorg", 10, 0, "Q42")}
	b := testfixture.OwnCSV(t, recs)
	b = append(b, []byte("x y,No Type,,GB,,,,,,\n3,Three,MUSEUM,GB,Town,,,,,\n4,Bare\"Quote,MUSEUM,GB,Town,,,,,\n")...)
	m, err := sources.ParseMap("Ref=id,Town=city,Body=member_of.name,Part of=member_of.id")
	if err != nil {
		t.Fatal(err)
	}
	in, err := sources.Read(bytes.NewReader(b), meta, sources.ReadOptions{Name: "x.csv", Map: m})
	if err != nil {
		t.Fatal(err)
	}
	fromJSON := own(t, 1, 2, 0, "Q42")
	fromJSON = append(fromJSON, own(t, 10, 11, 0, "Q42")...)
	if len(in.Records) != 3 {
		t.Fatalf("%d records, want 3 (bad: %v)", len(in.Records), in.Bad)
	}
	for i := range 2 {
		if a, b := jsonOf(t, in.Records[i]), jsonOf(t, fromJSON[i]); a != b {
			t.Errorf("CSV record %d:\n%s\nJSON Lines:\n%s", i, a, b)
		}
	}
	if len(in.Bad) != 2 || in.Bad[0].Line != 4 || in.Bad[1].Line != 6 {
		t.Fatalf("bad lines: %v", in.Bad)
	}
	var fe *heritage.FieldError
	if !errors.As(in.Bad[0].Err, &fe) {
		t.Fatalf("bad line error %v is not a FieldError", in.Bad[0].Err)
	}
	if _, err := sources.ParseMap("Town=town"); err == nil {
		t.Error("a map to an unknown field was accepted")
	}
}

func TestOverlayResolvesRelationsByIdentifier(t *testing.T) {
	base := testfixture.Sample(t, 50)
	var target *heritage.Institution
	for i := range base.Institutions {
		if base.Institutions[i].ISIL != "" {
			target = &base.Institutions[i]
			break
		}
	}
	if target == nil {
		t.Fatal("no record with an ISIL in the sample")
	}
	hidden := base.Institutions[0].ID
	st := sources.Open(t.TempDir())
	put(t, st, own(t, 0, 20, 0, target.ISIL), false)
	_, s, err := st.Update(context.Background(), func(s *sources.State) error {
		s.Delete([]string{hidden}, func(string) bool { return true })
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	d, err := sources.Overlay(base, s)
	if err != nil {
		t.Fatal(err)
	}
	if d.Len() != base.Len()-1+20 || d.Version == base.Version {
		t.Fatalf("%d records, version %s (base %d, %s)", d.Len(), d.Version, base.Len(), base.Version)
	}
	if _, ok := d.Get(hidden); ok {
		t.Errorf("hidden record %s is in the data", hidden)
	}
	in, ok := d.Get("myorg:10")
	if !ok || len(in.MemberOf()) != 1 || in.MemberOf()[0].ID != target.ID {
		t.Fatalf("myorg:10's relation to %s (ISIL %s) not resolved: %+v", target.ID, target.ISIL, in)
	}
	// The store keeps the relation as given.
	src, _ := s.Source("myorg")
	if src.Records[2].ID != "myorg:10" || src.Records[2].MemberOf()[0].ID != target.ISIL {
		t.Errorf("the store's record changed: %+v", src.Records[2].MemberOf())
	}
	if d0, _ := sources.Overlay(base, &sources.State{}); d0.Version != base.Version {
		t.Errorf("an empty store changed the version")
	}
}

func TestVectorsReuseUnchangedRows(t *testing.T) {
	base := testfixture.Sample(t, 40)
	emb := embed.NewHashing(256)
	prev, err := vector.New(base, emb)
	if err != nil {
		t.Fatal(err)
	}
	st := sources.Open(t.TempDir())
	check := func(d, prevData *sources.Data, prev *vector.Index, wantEmbedded int) *vector.Index {
		t.Helper()
		x, n, err := sources.Vectors(context.Background(), d, prevData, prev, retrievers.DocText, nil)
		if err != nil {
			t.Fatal(err)
		}
		if n != wantEmbedded {
			t.Errorf("embedded %d records, want %d", n, wantEmbedded)
		}
		full, err := vector.New(d.Dataset, emb)
		if err != nil {
			t.Fatal(err)
		}
		for i := range d.Len() {
			if !slices.Equal(x.Vector(i), full.Vector(i)) {
				t.Fatalf("record %d (%s): the derived vector differs from a full build's", i, d.Institutions[i].ID)
			}
		}
		return x
	}
	_, s1 := put(t, st, own(t, 0, 50, 0, ""), false)
	d1, err := sources.Overlay(base, s1)
	if err != nil {
		t.Fatal(err)
	}
	x1 := check(d1, sources.Plain(base), prev, 50)
	_, s2 := put(t, st, append(own(t, 0, 3, 1, ""), own(t, 50, 52, 0, "")...), false)
	d2, err := sources.Overlay(base, s2)
	if err != nil {
		t.Fatal(err)
	}
	check(d2, d1, x1, 5)
}

func jsonOf(t *testing.T, in heritage.Institution) string {
	return string(testfixture.OwnJSONL(t, []heritage.Institution{in}))
}

// A type is read in any spelling linking reads and written as the bundled
// records write it; one that is no known type is a bad line naming the
// field.
func TestReadNormalisesTheType(t *testing.T) {
	b := []byte("id,name,type,country,city\n1,One,M,GB,Ludlow\n2,Two,museum,GB,Ludlow\n3,Three,Archive,GB,Ludlow\n4,Four,Q,GB,Ludlow\n")
	in, err := sources.Read(bytes.NewReader(b), meta, sources.ReadOptions{Name: "x.csv"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range in.Records {
		got = append(got, r.Type+"/"+r.TypeCode)
	}
	if want := []string{"MUSEUM/M", "MUSEUM/M", "ARCHIVE/A"}; !slices.Equal(got, want) {
		t.Errorf("types %v, want %v", got, want)
	}
	var fe *heritage.FieldError
	if len(in.Bad) != 1 || in.Bad[0].Line != 5 || !errors.As(in.Bad[0].Err, &fe) || fe.Field != "type" {
		t.Fatalf("bad lines: %v", in.Bad)
	}
}
