package index

import (
	"os"
	"path/filepath"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/fileutil"
)

// DatasetFile is the dataset snapshot kept in root/<data version>/.
const DatasetFile = "dataset.snap"

// LoadDataset returns the dataset of the given version from its snapshot
// under root (see heritage.ReadSnapshot), several times faster than
// decoding the JSON Lines. When there is no usable snapshot it calls load
// and writes one for the next start; a snapshot that cannot be written
// costs only that speed. A snapshot of another version or a damaged one is
// never used.
func LoadDataset(root, version string, load func() (*heritage.Dataset, error)) (*heritage.Dataset, error) {
	path := filepath.Join(root, version, DatasetFile)
	// A snapshot that cannot be read (missing, unreadable, damaged) only
	// costs the speed it would have brought.
	if b, err := os.ReadFile(path); err == nil {
		if ds, err := heritage.ReadSnapshot(b); err == nil && ds.Version == version {
			return ds, nil
		}
	}
	ds, err := load()
	if err != nil {
		return nil, err
	}
	if ds.Version == version && len(ds.Skipped) == 0 {
		_ = writeSnapshot(path, ds)
	}
	return ds, nil
}

// writeSnapshot writes ds's snapshot through a temporary file renamed
// into place.
func writeSnapshot(path string, ds *heritage.Dataset) error {
	return fileutil.WriteAtomic(path, ds.WriteSnapshot)
}
