package heritage

import "math/bits"

// Field is a text field of a record that most records leave empty, held
// apart from the others (see Institution): read with Text or the method of
// its name, set with SetText.
type Field uint8

// The text fields held apart, in the order a record holds their values.
const (
	FieldRegionCode Field = iota
	FieldSubregion
	FieldCounty
	FieldDistrict
	FieldAdminArea
	FieldAddress
	FieldPostcode
	FieldCoordPrecision
	FieldWebsite
	FieldGovernance
	FieldGovernanceCode
	FieldAccreditation
	FieldSize
	FieldYearOpened
	FieldYearClosed
	FieldNotes
	FieldROR // identifiers.ror, as the other identifiers below
	FieldISNI
	FieldGRID
	FieldFundRef
	FieldMappingMuseums
	FieldDomus
	FieldPrimarySource
	FieldPrimarySourceID
	FieldRegion
	FieldStatus
	textFields // the number of fields
)

// Text returns the value of field f, "" when the record does not set it.
func (in *Institution) Text(f Field) string {
	bit := uint32(1) << f
	if in.textSet&bit == 0 {
		return ""
	}
	return in.text[bits.OnesCount32(in.textSet&(bit-1))]
}

// SetText sets field f to v; "" clears it. The record's values are
// copied first, never written into: records share them.
func (in *Institution) SetText(f Field, v string) {
	var vals [textFields]string
	in.texts(&vals)
	vals[f] = v
	in.setTexts(&vals, func(n int) []string { return make([]string, n) })
}

// With returns a copy of in with field f set to v, for building records:
// heritage.Institution{ID: …}.With(heritage.FieldCounty, "Kent").
func (in Institution) With(f Field, v string) Institution {
	in.SetText(f, v)
	return in
}

// texts writes the values of the text fields into vals, by field.
func (in *Institution) texts(vals *[textFields]string) {
	k := 0
	for f := range Field(textFields) {
		if in.textSet&(1<<f) != 0 {
			vals[f] = in.text[k]
			k++
		}
	}
}

// setTexts sets the text fields to vals, by field, the values of the set
// ones in a list from take(n), or none when no field is set.
func (in *Institution) setTexts(vals *[textFields]string, take func(n int) []string) {
	in.textSet, in.text = 0, nil
	n := 0
	for f, v := range vals {
		if v != "" {
			in.textSet |= 1 << f
			n++
		}
	}
	if n == 0 {
		return
	}
	in.text = take(n)
	k := 0
	for _, v := range vals {
		if v != "" {
			in.text[k] = v
			k++
		}
	}
}

// RegionCode is the region's code ("GB-ENG").
func (in *Institution) RegionCode() string { return in.Text(FieldRegionCode) }

// Subregion is the unit below the region.
func (in *Institution) Subregion() string { return in.Text(FieldSubregion) }

// County is the county.
func (in *Institution) County() string { return in.Text(FieldCounty) }

// District is the local-authority district.
func (in *Institution) District() string { return in.Text(FieldDistrict) }

// AdminArea is the administrative-area path (see AdminAreas).
func (in *Institution) AdminArea() string { return in.Text(FieldAdminArea) }

// Address is the street address.
func (in *Institution) Address() string { return in.Text(FieldAddress) }

// Postcode is the postal code.
func (in *Institution) Postcode() string { return in.Text(FieldPostcode) }

// CoordPrecision is how precise the coordinates are.
func (in *Institution) CoordPrecision() string { return in.Text(FieldCoordPrecision) }

// Website is the institution's web address.
func (in *Institution) Website() string { return in.Text(FieldWebsite) }

// Governance is the kind of body that governs the institution.
func (in *Institution) Governance() string { return in.Text(FieldGovernance) }

// GovernanceCode is Governance's code.
func (in *Institution) GovernanceCode() string { return in.Text(FieldGovernanceCode) }

// Accreditation is the museum's accreditation status.
func (in *Institution) Accreditation() string { return in.Text(FieldAccreditation) }

// Size is the museum's size class.
func (in *Institution) Size() string { return in.Text(FieldSize) }

// YearOpened is the opening year or range ("1960:2017"); see Opened.
func (in *Institution) YearOpened() string { return in.Text(FieldYearOpened) }

// YearClosed is the closing year or range (9999 while open); see Closed.
func (in *Institution) YearClosed() string { return in.Text(FieldYearClosed) }

// Notes are the source's notes on the record.
func (in *Institution) Notes() string { return in.Text(FieldNotes) }

// ROR is the Research Organization Registry id.
func (in *Institution) ROR() string { return in.Text(FieldROR) }

// ISNI is the International Standard Name Identifier.
func (in *Institution) ISNI() string { return in.Text(FieldISNI) }

// GRID is the Global Research Identifier Database id.
func (in *Institution) GRID() string { return in.Text(FieldGRID) }

// FundRef is the Crossref Funder id.
func (in *Institution) FundRef() string { return in.Text(FieldFundRef) }

// MappingMuseums is the Mapping Museums id.
func (in *Institution) MappingMuseums() string { return in.Text(FieldMappingMuseums) }

// Domus is the record's number in DOMUS, the UK museums database.
func (in *Institution) Domus() string { return in.Text(FieldDomus) }

// PrimarySource names the source the record was taken from.
func (in *Institution) PrimarySource() string { return in.Text(FieldPrimarySource) }

// PrimarySourceID is the record's id in PrimarySource.
func (in *Institution) PrimarySourceID() string { return in.Text(FieldPrimarySourceID) }

// Region is the country's first-level unit ("England").
func (in *Institution) Region() string { return in.Text(FieldRegion) }

// Status is "open" or "closed" (see IsOpen), or "" when the source says
// neither.
func (in *Institution) Status() string { return in.Text(FieldStatus) }

// rareLists are the lists of a record that most records leave empty.
type rareLists struct {
	altNames []AltName
	memberOf []Membership
	related  []Relation
}

// AltNames are the record's other names.
func (in *Institution) AltNames() []AltName {
	if in.rare != nil {
		return in.rare.altNames
	}
	if in.listsEmpty {
		return []AltName{}
	}
	return nil
}

// MemberOf are the bodies the institution belongs to.
func (in *Institution) MemberOf() []Membership {
	if in.rare != nil {
		return in.rare.memberOf
	}
	if in.listsEmpty {
		return []Membership{}
	}
	return nil
}

// Related are the institutions the record links to.
func (in *Institution) Related() []Relation {
	if in.rare != nil {
		return in.rare.related
	}
	if in.listsEmpty {
		return []Relation{}
	}
	return nil
}

// SetAltNames sets the record's other names to l.
func (in *Institution) SetAltNames(l []AltName) {
	in.setLists(l, in.MemberOf(), in.Related(), nil)
}

// SetMemberOf sets the bodies the institution belongs to to l.
func (in *Institution) SetMemberOf(l []Membership) {
	in.setLists(in.AltNames(), l, in.Related(), nil)
}

// SetRelated sets the institutions the record links to to l.
func (in *Institution) SetRelated(l []Relation) {
	in.setLists(in.AltNames(), in.MemberOf(), l, nil)
}

// setLists sets the three rare lists, in a rareLists from take when one
// is needed (a new one when take is nil): never the one the record held,
// which records share.
func (in *Institution) setLists(alt []AltName, member []Membership, rel []Relation, take func() *rareLists) {
	in.rare, in.listsEmpty = nil, false
	if len(alt) == 0 && len(member) == 0 && len(rel) == 0 {
		switch {
		case alt == nil && member == nil && rel == nil:
			return
		case alt != nil && member != nil && rel != nil:
			in.listsEmpty = true
			return
		}
	}
	if take != nil {
		in.rare = take()
	} else {
		in.rare = new(rareLists)
	}
	*in.rare = rareLists{altNames: alt, memberOf: member, related: rel}
}
