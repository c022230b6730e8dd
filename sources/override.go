package sources

import (
	"fmt"
	"reflect"

	"github.com/hybridrag/hybridrag/heritage"
)

// corrected is the bundled record of fix's id with the fields fix gives
// in place of its own: a correction names the fields it changes, and
// keeps the rest (the identifiers by which the record is linked, its
// relations). A field cannot be emptied this way; a record that should go
// is deleted ("hybridrag delete ID").
func corrected(fix heritage.Institution, base func(string) (*heritage.Institution, bool)) (heritage.Institution, error) {
	var orig *heritage.Institution
	ok := false
	if base != nil {
		orig, ok = base(fix.ID)
	}
	if !ok {
		return fix, &heritage.FieldError{ID: fix.ID, Field: "id", Rule: fmt.Sprintf("%q is no bundled record's id: an override corrects a bundled record, and keeps its id (e.g. wd:Q190804)", fix.ID)}
	}
	out := orig.Record()
	dst, src := reflect.ValueOf(&out).Elem(), reflect.ValueOf(fix.Record())
	for i := range src.NumField() {
		if f := src.Field(i); !f.IsZero() {
			dst.Field(i).Set(f)
		}
	}
	return out.Institution(), nil
}
