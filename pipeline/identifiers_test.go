package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// Every identifier field the records hold is answered, in English, Dutch
// and German: for up to 60 records with a unique name that hold it,
// spread over the data, "What is the <scheme> of X?" gives the record's
// value.
func TestEveryIdentifierFieldOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	names := map[string]int{}
	for i := range p.Data().Institutions {
		names[strings.ToLower(p.Data().Institutions[i].Name)]++
	}
	schemes := []struct {
		words []string // how English, Dutch and German ask for it
		value func(*heritage.Institution) string
	}{
		{[]string{"What is the ROR id of %s?", "Wat is de ROR-id van %s?", "Wie lautet die ROR-ID von %s?"}, func(in *heritage.Institution) string { return in.ROR() }},
		{[]string{"What is the ISNI of %s?", "Wat is de ISNI van %s?", "Wie lautet die ISNI von %s?"}, func(in *heritage.Institution) string { return in.ISNI() }},
		{[]string{"What is the GRID id of %s?", "Wat is de GRID-id van %s?", "Wie lautet die GRID-ID von %s?"}, func(in *heritage.Institution) string { return in.GRID() }},
		{[]string{"What is the Funder ID of %s?", "Wat is de funder id van %s?", "Wie lautet die Funder-ID von %s?"}, func(in *heritage.Institution) string { return in.FundRef() }},
		{[]string{"What is the DBS number of %s?", "Wat is het DBS-nummer van %s?", "Welche DBS-Nummer hat %s?"}, func(in *heritage.Institution) string { return strings.Join(in.Identifiers.DBS, ", ") }},
		{[]string{"What is the Mapping Museums id of %s?", "Wat is de Mapping Museums id van %s?", "Wie lautet die Mapping-Museums-ID von %s?"}, func(in *heritage.Institution) string { return in.MappingMuseums() }},
		{[]string{"What is the DOMUS number of %s?", "Wat is het DOMUS-nummer van %s?", "Wie lautet die DOMUS-Nummer von %s?"}, func(in *heritage.Institution) string { return in.Domus() }},
	}
	for _, sc := range schemes {
		var holders []*heritage.Institution
		for i := range p.Data().Institutions {
			in := &p.Data().Institutions[i]
			if sc.value(in) != "" && names[strings.ToLower(in.Name)] == 1 && !strings.ContainsAny(in.Name, "?:") {
				holders = append(holders, in)
			}
		}
		step := max(1, (len(holders)+59)/60)
		asked, right := 0, 0
		for k := 0; k < len(holders); k += step {
			in, v := holders[k], sc.value(holders[k])
			for _, w := range sc.words {
				q := fmt.Sprintf(w, in.Name)
				asked++
				got := ask(t, p, q)
				if got.Answer.Value == v && strings.Contains(got.Answer.Text, v) {
					right++
				} else if asked-right <= 5 {
					t.Logf("%s → %s (want %s)", q, got.Answer.Text, v)
				}
			}
		}
		t.Logf("%s: %d of %d right", sc.words[0], right, asked)
		require.Positive(t, asked)
		require.GreaterOrEqual(t, right, asked*95/100, sc.words[0])
	}
}
