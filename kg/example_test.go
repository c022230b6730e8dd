package kg_test

import (
	"fmt"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
)

func Example() {
	ds, err := heritage.Embedded()
	if err != nil {
		panic(err)
	}
	g := kg.New(ds)

	fmt.Println(g.Lookup("isil", "de-mus-165513"))
	for _, m := range g.Members("National Museums Scotland", "part_of", 0) {
		fmt.Println(m.ID, m.Relation, m.SourceField)
	}
	// "Which accredited regimental museums are in Scotland?"
	fmt.Println(len(g.Select(plan.Constraints{
		TypeCodes:     []string{"M"},
		Accreditation: "Accredited",
		Subjects:      []string{"War and conflict / Regiment"},
		Places:        []plan.Place{{Name: "Scotland", Level: plan.LevelRegion}},
		Status:        "open",
	}, 0)))
	// Output:
	// [wd:Q877252]
	// mm:mm.domus.SC277 part_of Notes
	// mm:mm.domus.SC280 part_of Notes
	// mm:mm.domus.SC281 part_of Notes
	// 7
}
