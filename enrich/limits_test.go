package enrich

import (
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
)

// Rows over the limits on records are error rows naming the line and the
// column; the rows around them are read.
func TestRowLimits(t *testing.T) {
	word := func(n int) string { return strings.Repeat("y", n) }
	jsonl := `{"name":"Museum of Tin"}` + "\n" +
		`{"name":"` + word(heritage.MaxFieldBytes+1) + `"}` + "\n" +
		`{"name":"` + word(2<<20) + `"}` + "\n" +
		`{"name":"` + word(heritage.MaxFieldBytes) + `","city":"Redruth"}` + "\n"
	csvData := "name,city,notes\n" +
		"Museum of Tin,Redruth,\n" +
		word(heritage.MaxFieldBytes+1) + ",Redruth,\n" +
		"Tin Hall,Redruth," + strings.Repeat(word(heritage.MaxFieldBytes)+" ", 9) + "\n" +
		word(heritage.MaxFieldBytes) + ",Redruth,\n"
	csvSrc, err := newCSVSource(strings.NewReader(csvData), ',')
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		src  source
		want []string // each row's error, "" for none
	}{
		"jsonl": {newJSONLSource(strings.NewReader(jsonl)), []string{"", `line 2: column "name" is 32.0 KiB`, "line 3: line longer than 256 KiB", ""}},
		"csv":   {csvSrc, []string{"", `line 3: column "name" is 32.0 KiB`, `line 4: column "notes" is 288.0 KiB`, ""}},
	} {
		var got []string
		for {
			rec, err := c.src.next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			got = append(got, rec.err)
			if rec.err != "" {
				got[len(got)-1] = "line " + strconv.Itoa(rec.line) + ": " + rec.err
			}
		}
		if len(got) != len(c.want) {
			t.Fatalf("%s: rows %q", name, got)
		}
		for i, w := range c.want {
			if w == "" && got[i] != "" || !strings.HasPrefix(got[i], w) {
				t.Errorf("%s: row %d: %q, want %q…", name, i+1, got[i], w)
			}
		}
	}
}
