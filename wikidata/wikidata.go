// Package wikidata holds what a Wikidata endpoint states about an item
// (Entity) and the enrichment of a record with it: the types an answer
// carries, with no client below them (the client is package sparql).
package wikidata

// Entity is what the endpoint states about one Wikidata item. Multi-valued
// properties are sorted; empty fields were not found.
type Entity struct {
	QID         string        `json:"qid"`
	Label       string        `json:"label,omitempty"`
	LabelLang   string        `json:"label_lang,omitempty"`
	Description string        `json:"description,omitempty"`
	Aliases     []string      `json:"aliases,omitempty"`
	InstanceOf  []Ref         `json:"instance_of,omitempty"` // P31
	Countries   []Ref         `json:"countries,omitempty"`   // P17
	Coordinates []Coordinates `json:"coordinates,omitempty"` // P625
	Websites    []string      `json:"websites,omitempty"`    // P856
	VIAF        []string      `json:"viaf,omitempty"`        // P214
	ISNI        []string      `json:"isni,omitempty"`        // P213
	ISIL        []string      `json:"isil,omitempty"`        // P791
	GND         []string      `json:"gnd,omitempty"`         // P227
}

// URL is the item's Wikidata page.
func (e Entity) URL() string { return "https://www.wikidata.org/wiki/" + e.QID }

// Ref is another item an entity points to, with its label when the
// endpoint has one in a preferred language.
type Ref struct {
	QID   string `json:"qid"`
	Label string `json:"label,omitempty"`
}

// Coordinates is a WGS84 point.
type Coordinates struct {
	Lat float64 `json:"lat"`
	Lon float64 `json:"lon"`
}

// Enrichment is the Wikidata entity of one record.
type Enrichment struct {
	ID     string `json:"id"` // the record id
	Entity Entity `json:"wikidata"`
}
