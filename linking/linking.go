// Package linking resolves institution references — identifiers, names,
// with optional place and type hints — to records of the dataset. The
// same linker serves the link command, the HTTP link endpoint, the W3C
// Reconciliation API and batch enrichment.
package linking

// Query is a reference to resolve. Text is an identifier (ISIL, QID, GHCID,
// GND, Wikidata or ISIL URL) or a name; the other fields are hints that
// narrow a name match or identifiers given in their own columns.
type Query struct {
	Text     string `json:"text"`
	ISIL     string `json:"isil,omitempty"`
	QID      string `json:"qid,omitempty"`
	GHCID    string `json:"ghcid,omitempty"`
	City     string `json:"city,omitempty"`
	Country  string `json:"country,omitempty"` // ISO 3166-1 alpha-2 or an English name
	Type     string `json:"type,omitempty"`    // MUSEUM, LIBRARY, … or a type code (M, L, …)
	Postcode string `json:"postcode,omitempty"`
}

// Candidate is one institution a query may refer to, best first.
type Candidate struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Score is the probability that the candidate is the referent: the
	// match model's (model.go) for a name, 1 for a unique identifier.
	Score float64 `json:"score"`
	// Match is true when the candidate is the referent with high
	// confidence: an exact identifier match, or the best name candidate
	// when its score reaches the match model's threshold.
	Match bool `json:"match"`
	// Via says how the candidate was found: isil, wikidata, ghcid, gnd,
	// name, former_name, alias, partial_name, fuzzy_name.
	Via      string    `json:"via"`
	Features []Feature `json:"features,omitempty"`
}

// Feature is one scored piece of evidence behind a candidate's score.
type Feature struct {
	ID    string  `json:"id"`
	Value float64 `json:"value"`
}

// Feature ids reported in Candidate.Features.
const (
	FeatureNameSim   = "name_sim"       // best similarity of the query text to one of the names, [0,1]
	FeatureCity      = "city_match"     // 1 same city, 0 other city, 0.5 unknown or no hint
	FeatureCountry   = "country_match"  // 1 same country, 0 other, 0.5 no hint
	FeatureType      = "type_match"     // 1 same type, 0 other, 0.5 no hint
	FeaturePostcode  = "postcode_match" // 1 same postcode, 0.75 same district, 0 other, 0.5 unknown
	FeatureID        = "id_match"       // 1 when found by an identifier
	FeatureAmbiguity = "ambiguity"      // share of the candidate in the name evidence, (0,1]
	// FeatureQueryCoverage is the IDF-weighted share of the query's words
	// found in the matched name, FeatureNameCoverage the share of the
	// name's words found in the query or the city hint.
	FeatureQueryCoverage = "query_coverage"
	FeatureNameCoverage  = "name_coverage"
	// FeatureTownConflict is 1 when the candidate's name holds a town of
	// its own and the reference names another town (see towns.go): it is
	// then no match.
	FeatureTownConflict = "town_conflict"
	// FeatureEvidence is the candidate's name similarity adjusted by the
	// hints and weighed by its share among namesakes (see doc.go), the
	// score candidates are ranked by before the match model; FeatureMargin
	// is its lead over the best other name candidate (negative when
	// another leads).
	FeatureEvidence = "evidence"
	FeatureMargin   = "margin"
	// FeatureQueryWeight is the IDF weight of the query's words over
	// twice that of a distinctive name (1 at most): how few records a
	// name of those words can be.
	FeatureQueryWeight = "query_weight"
	// FeatureSole is 1 when no other candidate holds the query as well
	// (see doc.go, Competing holders); FeatureMisread is 1 when another
	// candidate's name holds the query's words as written and this one
	// only misspelt.
	FeatureSole    = "sole_holder"
	FeatureMisread = "misread"
	// FeatureOtherCountry is 1 when the reference places the name in a
	// town the record's country has none of; FeatureReadingConflict is 1
	// when the reference, read as a spreadsheet holds it, names two
	// records, or a kind of institution in a country rather than one.
	// FeatureRules is 1 when the evidence rules of doc.go take the
	// candidate for the referent: a coverage of 80% or more, no other
	// candidate holding the query as well, no town, country or reading
	// against it, and the evidence high enough or the partial name
	// distinctive or in the hinted town.
	FeatureRules           = "rules_match"
	FeatureOtherCountry    = "other_country"
	FeatureReadingConflict = "reading_conflict"
)

// Via values.
const (
	ViaISIL       = "isil"
	ViaWikidata   = "wikidata"
	ViaGHCID      = "ghcid"
	ViaGND        = "gnd"
	ViaID         = "id" // the record id itself (wd:…, mm:…, ror:…)
	ViaROR        = "ror"
	ViaName       = "name"
	ViaFormerName = "former_name"
	ViaAlias      = "alias"
	ViaFuzzyName  = "fuzzy_name"
	// ViaPartialName: every word of the query is in the name, which has
	// more ("Hennebergmuseum" for "Hennebergmuseum Münnerstadt").
	ViaPartialName = "partial_name"
)
