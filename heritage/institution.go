// Package heritage holds the typed model of heritage institution records
// (museums, archives, libraries and related custodians) and loads them from
// JSON Lines, including the dataset bundled with the binary.
package heritage

import (
	"fmt"
	"strconv"
	"strings"
)

// Institution is one heritage custodian record. Field names follow the
// dataset schema (see heritage/data/NOTICE for licences and attribution);
// its JSON is that of Record, the schema's shape.
//
// The text fields most records leave empty (the fields of Field: the
// region, the status, the UK-only address and museum details, the rarer
// identifiers, notes, website) are read through methods of their names
// (in.County()) and set with SetText: a record holds only the ones it
// sets, so that a record without them does not pay 16 bytes for each
// (docs/benchmarks.md, "What a record costs"). So are the lists few
// records hold (alternative names, memberships, relations: in.AltNames(),
// SetAltNames).
type Institution struct {
	ID   string
	Name string

	// textSet has bit f set when the text field f is set; text holds the
	// values of the set fields, in the order of Field. A record's text is
	// never written into (SetText makes a new one): records share theirs.
	// rare holds the alternative names, memberships and relations, which
	// nine records in ten lack; nil when all three are empty, as lists
	// (listsEmpty) or as none. They come first, with the flags, so that a
	// scan reading a record's name and these reads few cache lines.
	textSet              uint32
	listsEmpty           bool
	GHCIDProvisional     bool
	CityInferred         bool
	DescriptionGenerated bool
	text                 []string
	rare                 *rareLists

	Type           string
	TypeCode       string
	TypeInferredBy string

	Country string
	City    string
	Lat     *float64
	Lon     *float64

	GHCID       string
	ISIL        string
	Wikidata    string
	Identifiers Identifiers

	Description string
	Subjects    []string

	Events      []Event
	Collections []Collection
	Area        *Area

	Source      string
	Sources     []string
	License     string
	Attribution string
	Tier        Tier
}

// AltName is another name of an institution: a former name, label, alias,
// acronym or the Wikidata label of a merged record.
type AltName struct {
	Name   string `json:"name"`
	Lang   string `json:"lang,omitempty"`
	Kind   string `json:"kind"`
	From   string `json:"from,omitempty"`
	Until  string `json:"until,omitempty"`
	Period string `json:"period,omitempty"`
}

// Alt-name kinds used by the dataset.
const (
	KindFormerName    = "former_name"
	KindLabel         = "label"
	KindAlias         = "alias"
	KindAcronym       = "acronym"
	KindWikidataLabel = "wikidata_label"
)

// Membership links an institution to a body it belongs to.
type Membership struct {
	Name         string `json:"name"`
	Relation     string `json:"relation"` // part_of or operated_by
	ID           string `json:"id,omitempty"`
	Ref          string `json:"ref,omitempty"`
	NameInSource string `json:"name_in_source,omitempty"`
	SourceField  string `json:"source_field,omitempty"`
	Until        string `json:"until,omitempty"`
}

// Membership relations.
const (
	RelPartOf     = "part_of"
	RelOperatedBy = "operated_by"
)

// Current reports whether the membership still holds in year (an "until"
// year that has passed ends it).
func (m Membership) Current(year int) bool {
	if m.Until == "" {
		return true
	}
	y, err := strconv.Atoi(strings.TrimSpace(m.Until))
	return err != nil || y > year
}

// Relation links two institutions (succeeded_by, houses, has_part, …).
type Relation struct {
	ID          string `json:"id,omitempty"`
	Name        string `json:"name"`
	Relation    string `json:"relation"`
	Ref         string `json:"ref,omitempty"`
	SourceField string `json:"source_field,omitempty"`
}

// Event is a dated change in an institution's life.
type Event struct {
	Date        string `json:"date,omitempty"` // EDTF-like: 1971, 1960/2017, 2019-07-25
	Type        string `json:"type"`
	Description string `json:"description"`
	FormerName  string `json:"former_name,omitempty"`
	SourceField string `json:"source_field,omitempty"`
}

// Years returns the first and last year the event date covers; ok is false
// for an undated event.
func (e Event) Years() (from, to int, ok bool) {
	return parseEDTFYears(e.Date)
}

// Collection is a subject-based collection.
type Collection struct {
	Name        string `json:"name"`
	Subject     string `json:"subject"`
	SourceField string `json:"source_field,omitempty"`
}

// Area holds area deprivation indices and geodemographic groups.
type Area struct {
	DeprivationIndex         int    `json:"deprivation_index,omitempty"`
	DeprivationCrime         int    `json:"deprivation_crime,omitempty"`
	DeprivationEducation     int    `json:"deprivation_education,omitempty"`
	DeprivationEmployment    int    `json:"deprivation_employment,omitempty"`
	DeprivationHealth        int    `json:"deprivation_health,omitempty"`
	DeprivationHousing       int    `json:"deprivation_housing,omitempty"`
	DeprivationIncome        int    `json:"deprivation_income,omitempty"`
	DeprivationServices      int    `json:"deprivation_services,omitempty"`
	GeodemographicSupergroup string `json:"geodemographic_supergroup,omitempty"`
	GeodemographicGroup      string `json:"geodemographic_group,omitempty"`
	GeodemographicSubgroup   string `json:"geodemographic_subgroup,omitempty"`
}

// Identifiers are the record's identifiers in other schemes that most
// records hold (in JSON, RecordIdentifiers); the rarer ones are text
// fields of the record (in.ROR(), in.Domus() …).
type Identifiers struct {
	Wikidata string
	ISILAll  []string
	GND      []string
	DBS      []string
}

// Tier ranks the authority of a record's source.
type Tier string

// Tiers, most authoritative first.
const (
	TierAuthoritative Tier = "TIER_1_AUTHORITATIVE"
	TierVerified      Tier = "TIER_2_VERIFIED"
	TierCrowdSourced  Tier = "TIER_3_CROWD_SOURCED"
)

// Rank orders tiers: 1 is the most authoritative; unknown tiers rank last.
func (t Tier) Rank() int {
	switch t {
	case TierAuthoritative:
		return 1
	case TierVerified:
		return 2
	case TierCrowdSourced:
		return 3
	}
	return 4
}

// Open reports the opening year range ("1960:2017" → 1960, 2017).
//
// A record without an opening year that holds a founded or opened event
// opened then.
func (in *Institution) Opened() (from, to int, ok bool) {
	if from, to, ok = parseYearRange(in.YearOpened()); ok {
		return from, to, ok
	}
	for _, e := range in.Events {
		if e.Type == "founded" || e.Type == "opened" {
			if from, to, ok = e.Years(); ok {
				return from, to, ok
			}
		}
	}
	return 0, 0, false
}

// OpenedFrom is the first year of Opened: the opening year that filters
// and the stores' payloads compare.
func (in *Institution) OpenedFrom() (int, bool) {
	from, _, ok := in.Opened()
	return from, ok
}

// ClosedFrom is the first year of Closed (none while the record is open).
func (in *Institution) ClosedFrom() (int, bool) {
	from, _, ok := in.Closed()
	return from, ok
}

// Closed reports the closing year range; ok is false when the record is
// still open (9999) or the year is unknown.
func (in *Institution) Closed() (from, to int, ok bool) {
	from, to, ok = parseYearRange(in.YearClosed())
	if ok && from == 9999 {
		return 0, 0, false
	}
	if !ok && in.Status() == "closed" {
		for _, e := range in.Events {
			if e.Type == "closed" {
				return e.Years()
			}
		}
	}
	return from, to, ok
}

// IsOpen reports whether the record is known to be open: status "open", or
// no status at all (Wikidata records carry none unless closed).
func (in *Institution) IsOpen() bool {
	return in.Status() != "closed"
}

// GND returns the first GND identifier, if any.
func (in *Institution) GND() string {
	if len(in.Identifiers.GND) > 0 {
		return in.Identifiers.GND[0]
	}
	return ""
}

// FormerNames lists the record's former names.
func (in *Institution) FormerNames() []AltName {
	var out []AltName
	for _, a := range in.AltNames() {
		if a.Kind == KindFormerName {
			out = append(out, a)
		}
	}
	return out
}

// AdminAreas splits AdminArea into its named units, each with its level:
// "/England/South East (English Region)/Kent (English County)" gives
// {England, ""}, {South East, English Region}, {Kent, English County}.
func (in *Institution) AdminAreas() []AdminUnit {
	return ParseAdminArea(in.AdminArea())
}

// AdminUnit is one level of an administrative area path.
type AdminUnit struct {
	Name  string
	Level string // e.g. "English County", "Scottish Council Area"; "" for a nation
}

// ParseAdminArea splits an admin_area path into its units.
func ParseAdminArea(path string) []AdminUnit {
	path = strings.Trim(path, "/")
	if path == "" {
		return nil
	}
	parts := strings.Split(path, "/")
	out := make([]AdminUnit, 0, len(parts))
	for _, p := range parts {
		p = strings.TrimSpace(p)
		u := AdminUnit{Name: p}
		if strings.HasSuffix(p, ")") {
			if i := strings.LastIndex(p, " ("); i > 0 {
				u = AdminUnit{Name: p[:i], Level: p[i+2 : len(p)-1]}
			}
		}
		out = append(out, u)
	}
	return out
}

// YearsText writes a year range as text: "1987" for a single year,
// "between 1960 and 2017" for a range, "" when unknown. It takes the
// results of Opened and Closed directly: YearsText(in.Opened()).
func YearsText(from, to int, ok bool) string {
	switch {
	case !ok:
		return ""
	case from == to:
		return strconv.Itoa(from)
	default:
		return fmt.Sprintf("between %d and %d", from, to)
	}
}

// parseYearRange reads "a:b" (or a bare year) into a range.
func parseYearRange(s string) (from, to int, ok bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, 0, false
	}
	a, b, found := strings.Cut(s, ":")
	if !found {
		b = a
	}
	from, err1 := strconv.Atoi(a)
	to, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return from, to, true
}

// parseEDTFYears reads the year span of an EDTF-like date: "1971",
// "1960/2017", "2019-07-25".
func parseEDTFYears(s string) (from, to int, ok bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, 0, false
	}
	a, b, found := strings.Cut(s, "/")
	if !found {
		b = a
	}
	year := func(x string) (int, bool) {
		if len(x) < 4 {
			return 0, false
		}
		y, err := strconv.Atoi(x[:4])
		return y, err == nil
	}
	from, ok1 := year(a)
	to, ok2 := year(b)
	if !ok1 || !ok2 {
		return 0, 0, false
	}
	return from, to, true
}
