package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/answer"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// kindWords are the plural nouns of the kinds the over-the-data tests
// ask for, by type code and language.
var kindWords = map[string]map[string]string{
	"M": {"en": "museums", "de": "Museen", "nl": "musea"},
	"L": {"en": "libraries", "de": "Bibliotheken", "nl": "bibliotheken"},
	"A": {"en": "archives", "de": "Archive", "nl": "archieven"},
}

// kindQuestions are a list, a count, a yes/no question and the first of
// an order about the institutions of a kind (its plural noun) in a
// place, by language.
var kindQuestions = map[string][4]string{
	"en": {"Which %s are in %s?", "How many %s are in %s?", "Are there any %s in %s?", "Which are the oldest %s in %s?"},
	"de": {"Welche %s gibt es in %s?", "Wie viele %s gibt es in %s?", "Gibt es %s in %s?", "Welches sind die ältesten %s in %s?"},
	"nl": {"Welke %s zijn er in %s?", "Hoeveel %s zijn er in %s?", "Zijn er %s in %s?", "Wat zijn de oudste %s in %s?"},
}

// A list, count or yes/no question about one kind of institution in a
// town the data places institutions in, none of that kind, says so: the
// data places none there, with the other kinds it has there; when
// records of the kind in the town's country name no town, the answer is
// not exact and says how many. For a sample of such towns of Great
// Britain, the Netherlands, Germany and other countries, in English,
// German and Dutch. A town that has the kind still gets its list. Before,
// each answer was the closest matches by text, some of them not in the
// town at all.
func TestNoKindInTownOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	type town struct{ country, name string }
	kinds := map[town]map[string]int{}
	open := map[town]map[string]int{}
	for i := range p.Data().Institutions {
		in := &p.Data().Institutions[i]
		for _, tw := range p.Data().Towns(in) {
			k := town{in.Country, tw.Name}
			if kinds[k] == nil {
				kinds[k], open[k] = map[string]int{}, map[string]int{}
			}
			kinds[k][in.TypeCode]++
			if in.IsOpen() {
				open[k][in.TypeCode]++
			}
		}
	}
	byName := map[string]town{}
	twice := map[string]bool{}
	for k := range kinds {
		if _, ok := byName[k.name]; ok {
			twice[k.name] = true
		}
		byName[k.name] = k
	}
	names := everyNth(byName, 18, func(name string, k town) bool {
		return !twice[name] && !strings.ContainsAny(name, "(),/") && len(kinds[k]) > 0
	})
	asked, honest, having, listed := 0, 0, 0, 0
	byCountry := map[string]int{}
	var wrong []string
	for i, name := range names {
		k := byName[name]
		lang := "en"
		switch {
		case k.country == "NL" && i%2 == 0:
			lang = "nl"
		case (k.country == "DE" || k.country == "AT" || k.country == "CH") && i%2 == 0:
			lang = "de"
		}
		others := 0
		for _, n := range open[k] {
			others += n
		}
		for _, code := range []string{"M", "L", "A"} {
			words := kindWords[code][lang]
			if kinds[k][code] > 0 {
				if open[k][code] == 0 || i%2 != 0 {
					continue
				}
				// a town that has the kind: its list
				q := fmt.Sprintf(kindQuestions[lang][0], words, name)
				r := ask(t, p, q)
				if !readAs(r, name, code) {
					continue
				}
				having++
				if r.Answer.Kind == KindSet && len(r.Answer.IDs) > 0 && !strings.Contains(r.Answer.Text, "places no") {
					listed++
				} else {
					wrong = append(wrong, q+": "+r.Answer.Text)
				}
				continue
			}
			if others == 0 {
				continue
			}
			noun := answer.TypeNoun(locale.For(locale.EN), []string{code})
			for shape, form := range kindQuestions[lang] {
				q := fmt.Sprintf(form, words, name)
				r := ask(t, p, q)
				if !readAs(r, name, code) {
					continue
				}
				asked++
				byCountry[k.country]++
				if noneOfKindAnswer(r, noun, name, shape) {
					honest++
				} else {
					wrong = append(wrong, q+": "+r.Answer.Text)
				}
			}
		}
	}
	for i, w := range wrong {
		if i < 15 {
			t.Log(w)
		}
	}
	t.Logf("%d of %d questions about a kind a town has none of answered so (GB %d, NL %d, DE %d, others %d); %d of %d towns with the kind listed",
		honest, asked, byCountry["GB"], byCountry["NL"], byCountry["DE"], asked-byCountry["GB"]-byCountry["NL"]-byCountry["DE"], listed, having)
	require.Greater(t, asked, 300)
	require.Greater(t, having, 50)
	require.GreaterOrEqual(t, float64(honest), 0.95*float64(asked))
	require.GreaterOrEqual(t, float64(listed), 0.95*float64(having))
}

// readAs reports whether the question was read as a list of one kind in
// the town and nothing else: a town whose name is also read otherwise is
// not these tests'.
func readAs(r *Response, town, code string) bool {
	c := r.Plan.Constraints
	return len(c.Places) == 1 && c.Places[0].Name == town && len(c.TypeCodes) == 1 && c.TypeCodes[0] == code &&
		len(c.Names)+len(c.Bodies)+len(c.Subjects) == 0 && len(r.Plan.Unused(plan.UnusedDropped)) == 0
}

// noneOfKindAnswer reports whether the answer to a list (shape 0), count
// (1), yes/no (2) or order (3) question says that the data places no
// institution of the kind in the town: no member, "0" for a count, "No" for a yes/no
// unless the records that name no town leave it open, and not exact
// exactly when it says why.
func noneOfKindAnswer(r *Response, noun, town string, shape int) bool {
	a := r.Answer
	if a.Kind != KindSet || len(a.IDs) > 0 || !strings.Contains(a.Text, "places no "+noun+" in "+town) {
		return false
	}
	if a.Exact == strings.Contains(a.Text, "Not an exact answer") {
		return false
	}
	switch shape {
	case 1:
		return a.Value == "0"
	case 2:
		return a.Exact && strings.HasPrefix(a.Text, "No: ") || !a.Exact && strings.HasPrefix(a.Text, "The data cannot tell")
	}
	return true
}

// Amsterdam, where the data places 2 research centres and 1 archive, and
// Bath and Cornwall, where it places museums only: a list, count or
// yes/no of a kind they have none of says so, in English, Dutch and
// German, and is not exact while records of the kind in the Netherlands
// name no town. A list of a kind the place has, or whose members have
// all closed, is answered as before.
func TestNoneOfKindInPlace(t *testing.T) {
	p := testPipeline(t)
	for q, want := range map[string]struct {
		prefix string
		exact  bool
	}{
		"Which museums are in Amsterdam?":       {"The data places no museum in Amsterdam; it has 3 other institutions there: 2 research centres, 1 archive.", false},
		"Welke musea zijn er in Amsterdam?":     {"The data places no museum in Amsterdam; it has 3 other institutions there: 2 research centres, 1 archive.", false},
		"Welche Museen gibt es in Amsterdam?":   {"The data places no museum in Amsterdam;", false},
		"Are there any libraries in Amsterdam?": {"The data cannot tell: it places no library in Amsterdam;", false},
		"Zijn er musea in Amsterdam?":           {"The data cannot tell: it places no museum in Amsterdam;", false},
		"How many museums are in Amsterdam?":    {"None: the data places no museum in Amsterdam;", false},
		"Is there a library in Bath?":           {"No: the data places no library in Bath; it has", true},
		"Gibt es Bibliotheken in Bath?":         {"No: the data places no library in Bath; it has", true},
		"Which archives are in Cornwall?":       {"The data places no archive in Cornwall; it has", true},
		"How many libraries are in Cornwall?":   {"None: the data places no library in Cornwall; it has", true},
	} {
		r := ask(t, p, q)
		require.Equal(t, KindSet, r.Answer.Kind, "%s: %s", q, r.Answer.Text)
		require.Empty(t, r.Answer.IDs, "%s: %s", q, r.Answer.Text)
		require.True(t, strings.HasPrefix(r.Answer.Text, want.prefix), "%s: %s", q, r.Answer.Text)
		require.Equal(t, want.exact, r.Answer.Exact, "%s: %s", q, r.Answer.Text)
		if !want.exact {
			require.Contains(t, r.Answer.Text, "in the Netherlands name no town, and some may be in Amsterdam", q)
		}
		if r.Plan.Frame == plan.FrameCount {
			require.Equal(t, "0", r.Answer.Value, q)
		}
	}
	// named after the town, placed nowhere: mentioned, not listed
	r := ask(t, p, "Which museums are in Amsterdam?")
	require.Contains(t, r.Answer.Text, "Named after Amsterdam, with no town in its record: Verzetsmuseum Amsterdam")
	r = ask(t, p, "Which archives are in Amsterdam?")
	require.True(t, strings.HasPrefix(r.Answer.Text, "1 archive: International Association of Sound and Audiovisual Archives"), r.Answer.Text)
	r = ask(t, p, "Which museums are in Milton Abbas?")
	require.True(t, strings.HasPrefix(r.Answer.Text, "No museum in Milton Abbas is open according to the data; 2 have closed"), r.Answer.Text)
}

// A list by subject in a country whose records state no subjects (German,
// Dutch) says the data cannot tell, not exact, and names the records
// whose names carry a word of the subject: it gave the closest matches by
// text ("Which museums in Germany are about railways?": Detlefsenmuseum,
// Breuberg-Museum …) as if nothing matched.
func TestNoSubjectsRecorded(t *testing.T) {
	p := testPipeline(t)
	checked := 0
	for _, place := range []string{"Germany", "the Netherlands"} {
		for _, kind := range []string{"museums", "libraries"} {
			for _, topic := range []string{"railways", "aviation", "mining", "music", "toys", "ships", "clocks"} {
				q := fmt.Sprintf("Which %s in %s are about %s?", kind, place, topic)
				r := ask(t, p, q)
				if len(r.Plan.Constraints.Subjects) == 0 {
					continue // the topic not read as a subject: not this test's
				}
				require.Contains(t, r.Answer.Text, "records no subjects", q)
				require.False(t, r.Answer.Exact, q)
				checked++
			}
		}
	}
	require.Greater(t, checked, 20)
	r := ask(t, p, "Which museums in Germany are about railways?")
	require.Contains(t, r.Answer.Text, "name it: Eisenbahn")
	t.Logf("%d questions checked", checked)
}
