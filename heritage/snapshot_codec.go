package heritage

import (
	"github.com/hybridrag/hybridrag/internal/packed"
)

// The records of a snapshot in the packed form (internal/packed): every
// field in the order of Record, the text fields (Field) and the rare
// lists among them as the record reads them (an unset text field as "");
// a string as its number in the table of distinct strings (textTable); a
// slice as its length + 1, or 0 for nil; a pointer as a bool and, when
// set, its value. Reading makes no string of its own (every string is the
// table's) and takes the lists and pointers from shared arrays (lists).
//
// A field added to Record or to a type it holds must be added here too,
// and snapshotFormat raised: TestSnapshotCodecCoversEveryField fails until
// it is.

func encodeInstitution(e recordWriter, in *Institution) {
	w := e.w
	e.String(in.ID, in.GHCID)
	w.Bool(in.GHCIDProvisional)
	e.String(in.Name)
	writeList(w, in.AltNames(), func(a *AltName) { e.String(a.Name, a.Lang, a.Kind, a.From, a.Until, a.Period) })
	e.String(in.Type, in.TypeCode, in.TypeInferredBy)
	e.String(in.Country, in.Region(), in.RegionCode(), in.Subregion(), in.County(), in.District(), in.AdminArea(), in.City)
	w.Bool(in.CityInferred)
	e.String(in.Address(), in.Postcode())
	writePointer(w, in.Lat, w.Float)
	writePointer(w, in.Lon, w.Float)
	e.String(in.CoordPrecision(), in.ISIL, in.Wikidata)
	id := &in.Identifiers
	e.String(id.Wikidata)
	e.strings(id.ISILAll)
	e.strings(id.GND)
	e.strings(id.DBS)
	e.String(in.ROR(), in.ISNI(), in.GRID(), in.FundRef(), in.MappingMuseums(), in.Domus(), in.PrimarySource(), in.PrimarySourceID())
	e.String(in.Website(), in.Description)
	w.Bool(in.DescriptionGenerated)
	e.strings(in.Subjects)
	e.String(in.Governance(), in.GovernanceCode(), in.Accreditation(), in.Size(), in.Status(), in.YearOpened(), in.YearClosed())
	writeList(w, in.MemberOf(), func(m *Membership) {
		e.String(m.Name, m.Relation, m.ID, m.Ref, m.NameInSource, m.SourceField, m.Until)
	})
	writeList(w, in.Related(), func(r *Relation) { e.String(r.ID, r.Name, r.Relation, r.Ref, r.SourceField) })
	writeList(w, in.Events, func(ev *Event) { e.String(ev.Date, ev.Type, ev.Description, ev.FormerName, ev.SourceField) })
	writeList(w, in.Collections, func(c *Collection) { e.String(c.Name, c.Subject, c.SourceField) })
	e.String(in.Notes())
	writePointer(w, in.Area, func(a Area) {
		for _, v := range a.deprivation() {
			w.Int(int64(*v))
		}
		e.String(a.GeodemographicSupergroup, a.GeodemographicGroup, a.GeodemographicSubgroup)
	})
	e.String(in.Source)
	e.strings(in.Sources)
	e.String(in.License, in.Attribution, string(in.Tier))
}

func decodeInstitution(d recordReader, in *Institution) {
	r, l, s := d.r, d.lists, d.String
	var t [textFields]string // the text fields, set last
	in.ID, in.GHCID = s(), s()
	in.GHCIDProvisional = r.Bool()
	in.Name = s()
	alt := readList(r, &l.alt, func(a *AltName) { *a = AltName{s(), s(), s(), s(), s(), s()} })
	in.Type, in.TypeCode, in.TypeInferredBy = s(), s(), s()
	in.Country, t[FieldRegion], t[FieldRegionCode], t[FieldSubregion] = s(), s(), s(), s()
	t[FieldCounty], t[FieldDistrict], t[FieldAdminArea], in.City = s(), s(), s(), s()
	in.CityInferred = r.Bool()
	t[FieldAddress], t[FieldPostcode] = s(), s()
	in.Lat = readPointer(r, &l.floats, r.Float)
	in.Lon = readPointer(r, &l.floats, r.Float)
	t[FieldCoordPrecision], in.ISIL, in.Wikidata = s(), s(), s()
	id := &in.Identifiers
	id.Wikidata = s()
	id.ISILAll, id.GND, id.DBS = d.strings(), d.strings(), d.strings()
	t[FieldROR], t[FieldISNI], t[FieldGRID], t[FieldFundRef] = s(), s(), s(), s()
	t[FieldMappingMuseums], t[FieldDomus], t[FieldPrimarySource], t[FieldPrimarySourceID] = s(), s(), s(), s()
	t[FieldWebsite], in.Description = s(), s()
	in.DescriptionGenerated = r.Bool()
	in.Subjects = d.strings()
	t[FieldGovernance], t[FieldGovernanceCode], t[FieldAccreditation], t[FieldSize] = s(), s(), s(), s()
	t[FieldStatus], t[FieldYearOpened], t[FieldYearClosed] = s(), s(), s()
	member := readList(r, &l.member, func(m *Membership) { *m = Membership{s(), s(), s(), s(), s(), s(), s()} })
	rel := readList(r, &l.rel, func(x *Relation) { *x = Relation{s(), s(), s(), s(), s()} })
	in.Events = readList(r, &l.events, func(e *Event) { *e = Event{s(), s(), s(), s(), s()} })
	in.Collections = readList(r, &l.colls, func(c *Collection) { *c = Collection{s(), s(), s()} })
	t[FieldNotes] = s()
	in.Area = readPointer(r, &l.areas, func() Area {
		var a Area
		for _, v := range a.deprivation() {
			*v = int(r.Int())
		}
		a.GeodemographicSupergroup, a.GeodemographicGroup, a.GeodemographicSubgroup = s(), s(), s()
		return a
	})
	in.Source = s()
	in.Sources = d.strings()
	in.License, in.Attribution, in.Tier = s(), s(), Tier(s())
	in.setTexts(&t, l.texts.take)
	in.setLists(alt, member, rel, func() *rareLists { return &l.rare.take(1)[0] })
}

// deprivation lists the deprivation fields of a, in declaration order.
func (a *Area) deprivation() [8]*int {
	return [8]*int{&a.DeprivationIndex, &a.DeprivationCrime, &a.DeprivationEducation, &a.DeprivationEmployment,
		&a.DeprivationHealth, &a.DeprivationHousing, &a.DeprivationIncome, &a.DeprivationServices}
}

func writeList[T any](w *packed.Writer, s []T, each func(*T)) {
	if s == nil {
		w.Len(0)
		return
	}
	w.Len(len(s) + 1)
	for i := range s {
		each(&s[i])
	}
}

// readList reads a list written by writeList into elements of from, or
// returns the list from read before from the same bytes.
func readList[T any](r *packed.Reader, from *slab[T], each func(*T)) []T {
	at := r.Offset()
	n := r.Count()
	if n == 0 {
		return nil
	}
	s := from.take(n - 1)
	for i := range s {
		each(&s[i])
	}
	return from.same(r.Since(at), s)
}

func (e recordWriter) strings(s []string) {
	writeList(e.w, s, func(v *string) { e.String(*v) })
}

func (d recordReader) strings() []string {
	return readList(d.r, &d.lists.strs, func(v *string) { *v = d.String() })
}

func writePointer[T any](w *packed.Writer, p *T, value func(T)) {
	w.Bool(p != nil)
	if p != nil {
		value(*p)
	}
}

// readPointer reads a pointer written by writePointer, to an element of
// from (the one read before from the same bytes, if any).
func readPointer[T any](r *packed.Reader, from *slab[T], value func() T) *T {
	at := r.Offset()
	if !r.Bool() {
		return nil
	}
	s := from.take(1)
	s[0] = value()
	return &from.same(r.Since(at), s)[0]
}
