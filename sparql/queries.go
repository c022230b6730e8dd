package sparql

import (
	"fmt"
	"strings"

	"github.com/knakk/rdf"

	"github.com/hybridrag/hybridrag/ident"
)

// Limits on query inputs.
const (
	// MaxSearchRunes bounds the text of a label search.
	MaxSearchRunes = 200
	// MaxLimit bounds the limit of Similar and SearchLabel.
	MaxLimit = 1000
)

const prefixes = `PREFIX wd: <http://www.wikidata.org/entity/>
PREFIX wdt: <http://www.wikidata.org/prop/direct/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX schema: <http://schema.org/>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
`

// Property IRIs as they come back in results.
const (
	nsWdt      = "http://www.wikidata.org/prop/direct/"
	iriLabel   = "http://www.w3.org/2000/01/rdf-schema#label"
	iriAlt     = "http://www.w3.org/2004/02/skos/core#altLabel"
	iriDesc    = "http://schema.org/description"
	entityQRef = "http://www.wikidata.org/entity/Q"
)

// langFilter is a FILTER expression true when ?v is untagged or in one of
// the preferred languages (or not a literal, when nonLiterals is set).
func langFilter(v string, langs []string, untagged bool) string {
	var parts []string
	if untagged {
		parts = append(parts, "!isLiteral("+v+")", "LANG("+v+") = \"\"")
	}
	for _, l := range langs {
		parts = append(parts, "langMatches(LANG("+v+"), "+literal(l)+")")
	}
	return "(" + strings.Join(parts, " || ") + ")"
}

// anyTextQuery asks for labels (and descriptions) in every language, for
// items that have none in a preferred language.
func anyTextQuery(ids []ident.ID, descriptions bool) (string, error) {
	vals, err := itemValues(ids)
	if err != nil {
		return "", err
	}
	props := "rdfs:label"
	if descriptions {
		props += ", schema:description"
	}
	return prefixes + "SELECT ?item ?p ?v WHERE {\n" +
		"  " + vals + "\n" +
		"  ?item ?p ?v .\n" +
		"  FILTER(?p IN (" + props + "))\n" +
		"}\n", nil
}

// orderByQID sorts items numerically (older items first).
const orderByQID = `(xsd:integer(STRAFTER(STR(?item), "/entity/Q")))`

func chunk[T any](s []T, n int) [][]T {
	var out [][]T
	for len(s) > 0 {
		k := min(n, len(s))
		out = append(out, s[:k:k])
		s = s[k:]
	}
	return out
}

func termString(t rdf.Term) string {
	if t == nil {
		return ""
	}
	return t.String()
}

func langOf(t rdf.Term) langString {
	ls := langString{value: t.String()}
	if l, ok := t.(rdf.Literal); ok {
		ls.lang = strings.ToLower(l.Lang())
	}
	return ls
}

func checkLimit(limit int) error {
	if limit < 1 || limit > MaxLimit {
		return fmt.Errorf("%w: limit must be between 1 and %d, got %d", ErrInvalid, MaxLimit, limit)
	}
	return nil
}
