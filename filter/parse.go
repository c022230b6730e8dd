package filter

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ErrInvalid is wrapped by every error Parse and Validate return.
var ErrInvalid = errors.New("invalid filter")

// Ops lists every operator in the order Parse emits them for one key.
var Ops = []Op{Eq, Ne, In, Gte, Lte, Contains}

// Valid reports whether op is a known operator.
func (op Op) Valid() bool { return slices.Contains(Ops, op) }

// Parse reads the operator dict: each key of a JSON object names a record
// field (see Keys) and its value is
//
//   - a string or number: equality ({"country": "GB"});
//   - a list of strings or numbers: membership ({"type": ["MUSEUM", "ARCHIVE"]});
//   - an object of operators: {"year_opened": {"$gte": 1990, "$lte": 1999}}.
//
// Operators are $eq, $ne and $contains (string or number), $in (a non-empty
// list of strings or numbers), and $gte and $lte (a number). Several
// operators on one key are ANDed. The result is sorted by key, then by
// operator in the order of Ops, so equal dicts give equal Sets. Keys Parse
// does not know are kept (Restrict drops and reports them); a known key that
// is not numeric rejects $gte and $lte. Errors wrap ErrInvalid and name the
// key. Empty input, null and {} give an empty Set.
func Parse(data []byte) (Set, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || bytes.Equal(data, []byte("null")) {
		return nil, nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return nil, fmt.Errorf("%w: want a JSON object of field conditions: %v", ErrInvalid, err)
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var out Set
	for _, k := range keys {
		fs, err := parseKey(k, obj[k])
		if err != nil {
			return nil, err
		}
		out = append(out, fs...)
	}
	return out, nil
}

func parseKey(key string, raw json.RawMessage) (Set, error) {
	if strings.TrimSpace(key) == "" {
		return nil, fmt.Errorf("%w: empty key", ErrInvalid)
	}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return nil, fmt.Errorf("%w: filter key %q: no value", ErrInvalid, key)
	}
	switch raw[0] {
	case '{':
		var ops map[string]json.RawMessage
		if err := json.Unmarshal(raw, &ops); err != nil {
			return nil, fmt.Errorf("%w: filter key %q: %v", ErrInvalid, key, err)
		}
		if len(ops) == 0 {
			return nil, fmt.Errorf("%w: filter key %q: empty operator object", ErrInvalid, key)
		}
		for name := range ops {
			if !Op(name).Valid() {
				if !strings.HasPrefix(name, "$") {
					return nil, fmt.Errorf("%w: filter key %q: nested object (field %q) is not supported; use an operator such as $eq", ErrInvalid, key, name)
				}
				return nil, fmt.Errorf("%w: filter key %q: unknown operator %q (want one of %s)", ErrInvalid, key, name, opList())
			}
		}
		var out Set
		for _, op := range Ops {
			v, ok := ops[string(op)]
			if !ok {
				continue
			}
			f, err := parseOp(key, op, v)
			if err != nil {
				return nil, err
			}
			out = append(out, f)
		}
		return out, nil
	case '[':
		f, err := parseOp(key, In, raw)
		if err != nil {
			return nil, err
		}
		return Set{f}, nil
	default:
		f, err := parseOp(key, Eq, raw)
		if err != nil {
			return nil, err
		}
		return Set{f}, nil
	}
}

func parseOp(key string, op Op, raw json.RawMessage) (Filter, error) {
	f := Filter{Field: key, Op: op}
	switch op {
	case Gte, Lte:
		n, ok := number(raw)
		if !ok {
			return f, fmt.Errorf("%w: filter key %q: %s needs a number, got %s", ErrInvalid, key, op, kind(raw))
		}
		f.Number = n
	case In:
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return f, fmt.Errorf("%w: filter key %q: %s needs a list of strings or numbers, got %s", ErrInvalid, key, op, kind(raw))
		}
		if len(items) == 0 {
			return f, fmt.Errorf("%w: filter key %q: %s needs a non-empty list", ErrInvalid, key, op)
		}
		for i, it := range items {
			s, ok := scalar(it)
			if !ok {
				return f, fmt.Errorf("%w: filter key %q: %s item %d must be a string or number, got %s", ErrInvalid, key, op, i, kind(it))
			}
			f.Values = append(f.Values, s)
		}
	default: // Eq, Ne, Contains
		s, ok := scalar(raw)
		if !ok {
			return f, fmt.Errorf("%w: filter key %q: %s needs a string or number, got %s", ErrInvalid, key, op, kind(raw))
		}
		f.Values = []string{s}
	}
	return f, f.Validate()
}

// Validate checks a filter built in code the way Parse checks a dict: a
// non-empty field, a known operator, operands that fit the operator, and
// for a known field, an operator that fits its type.
func (f Filter) Validate() error {
	if strings.TrimSpace(f.Field) == "" {
		return fmt.Errorf("%w: empty key", ErrInvalid)
	}
	if !f.Op.Valid() {
		return fmt.Errorf("%w: filter key %q: unknown operator %q (want one of %s)", ErrInvalid, f.Field, f.Op, opList())
	}
	switch f.Op {
	case Gte, Lte:
		if Known(f.Field) && !numeric(f.Field) {
			return fmt.Errorf("%w: filter key %q: %s needs a numeric field (year_opened, year_closed)", ErrInvalid, f.Field, f.Op)
		}
	case In:
		if len(f.Values) == 0 {
			return fmt.Errorf("%w: filter key %q: %s needs a non-empty list", ErrInvalid, f.Field, f.Op)
		}
	default:
		if len(f.Values) != 1 {
			return fmt.Errorf("%w: filter key %q: %s needs exactly one value, got %d", ErrInvalid, f.Field, f.Op, len(f.Values))
		}
	}
	if numeric(f.Field) && f.Op == Contains {
		return fmt.Errorf("%w: filter key %q: %s needs a text field", ErrInvalid, f.Field, f.Op)
	}
	if numeric(f.Field) && f.Op != Gte && f.Op != Lte {
		for _, v := range f.Values {
			if _, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err != nil {
				return fmt.Errorf("%w: filter key %q: %s needs a number, got %q", ErrInvalid, f.Field, f.Op, v)
			}
		}
	}
	return nil
}

// Validate checks every filter of the set.
func (s Set) Validate() error {
	for _, f := range s {
		if err := f.Validate(); err != nil {
			return err
		}
	}
	return nil
}

func opList() string {
	parts := make([]string, len(Ops))
	for i, op := range Ops {
		parts[i] = string(op)
	}
	return strings.Join(parts, ", ")
}

// scalar reads a JSON string or number as text.
func scalar(raw json.RawMessage) (string, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "", false
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", false
		}
		return s, true
	}
	if n, ok := number(raw); ok {
		return strconv.FormatFloat(n, 'f', -1, 64), true
	}
	return "", false
}

func number(raw json.RawMessage) (float64, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || !(raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9') {
		return 0, false
	}
	var n float64
	if err := json.Unmarshal(raw, &n); err != nil {
		return 0, false
	}
	return n, true
}

func kind(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "a list"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}
