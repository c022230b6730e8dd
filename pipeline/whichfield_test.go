package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// "Which town is Beamish in?" asks what "What town is Beamish in?" asks:
// one field of one institution, not a list of the institutions in a town
// called Beamish. Over every record with a name of its own that is the
// name of a town of the data and every 32nd other record, the two
// questions get the same answer, for the town, county, region and
// country in turn.
func TestWhichFieldIsOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	shapes := []string{"%s %s is %s in?", "%s %s is %s located in?", "%s %s was %s in?", "%s %s is %s in?"}
	fields := []string{"town", "county", "region", "country"}
	towns := map[string]bool{}
	for i := range p.Data().Institutions {
		towns[p.Data().Institutions[i].City] = true
	}
	tl := askedAlike(t, p, func(i int, in *heritage.Institution) bool { return towns[in.Name] || i%32 == 0 },
		func(k int, name string) (string, string) {
			shape, f := shapes[k%len(shapes)], fields[(k/len(shapes))%len(fields)]
			return fmt.Sprintf(shape, "Which", f, name), fmt.Sprintf(shape, "What", f, name)
		})
	tl.require(t, "'Which <field> is X in?' answer as 'What <field> is X in?'", 400, 100)
}

// A question asked inside a sentence ("Do you know when X opened?",
// "Can you tell me where X is?", "Weißt du, wann X eröffnet wurde?")
// asks what the question alone asks: "Do you know …" had been read as a
// yes/no question ("Yes: X is open"), and "where X is", with the verb
// last, as no field. Over every 32nd record with a name of its own, in
// English, German and Dutch.
func TestEmbeddedQuestionsOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	pairs := [][2]string{
		{"Do you know when %s opened?", "When did %s open?"},
		{"Do you know where %s is?", "Where is %s?"},
		{"Can you tell me where %s is?", "Where is %s?"},
		{"I'd like to know when %s opened.", "When did %s open?"},
		{"Weißt du, wann %s eröffnet wurde?", "Wann wurde %s eröffnet?"},
		{"Weißt du, wo %s liegt?", "Wo liegt %s?"},
		{"Weet u wanneer %s geopend werd?", "Wanneer werd %s geopend?"},
		{"Weet je waar %s ligt?", "Waar ligt %s?"},
	}
	tl := askedAlike(t, p, func(i int, _ *heritage.Institution) bool { return i%32 == 0 },
		func(k int, name string) (string, string) {
			pair := pairs[k%len(pairs)]
			return fmt.Sprintf(pair[0], name), fmt.Sprintf(pair[1], name)
		})
	tl.require(t, "questions asked inside a sentence answer as the question alone", 300, 100)
}

// askedAlike asks, of every record with a name of its own (no brackets,
// commas or quotes) that keep takes, the two questions form gives for
// the k-th record asked: q and the question it should answer alike. A
// record whose name the second question does not read as that record is
// passed over. It counts a question right when both get the same answer
// text.
func askedAlike(t *testing.T, p *Pipeline, keep func(int, *heritage.Institution) bool, form func(k int, name string) (q, alike string)) *tally {
	t.Helper()
	names := nameCounts(p)
	var tl tally
	for i := range p.Data().Institutions {
		in := &p.Data().Institutions[i]
		if names[in.Name] != 1 || strings.ContainsAny(in.Name, "(),'\"/?") || !keep(i, in) {
			continue
		}
		q, alike := form(tl.asked, in.Name)
		want := ask(t, p, alike)
		if len(want.Answer.IDs) == 0 || want.Answer.IDs[0] != in.ID {
			continue // a name the router reads otherwise is not this test's
		}
		got := ask(t, p, q)
		tl.add(got.Answer.Text == want.Answer.Text, fmt.Sprintf("%s → %.100s (alike: %.100s)", q, got.Answer.Text, want.Answer.Text))
	}
	return &tl
}

// "Was X ever open?" asks whether X opened at all: a closed institution
// was ("No: X is closed" had answered whether it is open now). "Does X
// have a shop?", "Is X free?" and "Does X have a phone number?" ask for
// what the data records of no institution: it cannot say, where it had
// answered best matches or "No". Over every 40th record with a name of
// its own.
func TestEverOpenAndUnrecordedOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	names := nameCounts(p)
	var tl tally
	for i := 0; i < len(p.Data().Institutions); i += 40 {
		in := &p.Data().Institutions[i]
		if names[in.Name] != 1 || strings.ContainsAny(in.Name, "(),'\"/?") || strings.Contains(in.Name, " oder ") {
			continue
		}
		if r := ask(t, p, fmt.Sprintf("When did %s open?", in.Name)); len(r.Answer.IDs) == 0 || r.Answer.IDs[0] != in.ID {
			continue // a name the router reads otherwise is not this test's
		}
		q := []string{"Was %s ever open?", "Does %s have a shop?", "Is %s free?", "Does %s have a phone number?"}[tl.asked%4]
		q = fmt.Sprintf(q, in.Name)
		r := ask(t, p, q)
		ok := len(r.Answer.IDs) > 0 && r.Answer.IDs[0] == in.ID
		if strings.HasPrefix(q, "Was ") {
			ok = ok && r.Answer.Value == "yes" && r.Answer.Exact
		} else {
			// a yes/no that cannot say, or the field the data records for none
			ok = ok && r.Answer.Value == "" && (strings.HasPrefix(r.Answer.Text, "The data does not record") ||
				strings.HasPrefix(r.Answer.Text, "The data records no"))
		}
		tl.add(ok, fmt.Sprintf("%s → %.120s", q, r.Answer.Text))
	}
	tl.require(t, "right", 200, 100)
}

// "What objects does X have?", "What does X hold?" and "What kind of
// items does X have?" ask what X collects, as "What collections does X
// hold?" does; they had been answered with X's type, or best matches.
// Over every 30th record with a name of its own.
func TestHoldingsAskedOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	shapes := []string{"What objects does %s have?", "What does %s hold?", "What kind of items does %s have?", "What is on display at %s?"}
	tl := askedAlike(t, p, func(i int, _ *heritage.Institution) bool { return i%30 == 0 }, func(k int, name string) (string, string) {
		return fmt.Sprintf(shapes[k%len(shapes)], name), fmt.Sprintf("What collections does %s hold?", name)
	})
	tl.require(t, "questions for what an institution holds answer like its collections", 200, 95)
}

// Ways of asking where one institution is, and whether it is open, that
// had gone wrong: "What country is Deutsches Museum in?" read "Deutsches
// Museum in" as Deutsches Museum Bonn; "Where can I find the Horniman
// Museum?" was a list of places to go; "Is X still operating?" and "Is X
// open to the public?" were not exact for a word the data "does not
// record". Over every 25th record with a name of its own, each answers
// like the plain form.
func TestWhereAndOpenAskedOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	shapes := [][2]string{
		{"What country is %s in?", "In which country is %s?"},
		{"Which town is %s located in?", "Where is %s?"},
		{"Where can I find %s?", "Where is %s?"},
		{"Where do I find %s?", "Where is %s?"},
		{"Is %s still operating?", "Is %s still open?"},
		{"Is %s open to the public?", "Is %s open?"},
	}
	tl := askedAlike(t, p, func(i int, _ *heritage.Institution) bool { return i%25 == 0 }, func(k int, name string) (string, string) {
		sh := shapes[k%len(shapes)]
		return fmt.Sprintf(sh[0], name), fmt.Sprintf(sh[1], name)
	})
	tl.require(t, "questions of where and whether open answer like the plain form", 300, 95)
}
