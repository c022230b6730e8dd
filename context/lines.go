package ragcontext

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrieval"
)

// coreLines returns the header and the block's key lines (header first).
func (b *Builder) coreLines(n int, e entry) (string, []string) {
	header := fmt.Sprintf("[%d] %s (%s)", n, oneLine(e.name()), e.hit.ID)
	if src := sourceNames(e.hit); len(src) > 0 {
		header += " — sources: " + strings.Join(src, ", ")
	}
	if t := e.tier(); t != "" {
		header += " — " + string(t)
	}
	lines := []string{header}
	add := func(label, value string) {
		if value = oneLine(value); value != "" {
			lines = append(lines, label+": "+value)
		}
	}
	r := e.rec
	if r == nil {
		add("Identifiers", joinNonEmpty(", ",
			prefixed("ISIL ", e.hit.Identifiers.ISIL),
			prefixed("QID ", e.hit.Identifiers.Wikidata),
			prefixed("GHCID ", e.hit.Identifiers.GHCID)))
		add("Description", e.hit.Snippet)
		return header, lines
	}

	add("Type", r.Type)
	add("Place", joinNonEmpty(", ", dedupe(r.City, r.District(), r.County(), r.Subregion(), r.Region(), r.Country)...))
	address := r.Address()
	if r.Postcode() != "" && !strings.Contains(address, r.Postcode()) {
		address = joinNonEmpty(", ", address, r.Postcode())
	}
	add("Address", address)
	add("Identifiers", identifiers(r))
	add("Website", r.Website())
	add("Opened", heritage.YearsText(r.Opened()))
	closed := heritage.YearsText(r.Closed())
	if closed == "" && r.Status() == "closed" {
		closed = "yes, year unknown"
	}
	add("Closed", closed)
	add("Status", r.Status())
	add("Governance", r.Governance())
	add("Accreditation", r.Accreditation())
	add("Size", r.Size())
	add("Subjects", strings.Join(r.Subjects, "; "))
	var former []string
	for _, fn := range r.FormerNames() {
		s := oneLine(fn.Name)
		period := fn.Period
		if period == "" {
			period = joinNonEmpty("–", fn.From, fn.Until)
		}
		if period != "" {
			s += " (" + period + ")"
		}
		former = append(former, s)
	}
	add("Former names", strings.Join(former, "; "))
	add("Description", retrieval.Snippet(r.Description, b.descRunes))
	return header, lines
}

// relationLines lists a record's relationships, most specific first:
// memberships, related institutions, then events.
func (b *Builder) relationLines(r *heritage.Institution) []string {
	if r == nil {
		return nil
	}
	var out []string
	for _, m := range r.MemberOf() {
		s := "Member of: " + oneLine(m.Name) + " (" + strings.ReplaceAll(m.Relation, "_", " ")
		if m.ID != "" {
			s += ", " + m.ID
		}
		if m.Until != "" {
			s += ", until " + m.Until
		}
		out = append(out, s+")")
	}
	for _, rel := range r.Related() {
		s := "Related: " + strings.ReplaceAll(rel.Relation, "_", " ") + " " + oneLine(rel.Name)
		if rel.ID != "" {
			s += " (" + rel.ID + ")"
		}
		out = append(out, s)
	}
	for _, ev := range r.Events {
		s := "Event: " + joinNonEmpty(" ", ev.Date, ev.Type)
		if d := oneLine(ev.Description); d != "" {
			s += " — " + retrieval.Snippet(d, 160)
		}
		out = append(out, s)
	}
	if len(out) > b.maxRelations {
		out = out[:b.maxRelations]
	}
	return out
}

func identifiers(r *heritage.Institution) string {
	parts := []string{prefixed("ISIL ", r.ISIL)}
	qid := r.Wikidata
	if qid == "" {
		qid = r.Identifiers.Wikidata
	}
	parts = append(parts, prefixed("QID ", qid))
	for _, g := range r.Identifiers.GND {
		parts = append(parts, prefixed("GND ", g))
	}
	parts = append(parts,
		prefixed("ROR ", r.ROR()),
		prefixed("GHCID ", r.GHCID))
	return joinNonEmpty(", ", parts...)
}

func prefixed(prefix, v string) string {
	if v == "" {
		return ""
	}
	return prefix + v
}

func joinNonEmpty(sep string, parts ...string) string {
	out := parts[:0:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}

// dedupe drops repeated values, keeping the first.
func dedupe(vals ...string) []string {
	out := make([]string, 0, len(vals))
	for _, v := range vals {
		if v != "" && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// oneLine folds white space, newlines included, to single spaces so a value
// never breaks the block layout. Most values are one line already and are
// returned as they are, without splitting and joining them.
func oneLine(s string) string {
	if isOneLine(s) {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// isOneLine reports whether s has no white space at either end and none
// within but single ASCII spaces.
func isOneLine(s string) bool {
	prevSpace := true // a leading space is one too many
	for _, r := range s {
		space := unicode.IsSpace(r)
		if space && (r != ' ' || prevSpace) {
			return false
		}
		prevSpace = space
	}
	return !prevSpace || s == ""
}
