package enrich

import (
	"encoding/csv"
	"io"
	"math/rand/v2"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/heritage"
)

// genRow is one generated input row and the record it was built from.
type genRow struct {
	Want                                        string // the record id
	Name, City, Country, ISIL, QID, Type, Postc string
}

// genKind selects the rows a generator writes.
type genKind int

const (
	genMixed    genKind = iota // 20% identifier-only rows, the rest noisy names
	genIDOnly                  // ISIL or QID only
	genNameOnly                // noisy names with hints
)

// generateRows builds n rows from the dataset with realistic noise: case
// changes, dropped diacritics, swapped words, one-letter typos, missing
// cities, and (genMixed) identifier-only rows. The same seed gives the
// same rows.
func generateRows(ds *heritage.Dataset, n int, kind genKind, seed uint64) []genRow {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var withID []*heritage.Institution
	for i := range ds.Institutions {
		if in := &ds.Institutions[i]; in.ISIL != "" || in.Wikidata != "" {
			withID = append(withID, in)
		}
	}
	rows := make([]genRow, 0, n)
	for len(rows) < n {
		idRow := kind == genIDOnly || (kind == genMixed && rng.IntN(5) == 0)
		if idRow {
			in := withID[rng.IntN(len(withID))]
			r := genRow{Want: in.ID}
			if in.ISIL != "" && (in.Wikidata == "" || rng.IntN(2) == 0) {
				r.ISIL = in.ISIL
			} else {
				r.QID = in.Wikidata
			}
			rows = append(rows, r)
			continue
		}
		in := &ds.Institutions[rng.IntN(len(ds.Institutions))]
		r := genRow{Want: in.ID, Name: noisyName(rng, in.Name), Country: in.Country}
		if in.City != "" && rng.IntN(4) != 0 {
			r.City = in.City
		}
		if rng.IntN(3) == 0 {
			r.Type = strings.ToLower(in.Type)
		}
		if in.Postcode() != "" && rng.IntN(5) == 0 {
			r.Postc = in.Postcode()
		}
		rows = append(rows, r)
	}
	return rows
}

func noisyName(rng *rand.Rand, name string) string {
	s := name
	switch rng.IntN(3) {
	case 0:
		s = strings.ToLower(s)
	case 1:
		s = strings.ToUpper(s)
	}
	if rng.IntN(2) == 0 {
		s = stripDiacritics(s)
	}
	if rng.IntN(6) == 0 {
		if w := strings.Fields(s); len(w) >= 2 {
			k := rng.IntN(len(w) - 1)
			w[k], w[k+1] = w[k+1], w[k]
			s = strings.Join(w, " ")
		}
	}
	if rng.IntN(3) == 0 {
		s = typo(rng, s)
	}
	return s
}

var diacritics = strings.NewReplacer(
	"ä", "a", "ö", "o", "ü", "u", "Ä", "A", "Ö", "O", "Ü", "U", "ß", "ss", "é", "e", "è", "e", "ê", "e",
	"á", "a", "à", "a", "â", "a", "í", "i", "ó", "o", "ô", "o", "ú", "u", "ç", "c", "ñ", "n", "ř", "r",
	"š", "s", "č", "c", "ž", "z", "ý", "y", "ě", "e", "å", "a", "ø", "o", "É", "E",
)

func stripDiacritics(s string) string { return diacritics.Replace(s) }

// typo changes one letter: substitution, deletion, insertion or
// transposition, never in the first letter.
func typo(rng *rand.Rand, s string) string {
	r := []rune(s)
	var letters []int
	for i, c := range r {
		if i > 0 && unicode.IsLetter(c) {
			letters = append(letters, i)
		}
	}
	if len(letters) < 4 {
		return s
	}
	i := letters[rng.IntN(len(letters))]
	c := rune('a' + rng.IntN(26))
	switch rng.IntN(4) {
	case 0:
		r[i] = c
	case 1:
		r = append(r[:i], r[i+1:]...)
	case 2:
		r = append(r[:i], append([]rune{c}, r[i:]...)...)
	default:
		if i+1 < len(r) {
			r[i], r[i+1] = r[i+1], r[i]
		}
	}
	out := string(r)
	if !utf8.ValidString(out) {
		return s
	}
	return out
}

func writeGenCSV(w io.Writer, rows []genRow) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"name", "city", "country", "isil", "wikidata", "type", "postcode"}); err != nil {
		return err
	}
	for _, r := range rows {
		if err := cw.Write([]string{r.Name, r.City, r.Country, r.ISIL, r.QID, r.Type, r.Postc}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
