package linking

import (
	"fmt"
	"strings"

	"github.com/hybridrag/hybridrag/ident"
)

// byIdentifier resolves the identifiers of q: the ISIL, QID and GHCID
// fields, and the text when it is a record id or an identifier in any form
// ident reads ("DE MUS 117113", "GND 2016830-5", "ror.org/02m69r871",
// "wd:Q190804"). Text that is not an identifier may still hold some
// ("Kunsthalle Nürnberg, GND 2016830-5"); those that resolve to records are
// used. found is false when no identifier settles q.
func (l *Linker) byIdentifier(q Query, h hints) (out []Candidate, found bool, err error) {
	var ids []ident.ID
	for _, f := range []struct {
		value string
		parse func(string) (ident.ID, error)
	}{{q.ISIL, ident.ParseISIL}, {q.QID, ident.ParseQID}, {q.GHCID, ident.ParseGHCID}} {
		if strings.TrimSpace(f.value) == "" {
			continue
		}
		id, err := f.parse(f.value)
		if err != nil {
			return nil, true, fmt.Errorf("linking: %w", err)
		}
		ids = append(ids, id)
	}
	text := strings.TrimSpace(q.Text)
	var direct []int32
	if i, ok := l.index(text); ok && text != "" {
		direct = append(direct, i)
	} else if id, ok, perr := ident.Parse(text); ok {
		if perr != nil {
			return nil, true, fmt.Errorf("linking: %w", perr)
		}
		ids = append(ids, id)
	} else if len(ids) == 0 {
		for _, m := range ident.Find(text) {
			if len(l.lookup(m.ID)) > 0 {
				ids = append(ids, m.ID)
			}
		}
		if len(ids) == 0 {
			// a text that is all one spaced ISIL without its cue ("NL
			// TbRAT") counts when a record carries it
			const cue = "ISIL "
			if ms := ident.Find(cue + text); len(ms) == 1 && ms[0].ID.Scheme == ident.ISIL &&
				ms[0].End == len(cue)+len(text) && len(l.lookup(ms[0].ID)) > 0 {
				ids = append(ids, ms[0].ID)
			}
		}
		if len(ids) == 0 {
			return nil, false, nil
		}
	}
	if len(ids) == 0 && len(direct) == 0 {
		return nil, false, nil
	}
	seen := map[int32]bool{}
	for _, i := range direct {
		seen[i] = true
		out = append(out, l.idCandidate(i, ViaID, h))
	}
	for _, id := range ids {
		for _, i := range l.lookup(id) {
			if seen[i] {
				continue
			}
			seen[i] = true
			out = append(out, l.idCandidate(i, viaOf(id.Scheme), h))
		}
	}
	if len(out) > 1 {
		// A shared identifier is not a sure match.
		for k := range out {
			out[k].Match = false
			out[k].Score = round3(out[k].Score / float64(len(out)))
		}
	}
	return out, true, nil
}

// withoutIdentifiers drops the identifiers ident.Find sees in a name that
// none of them settled ("Kunsthalle Nürnberg, ISIL DE-MUS-999999"), so that
// the name is matched alone.
func withoutIdentifiers(text string) string {
	ms := ident.Find(text)
	if len(ms) == 0 {
		return text
	}
	var b strings.Builder
	at := 0
	for _, m := range ms {
		b.WriteString(text[at:m.Start])
		at = m.End
	}
	b.WriteString(text[at:])
	return strings.TrimRight(strings.TrimSpace(b.String()), ",;:")
}

// lookup returns the dataset indices of the institutions carrying id.
func (l *Linker) lookup(id ident.ID) []int32 {
	var out []int32
	for _, rid := range l.g.Lookup(string(id.Scheme), id.Value) {
		if i, ok := l.index(rid); ok {
			out = append(out, i)
		}
	}
	return out
}

func viaOf(s ident.Scheme) string {
	switch s {
	case ident.ISIL:
		return ViaISIL
	case ident.Wikidata:
		return ViaWikidata
	case ident.GHCID:
		return ViaGHCID
	case ident.GND:
		return ViaGND
	case ident.ROR:
		return ViaROR
	}
	return string(s)
}

func (l *Linker) idCandidate(i int32, via string, h hints) Candidate {
	in := &l.ds.Institutions[i]
	c := Candidate{ID: in.ID, Name: in.Name, Score: 1, Match: true, Via: via}
	c.Features = append([]Feature{{FeatureID, 1}, {FeatureNameSim, 1}}, l.hintFeatures(i, h)...)
	c.Features = append(c.Features, Feature{FeatureAmbiguity, 1})
	return c
}
