package sparql_test

import (
	"fmt"

	"github.com/hybridrag/hybridrag/sparql"
)

func ExampleNew() {
	c, err := sparql.New("https://query.wikidata.org/sparql",
		sparql.WithVersion("1.4.0"),
		sparql.WithLanguages("en", "de", "nl"),
		sparql.WithBatchSize(200),
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	fmt.Println(c.UserAgent())
	// Output: hybridrag/1.4.0 (+https://github.com/hybridrag/hybridrag)
}

func ExampleNew_invalid() {
	_, err := sparql.New("https://query.wikidata.org/sparql", sparql.WithMaxConcurrent(20))
	fmt.Println(err)
	// Output: sparql: invalid input: concurrency must be between 1 and 5, got 20
}
