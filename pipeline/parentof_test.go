package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// "What is X part of?" asks for the organisation X belongs to, whether X
// is an institution of the data or an organisation it names only as
// others' ("What is the Ironbridge Gorge Museums Trust part of?"). Such
// questions had listed X's members, called exact; a name holding
// "Museums" ("What is National Museums Scotland part of?") was read as a
// question for members too. For every organisation that two
// records or more are part of or run by, in three shapes: a record of it
// is answered with its parent organisation; of one without a record the
// answer says the data holds none, and is not exact.
func TestParentOfOrganisationsOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	members := map[string]int{}
	for i := range p.Data().Institutions {
		for _, m := range p.Data().Institutions[i].MemberOf() {
			if m.Relation == heritage.RelPartOf || m.Relation == heritage.RelOperatedBy {
				members[m.Name]++
			}
		}
	}
	shapes := []string{"What is %s part of?", "Which organisation is %s part of?", "Who does %s belong to?"}
	var tl tally
	for k, body := range everyNth(members, 1, func(name string, n int) bool { return n >= 2 && !strings.ContainsAny(name, "()?") }) {
		q := fmt.Sprintf(shapes[k%len(shapes)], body)
		r := ask(t, p, q)
		a := r.Answer
		field := a.Kind == KindField && a.Field == "member_of"
		unrecorded := strings.HasPrefix(a.Text, "The data holds no record of "+body+" itself") && !a.Exact
		tl.add(field || unrecorded, fmt.Sprintf("%s → %.160s", q, a.Text))
	}
	tl.require(t, "questions for an organisation's parent", 50, 95)
}
