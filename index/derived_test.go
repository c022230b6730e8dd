package index

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/names"
	"github.com/hybridrag/hybridrag/router"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// derivedCase is a derived file under test: how to load it and whether
// two loaded structures are the same.
type derivedCase struct {
	file string
	load func(root string, ds *heritage.Dataset, deriving func()) (read bool, same func(other *heritage.Dataset) bool)
}

// loadChecked loads c's file, and checks that it was derived (and said
// so first) exactly when it was not read.
func loadChecked(t *testing.T, c derivedCase, root string, ds *heritage.Dataset) (read bool, same func(other *heritage.Dataset) bool) {
	t.Helper()
	derived := false
	read, same = c.load(root, ds, func() { derived = true })
	require.NotEqual(t, read, derived, "derived exactly when not read")
	return read, same
}

func derivedCases() []derivedCase {
	return []derivedCase{
		{NamesFile, func(root string, ds *heritage.Dataset, deriving func()) (bool, func(*heritage.Dataset) bool) {
			ix, read := namesFile.load(root, ds, deriving)
			return read, func(ds *heritage.Dataset) bool {
				want := names.New(ds)
				for _, q := range []string{"Museum", "Heimat Museum", "Stadtarchiv", "Natural Histroy"} {
					if !equalJSON(ix.Search(q, names.Options{}), want.Search(q, names.Options{})) {
						return false
					}
				}
				return ix.Docs() == want.Docs()
			}
		}},
		{GraphFile, func(root string, ds *heritage.Dataset, deriving func()) (bool, func(*heritage.Dataset) bool) {
			g, read := graphFile.load(root, ds, deriving)
			return read, func(ds *heritage.Dataset) bool {
				want := kg.New(ds)
				gn, ge := g.Len()
				wn, we := want.Len()
				if g.Dataset() != ds || gn != wn || ge != we {
					return false
				}
				for _, in := range ds.Institutions {
					if !equalJSON(g.Neighbourhood(in.ID, 2, nil), want.Neighbourhood(in.ID, 2, nil)) ||
						!equalJSON(g.ByName(in.Name), want.ByName(in.Name)) {
						return false
					}
				}
				return true
			}
		}},
		{RouterFile, func(root string, ds *heritage.Dataset, deriving func()) (bool, func(*heritage.Dataset) bool) {
			tables, read := routerFile.load(root, ds, deriving)
			return read, func(ds *heritage.Dataset) bool {
				got, want := router.New(ds, router.WithTables(func(*heritage.Dataset) *router.Tables { return tables })), router.New(ds)
				for _, in := range ds.Institutions {
					for _, q := range []string{"What is the ISIL of " + in.Name + "?", "Which museums are in " + in.City + "?"} {
						if !equalJSON(got.Route(q), want.Route(q)) {
							return false
						}
					}
				}
				return true
			}
		}},
	}
}

// TestDerivedFiles: the first load builds and keeps the file, the next
// reads it; a damaged file, one of other data and one of another format
// are never used: the structure is built again and the file rewritten.
func TestDerivedFiles(t *testing.T) {
	testfixture.SkipUnderRace(t)
	ds := testfixture.Sample(t, 50)
	other := testfixture.Sample(t, 40)
	require.NotEqual(t, ds.Version, other.Version)
	for _, c := range derivedCases() {
		t.Run(c.file, func(t *testing.T) {
			root := t.TempDir()
			path := filepath.Join(root, ds.Version, c.file)
			read, same := loadChecked(t, c, root, ds)
			require.False(t, read, "nothing to read yet")
			require.True(t, same(ds))
			require.FileExists(t, path)

			read, same = loadChecked(t, c, root, ds)
			require.True(t, read, "the kept file is read")
			require.True(t, same(ds), "what is read is what was built")

			good, err := os.ReadFile(path)
			require.NoError(t, err)
			for _, at := range []int{0, len(derivedMagic) + 3, len(good) / 2, len(good) - 5, len(good) - 1} {
				bad := append([]byte(nil), good...)
				bad[at] ^= 0x10
				require.NoError(t, os.WriteFile(path, bad, 0o644))
				read, same = loadChecked(t, c, root, ds)
				require.False(t, read, "a file damaged at byte %d is not used", at)
				require.True(t, same(ds))
				rewritten, err := os.ReadFile(path)
				require.NoError(t, err)
				require.Equal(t, good, rewritten, "the damaged file is rewritten")
			}
			require.NoError(t, os.WriteFile(path, good[:len(good)/3], 0o644))
			read, _ = loadChecked(t, c, root, ds)
			require.False(t, read, "a truncated file is not used")

			// The file of one dataset, put where another's belongs.
			otherPath := filepath.Join(root, other.Version, c.file)
			require.NoError(t, os.MkdirAll(filepath.Dir(otherPath), 0o755))
			require.NoError(t, os.WriteFile(otherPath, good, 0o644))
			read, same = loadChecked(t, c, root, other)
			require.False(t, read, "a file of other data is not used")
			require.True(t, same(other))
		})
	}
}

// TestDerivedFormat: a file of another format number is not used.
func TestDerivedFormat(t *testing.T) {
	testfixture.SkipUnderRace(t)
	ds := testfixture.Sample(t, 50)
	root := t.TempDir()
	_, read := namesFile.load(root, ds, nil)
	require.False(t, read)
	next := namesFile
	next.format++
	_, read = next.load(root, ds, nil)
	require.False(t, read, "another format is rebuilt")
	_, read = next.load(root, ds, nil)
	require.True(t, read)
}

func equalJSON(a, b any) bool {
	x, errA := json.Marshal(a)
	y, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(x) == string(y)
}

// TestDerivedProgram: a file written by another build of the program is
// not used.
func TestDerivedProgram(t *testing.T) {
	ds := testfixture.Sample(t, 50)
	root := t.TempDir()
	other := namesFile
	other.stamp = func() string { return "another build" }
	_, read := other.load(root, ds, nil)
	require.False(t, read)
	_, read = other.load(root, ds, nil)
	require.True(t, read)
	_, read = namesFile.load(root, ds, nil)
	require.False(t, read, "this build derives it again")
	_, read = namesFile.load(root, ds, nil)
	require.True(t, read)
	require.NotEmpty(t, programStamp())
	require.Equal(t, programStamp(), programStamp())
}
