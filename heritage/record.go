package heritage

import (
	"bytes"
	"encoding/json"
)

// Record is an Institution in the shape of the dataset schema
// (record.schema.json): its fields, their JSON names and their order. An
// Institution keeps its fields in a layout of its own, and is read from
// and written as JSON in this shape; code that sets or reads the fields by
// their JSON names (a CSV column's field) works on a Record.
type Record struct {
	ID               string    `json:"id"`
	GHCID            string    `json:"ghcid"`
	GHCIDProvisional bool      `json:"ghcid_provisional"`
	Name             string    `json:"name"`
	AltNames         []AltName `json:"alt_names"`

	Type           string `json:"type"`
	TypeCode       string `json:"type_code"`
	TypeInferredBy string `json:"type_inferred_by,omitempty"`

	Country        string   `json:"country"`
	Region         string   `json:"region,omitempty"`
	RegionCode     string   `json:"region_code,omitempty"`
	Subregion      string   `json:"subregion,omitempty"`
	County         string   `json:"county,omitempty"`
	District       string   `json:"district,omitempty"`
	AdminArea      string   `json:"admin_area,omitempty"`
	City           string   `json:"city,omitempty"`
	CityInferred   bool     `json:"city_inferred"`
	Address        string   `json:"address,omitempty"`
	Postcode       string   `json:"postcode,omitempty"`
	Lat            *float64 `json:"lat,omitempty"`
	Lon            *float64 `json:"lon,omitempty"`
	CoordPrecision string   `json:"coord_precision,omitempty"`

	ISIL        string            `json:"isil,omitempty"`
	Wikidata    string            `json:"wikidata,omitempty"`
	Identifiers RecordIdentifiers `json:"identifiers"`
	Website     string            `json:"website,omitempty"`

	Description          string   `json:"description"`
	DescriptionGenerated bool     `json:"description_generated"`
	Subjects             []string `json:"subjects"`
	Governance           string   `json:"governance,omitempty"`
	GovernanceCode       string   `json:"governance_code,omitempty"`
	Accreditation        string   `json:"accreditation,omitempty"`
	Size                 string   `json:"size,omitempty"`
	Status               string   `json:"status,omitempty"`
	YearOpened           string   `json:"year_opened,omitempty"`
	YearClosed           string   `json:"year_closed,omitempty"`

	MemberOf    []Membership `json:"member_of"`
	Related     []Relation   `json:"related"`
	Events      []Event      `json:"events"`
	Collections []Collection `json:"collections"`
	Notes       string       `json:"notes,omitempty"`
	Area        *Area        `json:"area,omitempty"`

	Source      string   `json:"source"`
	Sources     []string `json:"sources"`
	License     string   `json:"license"`
	Attribution string   `json:"attribution"`
	Tier        Tier     `json:"tier"`
}

// RecordIdentifiers is the JSON shape of a record's identifiers.
type RecordIdentifiers struct {
	Wikidata        string   `json:"wikidata,omitempty"`
	ISILAll         []string `json:"isil_all,omitempty"`
	GND             []string `json:"gnd,omitempty"`
	DBS             []string `json:"dbs,omitempty"`
	ROR             string   `json:"ror,omitempty"`
	ISNI            string   `json:"isni,omitempty"`
	GRID            string   `json:"grid,omitempty"`
	FundRef         string   `json:"fundref,omitempty"`
	MappingMuseums  string   `json:"mapping_museums,omitempty"`
	Domus           string   `json:"domus,omitempty"`
	PrimarySource   string   `json:"primary_source,omitempty"`
	PrimarySourceID string   `json:"primary_source_id,omitempty"`
}

// MarshalJSON writes the record in the dataset's shape (see Record).
func (in Institution) MarshalJSON() ([]byte, error) {
	r := in.Record()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	// The encoder that asked escapes <, > and & when it is told to, as it
	// would in the fields of a type of its own; escaped here, they would
	// stay escaped when it is told not to.
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&r); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON reads a record of the dataset's shape. Decode reads one more
// leniently, a year written as a number too.
func (in *Institution) UnmarshalJSON(b []byte) error {
	var r Record
	if err := json.Unmarshal(b, &r); err != nil {
		return err
	}
	*in = r.Institution()
	return nil
}

// Record returns in's fields in the dataset's shape. The lists are in's.
func (in *Institution) Record() Record {
	id := &in.Identifiers
	return Record{
		ID: in.ID, GHCID: in.GHCID, GHCIDProvisional: in.GHCIDProvisional, Name: in.Name, AltNames: in.AltNames(),
		Type: in.Type, TypeCode: in.TypeCode, TypeInferredBy: in.TypeInferredBy,
		Country: in.Country, Region: in.Region(), RegionCode: in.RegionCode(), Subregion: in.Subregion(),
		County: in.County(), District: in.District(), AdminArea: in.AdminArea(), City: in.City,
		CityInferred: in.CityInferred, Address: in.Address(), Postcode: in.Postcode(),
		Lat: in.Lat, Lon: in.Lon, CoordPrecision: in.CoordPrecision(),
		ISIL: in.ISIL, Wikidata: in.Wikidata,
		Identifiers: RecordIdentifiers{
			Wikidata: id.Wikidata, ISILAll: id.ISILAll, GND: id.GND, DBS: id.DBS,
			ROR: in.ROR(), ISNI: in.ISNI(), GRID: in.GRID(), FundRef: in.FundRef(),
			MappingMuseums: in.MappingMuseums(), Domus: in.Domus(),
			PrimarySource: in.PrimarySource(), PrimarySourceID: in.PrimarySourceID(),
		},
		Website:     in.Website(),
		Description: in.Description, DescriptionGenerated: in.DescriptionGenerated, Subjects: in.Subjects,
		Governance: in.Governance(), GovernanceCode: in.GovernanceCode(), Accreditation: in.Accreditation(),
		Size: in.Size(), Status: in.Status(), YearOpened: in.YearOpened(), YearClosed: in.YearClosed(),
		MemberOf: in.MemberOf(), Related: in.Related(), Events: in.Events, Collections: in.Collections,
		Notes: in.Notes(), Area: in.Area,
		Source: in.Source, Sources: in.Sources, License: in.License, Attribution: in.Attribution, Tier: in.Tier,
	}
}

// Institution returns the record r holds. The lists are r's.
func (r Record) Institution() Institution {
	id := &r.Identifiers
	in := Institution{
		ID: r.ID, GHCID: r.GHCID, GHCIDProvisional: r.GHCIDProvisional, Name: r.Name,
		Type: r.Type, TypeCode: r.TypeCode, TypeInferredBy: r.TypeInferredBy,
		Country: r.Country, City: r.City, CityInferred: r.CityInferred,
		Lat: r.Lat, Lon: r.Lon,
		ISIL: r.ISIL, Wikidata: r.Wikidata,
		Identifiers: Identifiers{Wikidata: id.Wikidata, ISILAll: id.ISILAll, GND: id.GND, DBS: id.DBS},
		Description: r.Description, DescriptionGenerated: r.DescriptionGenerated, Subjects: r.Subjects,
		Events: r.Events, Collections: r.Collections, Area: r.Area,
		Source: r.Source, Sources: r.Sources, License: r.License, Attribution: r.Attribution, Tier: r.Tier,
	}
	in.setTexts(r.texts(), func(n int) []string { return make([]string, n) })
	in.setLists(r.AltNames, r.MemberOf, r.Related, nil)
	return in
}

// texts returns r's values of the text fields, by field.
func (r *Record) texts() *[textFields]string {
	id := &r.Identifiers
	return &[textFields]string{
		FieldRegionCode: r.RegionCode, FieldSubregion: r.Subregion, FieldCounty: r.County,
		FieldDistrict: r.District, FieldAdminArea: r.AdminArea, FieldAddress: r.Address,
		FieldPostcode: r.Postcode, FieldCoordPrecision: r.CoordPrecision, FieldWebsite: r.Website,
		FieldGovernance: r.Governance, FieldGovernanceCode: r.GovernanceCode,
		FieldAccreditation: r.Accreditation, FieldSize: r.Size,
		FieldYearOpened: r.YearOpened, FieldYearClosed: r.YearClosed, FieldNotes: r.Notes,
		FieldROR: id.ROR, FieldISNI: id.ISNI, FieldGRID: id.GRID, FieldFundRef: id.FundRef,
		FieldMappingMuseums: id.MappingMuseums, FieldDomus: id.Domus,
		FieldPrimarySource: id.PrimarySource, FieldPrimarySourceID: id.PrimarySourceID,
		FieldRegion: r.Region, FieldStatus: r.Status,
	}
}
