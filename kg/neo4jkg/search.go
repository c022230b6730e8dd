package neo4jkg

import (
	"context"
	"strings"
	"unicode"
)

// NameHit is one institution found by SearchNames.
type NameHit struct {
	ID    string  `json:"id"`
	Name  string  `json:"name"`
	Score float64 `json:"score"` // Lucene relevance, higher is better
}

const qSearchNames = `CALL db.index.fulltext.queryNodes('hybridrag_institution_names', $q, {limit: $limit})
YIELD node, score
RETURN node.id AS id, node.name AS name, score
ORDER BY score DESC, id`

// SearchNames finds institutions whose name or alternative name contains
// the words of text (any of them; more matches rank higher), best first,
// at most limit. The words are reduced to letters and digits before they
// reach the index, so text cannot carry Lucene query syntax.
func (s *Store) SearchNames(ctx context.Context, text string, limit int) ([]NameHit, error) {
	q := luceneTerms(text)
	if q == "" || limit <= 0 {
		return nil, ctx.Err()
	}
	recs, err := s.read(ctx, "search names", qSearchNames, map[string]any{"q": q, "limit": limit})
	if err != nil || len(recs) == 0 {
		return nil, err
	}
	out := make([]NameHit, 0, len(recs))
	for _, r := range recs {
		v, _ := r.Get("score")
		score, _ := v.(float64)
		out = append(out, NameHit{ID: str(r, "id"), Name: str(r, "name"), Score: score})
	}
	return out, nil
}

// maxTerms bounds the words of one search (Lucene refuses queries of more
// than 1024 clauses).
const maxTerms = 64

// luceneTerms keeps the distinct words of text (runs of letters and
// digits), lower case so that AND, OR and NOT are plain words, at most
// maxTerms of them, joined by spaces.
func luceneTerms(text string) string {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	out := words[:0]
	seen := map[string]bool{}
	for _, w := range words {
		if !seen[w] && len(out) < maxTerms {
			seen[w] = true
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}
