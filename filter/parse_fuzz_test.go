package filter

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// FuzzParse checks that Parse either fails with ErrInvalid or returns a
// valid set in canonical order (by key, then by operator in the order of
// Ops) that formats back to an operator dict Parse reads to the same set.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		``, `null`, `{}`, `{"country":"GB"}`, `{"year_opened":1971}`, `{"type":["MUSEUM","ARCHIVE"]}`,
		`{"year_closed":[1990,2001.5]}`, `{"year_opened":{"$lte":1999,"$gte":1990}}`,
		`{"city":{"$eq":"York"},"country":{"$ne":"DE"},"type":{"$in":["M"]},"subjects":{"$contains":"rail"}}`,
		`{"foo":{"$gte":3e2}}`, `{"year_opened":"1971"}`, `{"a":{"b":1}}`, `{"a":{"$gt":1}}`, `{"":1}`,
		`{"city":"K\u00f6ln","x":"\ud800"}`, `[1]`, `{"year_opened":{"$contains":"19"}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		set, err := Parse(data)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("Parse(%q): error %v does not wrap ErrInvalid", data, err)
			}
			return
		}
		if err := set.Validate(); err != nil {
			t.Fatalf("Parse(%q) = %v, which does not validate: %v", data, set, err)
		}
		canonical := slices.IsSortedFunc(set, func(a, b Filter) int {
			if a.Field != b.Field {
				return strings.Compare(a.Field, b.Field)
			}
			return slices.Index(Ops, a.Op) - slices.Index(Ops, b.Op)
		})
		if !canonical {
			t.Fatalf("Parse(%q) = %v: not in canonical order", data, set)
		}
		dict := format(t, set)
		back, err := Parse(dict)
		if err != nil {
			t.Fatalf("Parse(%q) = %v, formatted as %s, which fails: %v", data, set, dict, err)
		}
		if !reflect.DeepEqual(back, set) || back.String() != set.String() {
			t.Fatalf("Parse(%q) = %v, formatted as %s, reads back as %v", data, set, dict, back)
		}
	})
}

// format writes a set as the operator dict Parse reads: one object per
// key, holding each of its operators.
func format(t *testing.T, s Set) []byte {
	t.Helper()
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range s {
		if i == 0 || s[i-1].Field != f.Field {
			if i > 0 {
				b.WriteString("},")
			}
			writeJSON(t, &b, f.Field)
			b.WriteString(":{")
		} else {
			b.WriteByte(',')
		}
		writeJSON(t, &b, string(f.Op))
		b.WriteByte(':')
		switch f.Op {
		case Gte, Lte:
			b.WriteString(strconv.FormatFloat(f.Number, 'g', -1, 64))
		case In:
			writeJSON(t, &b, f.Values)
		default:
			writeJSON(t, &b, f.Values[0])
		}
	}
	if len(s) > 0 {
		b.WriteByte('}')
	}
	b.WriteByte('}')
	return b.Bytes()
}

func writeJSON(t *testing.T, b *bytes.Buffer, v any) {
	t.Helper()
	enc, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("encoding %v: %v", v, err)
	}
	b.Write(enc)
}
