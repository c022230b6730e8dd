package query

import (
	"github.com/hybridrag/hybridrag/heritage"
)

// EvalContext is what predicates read beyond the record they test.
// NewContext gives it for a dataset.
type EvalContext struct {
	// Records gives records by id (a body that is a record, the record a
	// relation is asked of) and the towns derived for each record.
	Records Records
	// Bodies resolves body names and institution names to what the
	// records state.
	Bodies Bodies
}

// Records is what the place and relation predicates read of the
// dataset; *heritage.Dataset has it.
type Records interface {
	Get(id string) (*heritage.Institution, bool)
	// Towns are the towns a record lies in (heritage.Dataset.Towns).
	Towns(in *heritage.Institution) []heritage.Town
	// NearTowns are the towns whose centre lies within
	// heritage.NearRadiusKm of the record (heritage.Dataset.NearTowns).
	NearTowns(in *heritage.Institution) []string
}

// Bodies resolves names the way the dataset's records spell them;
// Tables has it.
type Bodies interface {
	// BodyKey returns the key (heritage.NormalizeName) of the membership
	// name a body name selects: its own key when a membership bears it,
	// else the key of the name it spells in a source (name_in_source),
	// else "".
	BodyKey(name string) string
	// Named returns the ids of the records whose name or alternative
	// name equals name after heritage.NormalizeName.
	Named(name string) []string
}

// NewContext returns the context for evaluating expressions over the
// records of ds.
func NewContext(ds *heritage.Dataset) EvalContext {
	return EvalContext{Records: ds, Bodies: NewTables(ds)}
}

// Tables are the look-ups of Bodies, made once from a dataset. They are
// read-only after NewTables and safe for concurrent use.
type Tables struct {
	// bodies holds the key of every membership name.
	bodies map[string]bool
	// alias maps the key of a name_in_source to the key of the membership
	// name it spells; of several, the last in record order.
	alias map[string]string
	// names maps the key of every name and alternative name to the ids
	// of the records bearing it, in record order, each once.
	names map[string][]string
}

var _ Bodies = (*Tables)(nil)

// NewTables makes the look-ups of ds.
func NewTables(ds *heritage.Dataset) *Tables {
	t := &Tables{bodies: map[string]bool{}, alias: map[string]string{}, names: map[string][]string{}}
	addName := func(name, id string) {
		k := heritage.NormalizeName(name)
		if k == "" {
			return
		}
		if l := t.names[k]; len(l) == 0 || l[len(l)-1] != id {
			t.names[k] = append(l, id)
		}
	}
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		addName(in.Name, in.ID)
		for _, a := range in.AltNames() {
			addName(a.Name, in.ID)
		}
		for _, m := range in.MemberOf() {
			key := heritage.NormalizeName(m.Name)
			t.bodies[key] = true
			if alias := heritage.NormalizeName(m.NameInSource); alias != "" && alias != key {
				t.alias[alias] = key
			}
		}
	}
	return t
}

// BodyKey implements Bodies.
func (t *Tables) BodyKey(name string) string {
	key := heritage.NormalizeName(name)
	if t.bodies[key] {
		return key
	}
	return t.alias[key]
}

// Named implements Bodies.
func (t *Tables) Named(name string) []string { return t.names[heritage.NormalizeName(name)] }
