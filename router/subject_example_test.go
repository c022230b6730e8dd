package router_test

import (
	"fmt"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/router"
)

// Subjects are read in English, Dutch and German, from compounds, and
// exactly when a dataset term is written out.
func ExampleRouter_Route_subjects() {
	ds, err := heritage.Embedded()
	if err != nil {
		panic(err)
	}
	r := router.New(ds)
	for _, q := range []string{
		"Welche Spielzeugmuseen gibt es in Kent?",
		"Welke musea hebben collecties over kastelen en forten?",
		"Which museums have the subject classification 'Transport / Aviation'?",
		"Which aviation museums are in Kent?",
	} {
		fmt.Println(r.Route(q).Constraints.Subjects)
	}
	// Output:
	// [Leisure and sport / Toys and models]
	// [War and conflict / Castles and forts]
	// [Transport / Aviation]
	// [Transport / Aviation War and conflict / Airforce]
}
