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
	ID    string  `json:"id"`
	Name  string  `json:"name"`
	Score float64 `json:"score"` // calibrated to [0,1]
	// Match is true when the candidate is the referent with high
	// confidence: an exact identifier match, or a name match that is
	// unambiguous and supported by the hints.
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
