package heritage

import (
	"fmt"
	"slices"
	"strings"
)

// FromRecords makes a dataset of recs, in their order, with the given
// version: the data a process answers from when it is composed of several
// parts (the bundled records and the sources a user added). The records
// must each pass Validate; ids must be unique. The dataset owns recs.
func FromRecords(recs []Institution, version string) (*Dataset, error) {
	if len(recs) == 0 {
		return nil, fmt.Errorf("heritage: %w: no records", ErrInvalidRecord)
	}
	d := &Dataset{Institutions: recs, Version: version, byID: newIDIndex(len(recs)), loc: &locations{}}
	for i := range recs {
		if !d.byID.add(recs, i) {
			return nil, fmt.Errorf("heritage: %w: duplicate id %q", ErrInvalidRecord, recs[i].ID)
		}
	}
	nameMembers(recs, &d.byID)
	return d, nil
}

// nameMembers names the member_of entries that give only an id: by the
// name of the record with that id, or else by the id.
func nameMembers(recs []Institution, byID *idIndex) {
	for i := range recs {
		in := &recs[i]
		var named []Membership // a copy: the list may be shared with another dataset's record
		for k, m := range in.MemberOf() {
			if strings.TrimSpace(m.Name) != "" {
				continue
			}
			if named == nil {
				named = slices.Clone(in.MemberOf())
			}
			named[k].Name = m.ID
			if j, ok := byID.find(recs, m.ID); ok {
				named[k].Name = recs[j].Name
			}
		}
		if named != nil {
			in.SetMemberOf(named)
		}
	}
}

// Normalize cleans a validated record as the loader does (out-of-range
// coordinates, the source's placeholder for unknown ones, are dropped).
func (in *Institution) Normalize() { in.normalize() }

// Index returns the position in Institutions of the record with the given
// id.
func (d *Dataset) Index(id string) (int, bool) {
	return d.byID.find(d.Institutions, id)
}
