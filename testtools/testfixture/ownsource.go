package testfixture

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
)

// syllables make the invented words of generated records: no bundled
// record is named with them.
var syllables = []string{"ka", "lo", "mi", "ren", "tu", "vos", "bel", "dra", "fen", "gil", "hor", "jun", "quo", "zan", "pel", "wix"}

// Word is the i-th invented word: three syllables, capitalised
// ("Kalomi"), a different one for every i below 4096.
func Word(i int) string {
	n := len(syllables)
	w := syllables[i%n] + syllables[(i/n)%n] + syllables[(i/n/n)%n]
	return strings.ToUpper(w[:1]) + w[1:]
}

// OwnRecord is the i-th generated record of a user's source ns, in
// revision rev (a later revision changes the description and the year
// it opened): a museum with an invented name and town, an ISIL
// "XQ-<NS>-<i>" and, when link is not empty, a part_of relation to
// link (an identifier of a bundled record, resolved by the loader) on
// every tenth record. It carries no licence or tier: the source's apply.
func OwnRecord(ns string, i, rev int, link string) heritage.Institution {
	in := heritage.Institution{
		ID:          fmt.Sprintf("%s:%d", ns, i),
		Name:        Word(i) + " Heritage House",
		Type:        "MUSEUM",
		Country:     "GB",
		City:        "Port " + Word(i/10+2000),
		ISIL:        fmt.Sprintf("XQ-%s-%d", strings.ToUpper(ns), i),
		Description: fmt.Sprintf("A museum of %s crafts, revision %d.", Word(i+3000), rev),
	}
	in.SetText(heritage.FieldYearOpened, fmt.Sprint(1900+i%100+rev))
	if link != "" && i%10 == 0 {
		in.SetMemberOf([]heritage.Membership{{Name: "Linked body", Relation: heritage.RelPartOf, ID: link}})
	}
	return in
}

// OwnJSONL writes records as JSON Lines.
func OwnJSONL(tb testing.TB, recs []heritage.Institution) []byte {
	tb.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for i := range recs {
		if err := enc.Encode(&recs[i]); err != nil {
			tb.Fatal(err)
		}
	}
	return b.Bytes()
}

// OwnCSV writes records as CSV with the columns a user's spreadsheet
// would have: "Ref" (the local id; map it to id), "Name", "Type",
// "Country", "Town" (map it to city), "ISIL", "Description",
// "Year opened", "Body" (map it to member_of.name) and "Part of" (map it
// to member_of.id).
func OwnCSV(tb testing.TB, recs []heritage.Institution) []byte {
	tb.Helper()
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write([]string{"Ref", "Name", "Type", "Country", "Town", "ISIL", "Description", "Year opened", "Body", "Part of"})
	for _, in := range recs {
		_, local, _ := strings.Cut(in.ID, ":")
		body, part := "", ""
		if len(in.MemberOf()) > 0 {
			body, part = in.MemberOf()[0].Name, in.MemberOf()[0].ID
		}
		_ = w.Write([]string{local, in.Name, in.Type, in.Country, in.City, in.ISIL, in.Description, in.YearOpened(), body, part})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// Edited is base edited as a source update edits the composed data:
// record i dropped when drop(i), replaced by a changed copy (new
// description, no city) when change(i), and followed by a new record
// (an id and a name of its own) when add(i); with move, the last record
// goes first. from[k] is the base record that record k is unchanged, -1
// for changed and new ones (see vector.Index.Derive).
func Edited(tb testing.TB, base *heritage.Dataset, drop, change, add func(i int) bool, move bool) (ds *heritage.Dataset, from []int) {
	tb.Helper()
	var recs []heritage.Institution
	for i, in := range base.Institutions {
		switch {
		case drop(i):
			continue
		case change(i):
			in.Description, in.City = "Zwyxqor collection of "+in.Name, ""
			recs, from = append(recs, in), append(from, -1)
		default:
			recs, from = append(recs, in), append(from, i)
		}
		if add(i) {
			c := in
			c.ID, c.Name = in.ID+"-new", "Qwyzzle House of "+in.Name
			recs, from = append(recs, c), append(from, -1)
		}
	}
	if move {
		recs = append(recs[len(recs)-1:], recs[:len(recs)-1]...)
		from = append(from[len(from)-1:], from[:len(from)-1]...)
	}
	ds, err := heritage.FromRecords(recs, "edited")
	if err != nil {
		tb.Fatal(err)
	}
	return ds, from
}
