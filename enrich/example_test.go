package enrich_test

import (
	"fmt"

	"github.com/hybridrag/hybridrag/enrich"
)

func ExampleGuessMapping() {
	m := enrich.GuessMapping([]string{"Naam", "Plaats", "ISIL-code", "Wikidata ID", "opmerking"})
	fmt.Println(m)
	// Output: name="Naam" city="Plaats" isil="ISIL-code" qid="Wikidata ID"
}
