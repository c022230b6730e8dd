package gen

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/hybridrag/hybridrag/plan"
)

// Made-up identifiers, names and subjects, each checked against the data
// so that nothing in it answers them.

const digits = "0123456789"

func randString(r *rand.Rand, alphabet string, n int) string {
	var b strings.Builder
	for range n {
		b.WriteByte(alphabet[r.IntN(len(alphabet))])
	}
	return b.String()
}

// absentISIL makes an ISIL of a real shape that no record has.
func (x *index) absentISIL(r *rand.Rand) string {
	for {
		var s string
		switch r.IntN(4) {
		case 0:
			s = "DE-MUS-" + randString(r, digits, 6)
		case 1:
			s = "NL-" + randString(r, digits, 10)
		case 2:
			s = "DE-" + randString(r, "ABCDEFGHKLMNPRSTW", 1) + randString(r, "abcdefghiklmnoprstuwz", 2) + randString(r, digits, 1)
		default:
			s = "GB-" + randString(r, "ABCDEFGHKLMNPRSTUW", 4) + randString(r, digits, 2)
		}
		if x.isils[strings.ToUpper(s)] == 0 {
			return s
		}
	}
}

func (x *index) absentQID(r *rand.Rand) string {
	for {
		s := "Q" + randString(r, "123456789", 1) + randString(r, digits, 5+r.IntN(4))
		if x.qids[s] == 0 {
			return s
		}
	}
}

func (x *index) absentGND(r *rand.Rand) string {
	for {
		s := randString(r, "123456789", 1) + randString(r, digits, 5+r.IntN(3)) + "-" + randString(r, digits, 1)
		if x.gnds[s] == 0 {
			return s
		}
	}
}

func (x *index) absentGHCID(r *rand.Rand) string {
	for {
		s := pick(r, []string{"NL-NH-AMS", "DE-BY-MUC", "GB-ENG-YRK", "DE-NW-KOE", "NL-ZH-DHA"}) + "-" +
			pick(r, []string{"M", "L", "A"}) + "-" + randString(r, "ABCDEFGHIKLMNOPRSTUWZ", 4+r.IntN(2))
		if x.ghcids[s] == 0 {
			return s
		}
	}
}

func (x *index) absentROR(r *rand.Rand) string {
	const crockford = "0123456789abcdefghjkmnpqrstvwxyz"
	for {
		s := "0" + randString(r, crockford, 6) + randString(r, digits, 2)
		if x.rors[s] == 0 {
			return s
		}
	}
}

// absentName makes a plausible institution name that no record carries.
func (x *index) absentName(r *rand.Rand) string {
	for {
		var s string
		switch r.IntN(4) {
		case 0:
			s = fmt.Sprintf("%s %s Museum", pick(r, fakeTowns), pick(r, fakeTopics))
		case 1:
			s = fmt.Sprintf("Museum of %s %s", pick(r, fakeTopics), pick(r, fakeTowns))
		case 2:
			s = fmt.Sprintf("%s%s %s", pick(r, []string{"Stadt", "Heimat", "Kreis", "Spielzeug", "Glas", "Uhren"}), pick(r, []string{"museum", "archiv", "bibliothek"}), pick(r, fakeTownsDE))
		default:
			s = fmt.Sprintf("%s %s", pick(r, []string{"Streekmuseum", "Gemeentearchief", "Oudheidkamer", "Bibliotheek"}), pick(r, fakeTownsNL))
		}
		if len(x.anyName[fold(s)]) == 0 {
			return s
		}
	}
}

var (
	fakeTowns   = []string{"Little Snoring", "Upper Wyvern", "Marsham Cross", "Thornbury Fells", "Kelsford", "Ashcombe Regis", "Brindlemoor"}
	fakeTopics  = []string{"Umbrella", "Typewriter", "Hedgehog", "Marmalade", "Barometer", "Kite", "Button", "Teapot"}
	fakeTownsDE = []string{"Unterwaldbach", "Kleinhohenstein", "Rotenfels am See", "Oberweidenau", "Ebersgrund"}
	fakeTownsNL = []string{"Oosterwaarde", "Hoogvliet aan de Maas", "Kleindorp", "Westerbroek-Noord", "Zandhoven"}
)

// offTopic are questions about nothing in the data.
var offTopic = []struct{ lang, q string }{
	{LangEN, "What's the weather in Amsterdam tomorrow?"},
	{LangEN, "Who won the football match between Ajax and PSV last night?"},
	{LangEN, "How do I bake sourdough bread?"},
	{LangEN, "What is the capital of Australia?"},
	{LangEN, "Can you recommend a good hotel in Berlin?"},
	{LangEN, "How many calories are in a banana?"},
	{LangEN, "What time does the train from London to Leeds leave?"},
	{LangEN, "Translate 'good morning' into Spanish."},
	{LangEN, "What is the exchange rate of the euro to the pound?"},
	{LangNL, "Wat voor weer wordt het morgen in Utrecht?"},
	{LangNL, "Hoe laat gaat de laatste trein naar Groningen?"},
	{LangNL, "Wie heeft het songfestival gewonnen?"},
	{LangDE, "Wie wird das Wetter morgen in München?"},
	{LangDE, "Wann fährt der nächste Bus nach Hamburg?"},
	{LangDE, "Wie koche ich Spargel richtig?"},
}

// absentTopics are subjects no record mentions (checked against names,
// descriptions, subjects and collections).
var absentTopics = []struct{ en, nl, de string }{
	{"whisky", "whisky", "Whisky"},
	{"sushi", "sushi", "Sushi"},
	{"skateboarding", "skateboarden", "Skateboard"},
	{"karaoke", "karaoke", "Karaoke"},
	{"origami", "origami", "Origami"},
	{"bitcoin", "bitcoin", "Bitcoin"},
	{"yoga", "yoga", "Yoga"},
	{"tattoo", "tatoeage", "Tattoo"},
	{"video game", "videogame", "Videospiel"},
	{"perfume bottle", "parfumflesjes", "Parfümflakon"},
}

// mentioned reports whether any record's text mentions the word.
func (b *qbuilder) mentioned(word string) bool {
	if b.texts == nil {
		b.texts = make([]string, len(b.x.recs))
		for i, in := range b.x.recs {
			parts := []string{in.Name, in.Description, in.Notes(), strings.Join(in.Subjects, " ")}
			for _, a := range in.AltNames() {
				parts = append(parts, a.Name)
			}
			for _, c := range in.Collections {
				parts = append(parts, c.Name, c.Subject)
			}
			b.texts[i] = strings.ToLower(strings.Join(parts, " "))
		}
	}
	w := strings.ToLower(word)
	for _, t := range b.texts {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
}

// honesty asks what nothing in the data answers: the gold is no
// institution and no answer.
func honesty(b *qbuilder, quota int) {
	share := func(w int) int { return max(1, (quota*w+80)/160) }
	none := func(frame string, intent plan.Intent, ps para, protect string, vars ...string) draft {
		return draft{frame: frame, intent: intent, paras: ps, vars: vars, protect: []string{protect},
			notes: "Rule: nothing in the data matches; the answer should say so."}
	}
	type idKind struct {
		frame string
		make  func(*rand.Rand) string
		paras para
	}
	kinds := []idKind{
		{"honesty_unknown_isil", b.x.absentISIL, isilLookup},
		{"honesty_unknown_qid", b.x.absentQID, qidLookup},
		{"honesty_unknown_gnd", b.x.absentGND, gndLookup},
		{"honesty_unknown_ghcid", b.x.absentGHCID, para{
			LangEN: {"Which institution has GHCID {id}?", "What is {id}?", "Which heritage institution is {id}?", "=GHCID {id}"},
			LangNL: {"Welke instelling heeft GHCID {id}?", "Welke erfgoedinstelling is {id}?"},
			LangDE: {"Welche Einrichtung hat die GHCID {id}?", "Welche Kultureinrichtung ist {id}?"},
		}},
		{"honesty_unknown_ror", b.x.absentROR, para{
			LangEN: {"Which institution has ROR id {id}?", "Which organisation is https://ror.org/{id}?", "Look up ROR {id}.", "=ror.org/{id}"},
			LangNL: {"Welke instelling heeft ROR-id {id}?", "Welke organisatie is https://ror.org/{id}?"},
			LangDE: {"Welche Einrichtung hat die ROR-ID {id}?", "Welche Organisation ist https://ror.org/{id}?"},
		}},
	}
	for _, k := range kinds {
		b.attempt(share(16), 200, func() (draft, bool) {
			id := k.make(b.r)
			return none(k.frame, plan.Factual, k.paras, id, "{id}", id), true
		})
	}
	namePara := []struct {
		intent plan.Intent
		paras  para
	}{
		{plan.Factual, para{
			LangEN: {"What is the ISIL code of {name}?", "Where is {name}?", "What is the website of {name}?", "Tell me about {name}."},
			LangNL: {"Wat is de ISIL-code van {name}?", "Waar ligt {name}?"},
			LangDE: {"Wie lautet der ISIL von {name}?", "Wo liegt {name}?"},
		}},
		{plan.Temporal, para{
			LangEN: {"When did {name} open?", "In which year was {name} founded?", "When was {name} established?", "When did {name} close?"},
			LangNL: {"Wanneer ging {name} open?", "Wanneer werd {name} opgericht?"},
			LangDE: {"Wann wurde {name} eröffnet?", "Wann wurde {name} gegründet?"},
		}},
	}
	b.attempt(share(25), 500, func() (draft, bool) {
		name := b.x.absentName(b.r)
		np := pick(b.r, namePara)
		return none("honesty_unknown_name", np.intent, np.paras, "", "{name}", name), true
	})
	i := 0
	b.attempt(share(15), len(offTopic), func() (draft, bool) {
		o := offTopic[i]
		i++
		d := none("honesty_offtopic", plan.Factual, para{o.lang: {o.q}}, "")
		d.lang = o.lang
		return d, true
	})
	topicPara := para{
		LangEN: {"Which {en} museums are there{in}?", "Are there any museums about {en}{in}?", "{en} museums{in}?", "Which museums{in} have collections about {en}?"},
		LangNL: {"Welke musea over {nl} zijn er{in}?", "Zijn er {nl}musea{in}?"},
		LangDE: {"Welche Museen zum Thema {de} gibt es{in}?", "Gibt es {de}museen{in}?"},
	}
	places := []string{"", " in Scotland", " in Devon", " in Kent", " in Wales", " in Yorkshire"}
	var topics []int
	for i, t := range absentTopics {
		if !b.mentioned(t.en) && !b.mentioned(t.nl) && !b.mentioned(t.de) {
			topics = append(topics, i)
		}
	}
	if len(topics) > 0 {
		b.attempt(share(20), 200, func() (draft, bool) {
			t := absentTopics[pick(b.r, topics)]
			return none("honesty_absent_subject", plan.Collection, topicPara, "", "{en}", t.en, "{nl}", t.nl, "{de}", t.de, "{in}", pick(b.r, places)), true
		})
	}
	bodyPara := para{
		LangEN: {"Which museums belong to the {body}?", "Which institutions are run by the {body}?", "Which museums are part of the {body}?", "List the museums operated by the {body}."},
		LangNL: {"Welke musea horen bij de {body}?", "Welke instellingen worden beheerd door de {body}?"},
		LangDE: {"Welche Museen gehören zur {body}?", "Welche Einrichtungen werden von der {body} betrieben?"},
	}
	b.attempt(share(20), 200, func() (draft, bool) {
		body := b.x.absentBody(b.r)
		return none("honesty_unknown_body", plan.Relationship, bodyPara, "", "{body}", body), true
	})
}

// absentBody makes a plausible name of an organisation that no record
// names as its parent or operator, nor carries as a name.
func (x *index) absentBody(r *rand.Rand) string {
	if x.bodies == nil {
		x.bodies = map[string]bool{}
		for _, in := range x.recs {
			for _, m := range in.MemberOf() {
				x.bodies[fold(m.Name)] = true
			}
		}
	}
	for {
		town := pick(r, fakeTowns)
		s := fmt.Sprintf("%s %s", town, pick(r, []string{"Heritage Trust", "Museums Trust", "Museum Service", "Historical Society", "Arts Council", "Heritage Foundation"}))
		if len(x.anyName[fold(s)]) == 0 && !x.bodies[fold(s)] {
			return s
		}
	}
}
