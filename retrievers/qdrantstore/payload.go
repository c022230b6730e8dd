package qdrantstore

import (
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/qdrant/go-client/qdrant"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrieval"
)

// PointNamespace is the UUIDv5 namespace of point ids: the UUIDv5 of
// "github.com/hybridrag/hybridrag/heritage#institution" in the URL
// namespace. It never changes, so re-ingesting a record overwrites its point.
const PointNamespace = "88912d5e-b7ba-5e66-809d-ea1f2f03a476"

var pointNamespace = uuid.MustParse(PointNamespace)

// PointID is the stable point id of an institution: the UUIDv5 of its id
// in PointNamespace.
func PointID(institutionID string) uuid.UUID {
	return uuid.NewSHA1(pointNamespace, []byte(institutionID))
}

// foldKey is the payload object holding the case-folded filter values.
// Filters match on foldKey+"."+key; the top-level fields keep the record's
// spelling for display.
const foldKey = "fold"

// Payload fields the retriever reads back to build a hit.
const (
	fieldID       = "id"
	fieldName     = "name"
	fieldISIL     = "isil"
	fieldWikidata = "wikidata"
	fieldGHCID    = "ghcid"
	fieldTier     = "tier"
	fieldSnippet  = "snippet"
)

// hitFields are the payload fields a search returns.
var hitFields = []string{fieldID, fieldName, fieldISIL, fieldWikidata, fieldGHCID, fieldTier, fieldSnippet}

// payload is the thin payload of one institution:
//
//   - display fields in the record's spelling: id, name, type, type_code,
//     country, region, region_code, subregion, county, district, city,
//     admin_area (the path), governance, governance_code, accreditation,
//     size, status, source, tier, subjects, isil, wikidata, ghcid,
//     member_of (group names) and snippet (retrievers.Snippet of the
//     description);
//   - year_opened and year_closed: the integer lower bounds filters compare
//     (see filter.Keys), when known;
//   - fold: for every text filter key, the values filters match, folded
//     with Fold: admin_area holds the path and each unit with and without
//     its level, subjects every subject and each broader level, member_of
//     the group names as normalised and as in the source.
//
// Empty values are left out, so a missing field matches no condition.
func payload(in *heritage.Institution) map[string]*qdrant.Value {
	p := make(map[string]*qdrant.Value, 32)
	fold := make(map[string]*qdrant.Value, 24)
	if in.Name != "" {
		p[fieldName] = qdrant.NewValueString(in.Name)
	}
	for _, f := range textFields {
		if v := f.get(in); v != "" {
			p[f.key] = qdrant.NewValueString(v)
			fold[f.key] = qdrant.NewValueString(Fold(v))
		}
	}

	if in.AdminArea() != "" {
		p["admin_area"] = qdrant.NewValueString(in.AdminArea())
		fold["admin_area"] = stringList(adminValues(in.AdminArea()))
	}
	if len(in.Subjects) > 0 {
		p["subjects"] = stringList(in.Subjects)
		fold["subjects"] = stringList(subjectValues(in.Subjects))
	}
	if len(in.MemberOf()) > 0 {
		names := make([]string, 0, len(in.MemberOf()))
		for _, m := range in.MemberOf() {
			if m.Name != "" {
				names = append(names, m.Name)
			}
		}
		if len(names) > 0 {
			p["member_of"] = stringList(names)
		}
		// the group names as normalised and as in the source; ended
		// links count too
		if vs := foldedList(in.MembershipNames()); len(vs) > 0 {
			fold["member_of"] = stringList(vs)
		}
	}
	if y, ok := in.OpenedFrom(); ok {
		p["year_opened"] = qdrant.NewValueInt(int64(y))
	}
	if y, ok := in.ClosedFrom(); ok {
		p["year_closed"] = qdrant.NewValueInt(int64(y))
	}
	if s := retrieval.Snippet(in.Description, retrieval.SnippetMax); s != "" {
		p[fieldSnippet] = qdrant.NewValueString(s)
	}
	p[foldKey] = qdrant.NewValueFromFields(fold)
	return p
}

// textFields are the text filter keys whose payload value is one field
// of the record: written in the record's spelling, and folded with Fold
// under foldKey.
var textFields = []struct {
	key string
	get func(*heritage.Institution) string
}{
	{fieldID, func(in *heritage.Institution) string { return in.ID }},
	{"type", func(in *heritage.Institution) string { return in.Type }},
	{"type_code", func(in *heritage.Institution) string { return in.TypeCode }},
	{"country", func(in *heritage.Institution) string { return in.Country }},
	{"region", func(in *heritage.Institution) string { return in.Region() }},
	{"region_code", func(in *heritage.Institution) string { return in.RegionCode() }},
	{"subregion", func(in *heritage.Institution) string { return in.Subregion() }},
	{"county", func(in *heritage.Institution) string { return in.County() }},
	{"district", func(in *heritage.Institution) string { return in.District() }},
	{"city", func(in *heritage.Institution) string { return in.City }},
	{"governance", func(in *heritage.Institution) string { return in.Governance() }},
	{"governance_code", func(in *heritage.Institution) string { return in.GovernanceCode() }},
	{"accreditation", func(in *heritage.Institution) string { return in.Accreditation() }},
	{"size", func(in *heritage.Institution) string { return in.Size() }},
	{"status", func(in *heritage.Institution) string { return in.Status() }},
	{"source", func(in *heritage.Institution) string { return in.Source }},
	{fieldTier, func(in *heritage.Institution) string { return string(in.Tier) }},
	{fieldISIL, func(in *heritage.Institution) string { return in.ISIL }},
	{fieldWikidata, func(in *heritage.Institution) string { return in.Wikidata }},
	{fieldGHCID, func(in *heritage.Institution) string { return in.GHCID }},
}

// foldedValues are the values payload writes for in under
// fold.<key>, for a text filter key: what a filter on the key compares,
// folded; nil when the record has none.
func foldedValues(in *heritage.Institution, key string) []string {
	switch key {
	case "admin_area":
		return adminValues(in.AdminArea())
	case "subjects":
		return subjectValues(in.Subjects)
	case "member_of":
		return foldedList(in.MembershipNames())
	}
	for _, f := range textFields {
		if f.key == key {
			if v := f.get(in); v != "" {
				return []string{Fold(v)}
			}
			return nil
		}
	}
	return nil
}

func stringList(vs []string) *qdrant.Value {
	items := make([]*qdrant.Value, len(vs))
	for i, v := range vs {
		items[i] = qdrant.NewValueString(v)
	}
	return qdrant.NewValueFromList(items...)
}

// foldedList folds the values and keeps each once, in order.
func foldedList(values iter.Seq[string]) []string {
	var out []string
	seen := make(map[string]bool)
	for v := range values {
		if f := Fold(v); v != "" && !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}

// adminValues lists the folded values an admin_area filter matches
// (heritage.AdminAreaNames): the path, the path without its slashes, and
// every unit with and without its level ("kent (english county)",
// "kent").
func adminValues(path string) []string { return foldedList(heritage.AdminAreaNames(path)) }

// subjectValues lists every subject and each of its broader levels
// (heritage.BroaderSubjects), folded: "Transport / Trains" gives
// "transport / trains" and "transport".
func subjectValues(subjects []string) []string {
	return foldedList(func(yield func(string) bool) {
		for _, s := range subjects {
			for v := range heritage.BroaderSubjects(s) {
				if !yield(v) {
					return
				}
			}
		}
	})
}

// Fold maps s to a canonical case so that Fold(a) == Fold(b) exactly when
// strings.EqualFold(a, b): each rune becomes one fixed member of its
// Unicode simple case-folding orbit (the lower-case one where there is
// one). Qdrant compares keywords exactly, so both stored values and filter
// operands are folded.
func Fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		b.WriteRune(foldRune(r))
	}
	return b.String()
}

// foldRune picks the canonical member of r's simple folding orbit: the
// lower-case form of the orbit's smallest rune when that lies in the
// orbit, else the smallest rune.
func foldRune(r rune) rune {
	if r == utf8.RuneError {
		return r
	}
	least := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		least = min(least, f)
	}
	if l := unicode.ToLower(least); l != least {
		for f := unicode.SimpleFold(least); f != least; f = unicode.SimpleFold(f) {
			if f == l {
				return l
			}
		}
	}
	return least
}
