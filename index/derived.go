package index

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/fileutil"
	"github.com/hybridrag/hybridrag/internal/packed"
	"github.com/hybridrag/hybridrag/retrievers/vector"
)

// A derived file keeps a structure that is derived from the dataset alone
// (not from the embedder), beside the dataset snapshot in
// root/<data version>/, so that a later start reads it instead of deriving
// it again:
//
//	"hybridrag-derived\n", then packed: name, format, the program that
//	wrote it (programStamp), data version, the SHA-256 of the dataset's
//	ids (vector.IDsDigest), the body; then the CRC-32C of everything
//	before it, little-endian
//
// A file that is missing, damaged, of another format, written by another
// build of the program (whose derivations may differ: they change with the
// code, not only with the data) or for other data is never used: the
// structure is derived again and the file rewritten
// (through a temporary file renamed into place, so a reader sees the old
// file or the new one). A file that cannot be written costs only speed.
type derivedFile[T any] struct {
	file   string
	name   string
	format int
	encode func(T, *packed.Writer)
	decode func(*packed.Reader, *heritage.Dataset) (T, error)
	build  func(*heritage.Dataset) T
	// stamp names the program; programStamp when nil.
	stamp func() string
}

const derivedMagic = "hybridrag-derived\n"

// errDerived is wrapped when a derived file cannot be used.
var errDerived = errors.New("index: derived file not usable")

// load returns the structure of ds kept under root, building and keeping
// it when there is no usable file (after calling deriving, when not nil);
// read says whether it came from the file.
func (d derivedFile[T]) load(root string, ds *heritage.Dataset, deriving func()) (x T, read bool) {
	path := filepath.Join(root, ds.Version, d.file)
	if b, err := os.ReadFile(path); err == nil {
		if x, err := d.read(b, ds); err == nil {
			return x, true
		}
	}
	if deriving != nil {
		deriving()
	}
	x = d.build(ds)
	_ = d.write(path, x, ds)
	return x, false
}

func (d derivedFile[T]) read(b []byte, ds *heritage.Dataset) (T, error) {
	var zero T
	r, err := packed.Unseal(derivedMagic, b)
	if err != nil {
		return zero, fmt.Errorf("%w: %v", errDerived, err)
	}
	name, format, program, version, ids := r.String(), r.Len(1<<20), r.String(), r.String(), r.String()
	if r.Err() != nil || name != d.name || format != d.format || program != d.program() || version != ds.Version || ids != vector.IDsDigest(ds) {
		return zero, fmt.Errorf("%w: %s format %d by %s for data %s, want %s format %d by %s for %s",
			errDerived, name, format, program, version, d.name, d.format, d.program(), ds.Version)
	}
	x, err := d.decode(r, ds)
	if err == nil && !r.Done() {
		err = errors.New("bytes left over")
	}
	if err != nil {
		return zero, fmt.Errorf("%w: %v", errDerived, err)
	}
	return x, nil
}

func (d derivedFile[T]) write(path string, x T, ds *heritage.Dataset) error {
	var w packed.Writer
	w.String(d.name)
	w.Len(d.format)
	w.String(d.program(), ds.Version)
	w.String(vector.IDsDigest(ds))
	d.encode(x, &w)
	b := packed.Seal(derivedMagic, &w)
	return fileutil.WriteAtomic(path, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}

func (d derivedFile[T]) program() string {
	if d.stamp != nil {
		return d.stamp()
	}
	return programStamp()
}

// programStamp names the build of the running program: its VCS revision
// when it was built from a clean checkout, else its executable's size and
// modification time, so that a rebuilt program derives its files again.
var programStamp = sync.OnceValue(func() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		rev, modified := "", true
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value != "false"
			}
		}
		if rev != "" && !modified {
			return "rev " + rev
		}
	}
	exe, err := os.Executable()
	if err != nil {
		return "unknown"
	}
	st, err := os.Stat(exe)
	if err != nil {
		return "unknown"
	}
	return fmt.Sprintf("exe %d %d", st.Size(), st.ModTime().UnixNano())
})
