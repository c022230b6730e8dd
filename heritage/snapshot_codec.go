package heritage

import (
	"github.com/hybridrag/hybridrag/internal/packed"
)

// The records of a snapshot in the packed form (internal/packed): every
// field in declaration order; a slice as its length + 1, or 0 for nil; a
// pointer as a bool and, when set, its value. Reading makes no string of
// its own: every string shares the memory of the snapshot's bytes.
//
// A field added to Institution or to a type it holds must be added here
// too, and snapshotFormat raised: TestSnapshotCodecCoversEveryField fails
// until it is.

func encodeInstitution(w *packed.Writer, in *Institution) {
	w.String(in.ID, in.GHCID)
	w.Bool(in.GHCIDProvisional)
	w.String(in.Name)
	writeList(w, in.AltNames, func(a *AltName) { w.String(a.Name, a.Lang, a.Kind, a.From, a.Until, a.Period) })
	w.String(in.Type, in.TypeCode, in.TypeInferredBy)
	w.String(in.Country, in.Region, in.RegionCode, in.Subregion, in.County, in.District, in.AdminArea, in.City)
	w.Bool(in.CityInferred)
	w.String(in.Address, in.Postcode)
	writePointer(w, in.Lat, w.Float)
	writePointer(w, in.Lon, w.Float)
	w.String(in.CoordPrecision, in.ISIL, in.Wikidata)
	id := &in.Identifiers
	w.String(id.Wikidata)
	writeStrings(w, id.ISILAll)
	writeStrings(w, id.GND)
	writeStrings(w, id.DBS)
	w.String(id.ROR, id.ISNI, id.GRID, id.FundRef, id.MappingMuseums, id.Domus, id.PrimarySource, id.PrimarySourceID)
	w.String(in.Website, in.Description)
	w.Bool(in.DescriptionGenerated)
	writeStrings(w, in.Subjects)
	w.String(in.Governance, in.GovernanceCode, in.Accreditation, in.Size, in.Status, in.YearOpened, in.YearClosed)
	writeList(w, in.MemberOf, func(m *Membership) {
		w.String(m.Name, m.Relation, m.ID, m.Ref, m.NameInSource, m.SourceField, m.Until)
	})
	writeList(w, in.Related, func(r *Relation) { w.String(r.ID, r.Name, r.Relation, r.Ref, r.SourceField) })
	writeList(w, in.Events, func(e *Event) { w.String(e.Date, e.Type, e.Description, e.FormerName, e.SourceField) })
	writeList(w, in.Collections, func(c *Collection) { w.String(c.Name, c.Subject, c.SourceField) })
	w.String(in.Notes)
	writePointer(w, in.Area, func(a Area) {
		for _, v := range a.deprivation() {
			w.Int(int64(*v))
		}
		w.String(a.GeodemographicSupergroup, a.GeodemographicGroup, a.GeodemographicSubgroup)
	})
	w.String(in.Source)
	writeStrings(w, in.Sources)
	w.String(in.License, in.Attribution, string(in.Tier))
}

func decodeInstitution(r *packed.Reader, in *Institution) {
	s := r.String
	in.ID, in.GHCID = s(), s()
	in.GHCIDProvisional = r.Bool()
	in.Name = s()
	in.AltNames = readList(r, func(a *AltName) { *a = AltName{s(), s(), s(), s(), s(), s()} })
	in.Type, in.TypeCode, in.TypeInferredBy = s(), s(), s()
	in.Country, in.Region, in.RegionCode, in.Subregion = s(), s(), s(), s()
	in.County, in.District, in.AdminArea, in.City = s(), s(), s(), s()
	in.CityInferred = r.Bool()
	in.Address, in.Postcode = s(), s()
	in.Lat = readPointer(r, r.Float)
	in.Lon = readPointer(r, r.Float)
	in.CoordPrecision, in.ISIL, in.Wikidata = s(), s(), s()
	id := &in.Identifiers
	id.Wikidata = s()
	id.ISILAll, id.GND, id.DBS = readStrings(r), readStrings(r), readStrings(r)
	id.ROR, id.ISNI, id.GRID, id.FundRef = s(), s(), s(), s()
	id.MappingMuseums, id.Domus, id.PrimarySource, id.PrimarySourceID = s(), s(), s(), s()
	in.Website, in.Description = s(), s()
	in.DescriptionGenerated = r.Bool()
	in.Subjects = readStrings(r)
	in.Governance, in.GovernanceCode, in.Accreditation, in.Size = s(), s(), s(), s()
	in.Status, in.YearOpened, in.YearClosed = s(), s(), s()
	in.MemberOf = readList(r, func(m *Membership) { *m = Membership{s(), s(), s(), s(), s(), s(), s()} })
	in.Related = readList(r, func(x *Relation) { *x = Relation{s(), s(), s(), s(), s()} })
	in.Events = readList(r, func(e *Event) { *e = Event{s(), s(), s(), s(), s()} })
	in.Collections = readList(r, func(c *Collection) { *c = Collection{s(), s(), s()} })
	in.Notes = s()
	in.Area = readPointer(r, func() Area {
		var a Area
		for _, v := range a.deprivation() {
			*v = int(r.Int())
		}
		a.GeodemographicSupergroup, a.GeodemographicGroup, a.GeodemographicSubgroup = s(), s(), s()
		return a
	})
	in.Source = s()
	in.Sources = readStrings(r)
	in.License, in.Attribution, in.Tier = s(), s(), Tier(s())
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

func readList[T any](r *packed.Reader, each func(*T)) []T {
	n := r.Count()
	if n == 0 {
		return nil
	}
	s := make([]T, n-1)
	for i := range s {
		each(&s[i])
	}
	return s
}

func writeStrings(w *packed.Writer, s []string) {
	writeList(w, s, func(v *string) { w.String(*v) })
}

func readStrings(r *packed.Reader) []string {
	return readList(r, func(v *string) { *v = r.String() })
}

func writePointer[T any](w *packed.Writer, p *T, value func(T)) {
	w.Bool(p != nil)
	if p != nil {
		value(*p)
	}
}

func readPointer[T any](r *packed.Reader, value func() T) *T {
	if !r.Bool() {
		return nil
	}
	v := value()
	return &v
}
