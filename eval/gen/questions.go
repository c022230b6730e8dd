package gen

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
)

// para holds a frame's paraphrases by language. A paraphrase that starts
// with "~" is shorthand (noise "shorthand"). One that starts with "=" is
// shorthand of keywords and placeholders alone, with no word of any
// language ("=isil {name}", "=GND {id}"): whichever language drew it, its
// language is LangNeutral, for nothing in it tells. Placeholders are
// {name}, {place}, … and are filled from draft.vars.
type para map[string][]string

// draft is one question before its language, paraphrase and noise are
// chosen.
type draft struct {
	frame      string
	intent     plan.Intent
	paras      para
	vars       []string // placeholder, value, placeholder, value …
	protect    []string // values a typo must not touch
	expected   []string
	acceptable []string
	answer     string
	notes      string
	// noise, when set, is forced (a misspelt place is built into vars).
	noise string
	// lang, when set, is the language; otherwise one is drawn.
	lang string
}

type qbuilder struct {
	x    *index
	r    *rand.Rand
	out  []eval.Question
	seen map[string]bool
	// texts are the records' searchable texts, lower-cased (built on
	// first use).
	texts []string
	// areaList and subjectList are what areas and subjectSets return,
	// made on first use: several frames read them.
	areaList    []*area
	subjectList []subjectSet
}

// Questions generates up to n questions from ds, deterministically for
// seed. Frames share n by fixed weights; a frame with fewer qualifying
// records yields fewer questions.
func Questions(ds *heritage.Dataset, seed int64, n int) []eval.Question {
	b := &qbuilder{x: newIndex(ds), r: newRand(seed, 1), seen: map[string]bool{}}
	total := 0
	for _, f := range questionFrames {
		total += f.weight
	}
	for _, f := range questionFrames {
		quota := (n*f.weight + total/2) / total
		if quota == 0 {
			continue
		}
		capped(&b.out, quota, func(quota int) { f.make(b, quota) })
	}
	number(b.out, "gen", func(q *eval.Question) *string { return &q.ID })
	return b.out
}

// lang draws a language: 60% English, 20% Dutch, 20% German.
func (b *qbuilder) lang() string {
	switch x := b.r.IntN(10); {
	case x < 6:
		return LangEN
	case x < 8:
		return LangNL
	}
	return LangDE
}

// add renders d and appends it unless the same text was generated before.
func (b *qbuilder) add(d draft) bool {
	lang := d.lang
	if lang == "" {
		lang = b.lang()
	}
	ps := d.paras[lang]
	if len(ps) == 0 {
		lang, ps = LangEN, d.paras[LangEN]
	}
	p := pick(b.r, ps)
	noise := NoiseNone
	if s, ok := strings.CutPrefix(p, "~"); ok {
		p, noise = s, NoiseShorthand
	} else if s, ok := strings.CutPrefix(p, "="); ok {
		p, noise, lang = s, NoiseShorthand, LangNeutral
	}
	template := p
	text := strings.NewReplacer(d.vars...).Replace(p)
	switch {
	case d.noise != "":
		noise = d.noise
	case noise == NoiseNone:
		switch x := b.r.IntN(100); {
		case x < 25:
			if t, ok := typo(b.r, text, d.protect); ok {
				text, noise = t, NoiseTypo
			}
		case x < 32:
			text, noise = strings.ToLower(text), NoiseLowercase
		}
	}
	if b.seen[text] {
		return false
	}
	b.seen[text] = true
	exp, acc := []string{}, []string{}
	taken := map[string]bool{}
	for _, id := range d.expected {
		if !taken[id] {
			taken[id] = true
			exp = append(exp, id)
		}
	}
	for _, id := range d.acceptable {
		if !taken[id] {
			taken[id] = true
			acc = append(acc, id)
		}
	}
	b.out = append(b.out, eval.Question{
		Question: text, Intent: d.intent, Expected: exp, Acceptable: acc,
		Answer: d.answer, Notes: d.notes, Lang: lang, Frame: d.frame, Noise: noise,
		Template: template,
	})
	return true
}

// offer gives the items in random order to mk until quota questions were
// added.
func offer[T any](b *qbuilder, quota int, items []T, mk func(T) (draft, bool)) {
	added := 0
	for _, it := range shuffled(b.r, items) {
		if added >= quota {
			return
		}
		if d, ok := mk(it); ok && b.add(d) {
			added++
		}
	}
}

// attempt calls mk up to tries times until quota questions were added.
func (b *qbuilder) attempt(quota, tries int, mk func() (draft, bool)) {
	added := 0
	for try := 0; try < tries && added < quota; try++ {
		if d, ok := mk(); ok && b.add(d) {
			added++
		}
	}
}

// where filters the records.
func (b *qbuilder) where(keep func(in *heritage.Institution) bool) []*heritage.Institution {
	var out []*heritage.Institution
	for _, in := range b.x.recs {
		if keep(in) {
			out = append(out, in)
		}
	}
	return out
}

type frame struct {
	weight int
	make   func(b *qbuilder, quota int)
}

// questionFrames are the frames in generation order with their weights
// (the number of questions each gets when n is the sum of the weights,
// 2,430). A new frame goes last, so that the questions of the others do
// not change.
var questionFrames = []frame{
	{60, fieldFrame("field_isil", plan.Factual, func(in *heritage.Institution) string {
		if len(in.Identifiers.ISILAll) > 1 {
			return "" // several ISILs: no single answer
		}
		return in.ISIL
	}, para{
		LangEN: {"What is the ISIL code of {name}?", "ISIL of {name}?", "Which ISIL does {name} have?", "Can you tell me the ISIL identifier for {name}?", "={name} isil"},
		LangNL: {"Wat is de ISIL-code van {name}?", "Welke ISIL heeft {name}?", "=isil {name}"},
		LangDE: {"Wie lautet der ISIL von {name}?", "Welchen ISIL-Code hat {name}?", "=ISIL {name}"},
	})},
	{50, fieldFrame("field_qid", plan.Factual, func(in *heritage.Institution) string { return in.Wikidata }, para{
		LangEN: {"What is the Wikidata ID of {name}?", "Which Wikidata item is {name}?", "Give me the QID of {name}.", "What's the Wikidata identifier for {name}?", "={name} wikidata id"},
		LangNL: {"Wat is het Wikidata-ID van {name}?", "Welk Wikidata-item hoort bij {name}?"},
		LangDE: {"Wie lautet die Wikidata-ID von {name}?", "Welches Wikidata-Objekt ist {name}?"},
	})},
	{50, fieldFrame("field_gnd", plan.Factual, func(in *heritage.Institution) string {
		if len(in.Identifiers.GND) == 1 {
			return in.Identifiers.GND[0]
		}
		return ""
	}, para{
		LangEN: {"What is the GND identifier of {name}?", "GND number of {name}?", "Which GND ID does {name} have?", "What is {name}'s GND?"},
		LangNL: {"Wat is de GND-identifier van {name}?", "Welk GND-nummer heeft {name}?"},
		LangDE: {"Wie lautet die GND-Nummer von {name}?", "Welche GND hat {name}?", "=GND {name}"},
	})},
	{40, fieldFrame("field_website", plan.Factual, func(in *heritage.Institution) string { return in.Website() }, para{
		LangEN: {"What is the website of {name}?", "What is the official website of {name}?", "Where can I find {name} online?", "homepage of {name}?"},
		LangNL: {"Wat is de website van {name}?", "Welke website heeft {name}?"},
		LangDE: {"Wie lautet die Website von {name}?", "Unter welcher Webadresse ist {name} zu finden?"},
	})},
	{50, fieldFrame("field_city", plan.Factual, statedCity, para{
		LangEN: {"In which city is {name}?", "In which town is {name} located?", "Which town is {name} in?", "What city is {name} based in?", "~{name} city"},
		LangNL: {"In welke plaats staat {name}?", "In welke stad ligt {name}?"},
		LangDE: {"In welcher Stadt befindet sich {name}?", "In welchem Ort liegt {name}?"},
	})},
	{40, fieldFrame("field_postcode", plan.Factual, func(in *heritage.Institution) string { return in.Postcode() }, para{
		LangEN: {"What is the postcode of {name}?", "What's the post code for {name}?", "Which postcode does {name} have?", "~{name} postcode"},
		LangNL: {"Wat is de postcode van {name}?", "Welke postcode heeft {name}?"},
		LangDE: {"Wie lautet die Postleitzahl von {name}?", "Welche Postleitzahl hat {name}?"},
	})},
	{30, fieldFrame("field_address", plan.Factual, func(in *heritage.Institution) string { return in.Address() }, para{
		LangEN: {"What is the address of {name}?", "What is the street address of {name}?", "Where exactly is {name}? I need the address.", "address of {name}?"},
		LangNL: {"Wat is het adres van {name}?", "Op welk adres is {name} gevestigd?"},
		LangDE: {"Wie lautet die Adresse von {name}?", "Welche Anschrift hat {name}?"},
	})},
	{40, fieldFrame("field_type", plan.Factual, func(in *heritage.Institution) string {
		if in.Type == "UNKNOWN" {
			return ""
		}
		return strings.ToLower(strings.ReplaceAll(in.Type, "_", " "))
	}, para{
		LangEN: {"What type of institution is {name}?", "What kind of institution is {name}?", "Is {name} a museum, a library or an archive?", "What sort of heritage institution is {name}?"},
		LangNL: {"Wat voor instelling is {name}?", "Welk type instelling is {name}?"},
		LangDE: {"Was für eine Einrichtung ist {name}?", "Welcher Art von Einrichtung ist {name}?"},
	})},
	{40, fieldFrame("field_governance", plan.Factual, func(in *heritage.Institution) string {
		if in.Governance() == "" || in.GovernanceCode() == "" {
			return ""
		}
		return in.Governance() + " (" + in.GovernanceCode() + ")"
	}, para{
		LangEN: {"What is the governance type of {name}?", "Who governs {name}: is it independent or local authority?", "What kind of governance does {name} have?", "How is {name} governed?"},
		LangNL: {"Wat is de bestuursvorm van {name}?", "Hoe wordt {name} bestuurd?"},
		LangDE: {"Welche Trägerschaft hat {name}?", "Wie ist {name} organisiert, welche Trägerschaft?"},
	})},
	{30, fieldFrame("field_accreditation", plan.Factual, func(in *heritage.Institution) string { return in.Accreditation() }, para{
		LangEN: {"What is the accreditation status of {name}?", "What accreditation does {name} have?", "Accreditation of {name}?", "Tell me the accreditation of {name}."},
		LangNL: {"Wat is de accreditatiestatus van {name}?", "Welke accreditatie heeft {name}?"},
		LangDE: {"Welchen Akkreditierungsstatus hat {name}?", "Wie steht es um die Akkreditierung von {name}?"},
	})},
	{30, fieldFrame("field_size", plan.Factual, func(in *heritage.Institution) string {
		if sizeRank(in.Size()) == 0 {
			return ""
		}
		return in.Size()
	}, para{
		LangEN: {"How big is {name}?", "What size is {name}?", "Is {name} a small or a large museum?", "What is the size category of {name}?"},
		LangNL: {"Hoe groot is {name}?", "Welke grootteklasse heeft {name}?"},
		LangDE: {"Wie groß ist {name}?", "Welche Größenklasse hat {name}?"},
	})},
	{30, fieldFrame("field_status", plan.Factual, func(in *heritage.Institution) string { return in.Status() }, para{
		LangEN: {"What is the status of {name}?", "Is {name} open or closed?", "What is the current status of {name}?", "open or closed: {name}?"},
		LangNL: {"Wat is de status van {name}?", "Is {name} open of gesloten?"},
		LangDE: {"Welchen Status hat {name}?", "Ist {name} geöffnet oder geschlossen?"},
	})},
	{50, fieldFrame("field_year_opened", plan.Temporal, func(in *heritage.Institution) string {
		if from, to, ok := in.Opened(); ok && from == to {
			return fmt.Sprint(from)
		}
		return ""
	}, para{
		LangEN: {"In which year did {name} open?", "When did {name} open?", "What year was {name} opened?", "When was {name} founded?", "~{name} opening year"},
		LangNL: {"In welk jaar ging {name} open?", "Wanneer werd {name} geopend?"},
		LangDE: {"In welchem Jahr wurde {name} eröffnet?", "Wann wurde {name} gegründet?"},
	})},
	{40, fieldFrame("field_year_closed", plan.Temporal, func(in *heritage.Institution) string {
		if from, to, ok := in.Closed(); ok && from == to && in.YearClosed() != "" {
			return fmt.Sprint(from)
		}
		return ""
	}, para{
		LangEN: {"In which year did {name} close?", "When did {name} close?", "What year did {name} shut down?", "When was {name} closed?"},
		LangNL: {"In welk jaar sloot {name}?", "Wanneer is {name} gesloten?"},
		LangDE: {"In welchem Jahr wurde {name} geschlossen?", "Wann schloss {name}?"},
	})},
	{50, fieldFrame("field_former_name", plan.Temporal, func(in *heritage.Institution) string {
		if f := in.FormerNames(); len(f) == 1 {
			return f[0].Name
		}
		return ""
	}, para{
		LangEN: {"What was {name} previously called?", "What was {name} called before?", "What was the former name of {name}?", "Under which name was {name} known earlier?", "~{name} former name"},
		LangNL: {"Hoe heette {name} vroeger?", "Wat was de vorige naam van {name}?"},
		LangDE: {"Wie hieß {name} früher?", "Wie lautete der frühere Name von {name}?"},
	})},
	{40, reverseFrame("reverse_isil", func(in *heritage.Institution) string { return in.ISIL }, func(x *index) map[string]int { return x.isils }, isilLookup)},
	{30, reverseFrame("reverse_qid", func(in *heritage.Institution) string { return in.Wikidata }, func(x *index) map[string]int { return x.qids }, qidLookup)},
	{30, reverseFrame("reverse_gnd", func(in *heritage.Institution) string {
		if len(in.Identifiers.GND) == 1 {
			return in.Identifiers.GND[0]
		}
		return ""
	}, func(x *index) map[string]int { return x.gnds }, gndLookup)},
	{50, yesnoAccredited},
	{40, yesnoWebsite},
	{50, yesnoOpen},
	{50, yesnoCity},
	{50, yesnoType},
	{60, eventYear("event_year_founded", "founded", para{
		LangEN: {"When was {name} founded?", "When was {name} established?", "In which year was {name} founded?", "What year did {name} open?", "~{name} founded"},
		LangNL: {"Wanneer werd {name} opgericht?", "In welk jaar is {name} opgericht?"},
		LangDE: {"Wann wurde {name} gegründet?", "In welchem Jahr wurde {name} gegründet?"},
	})},
	{20, eventYear("event_year_closed", "closed", para{
		LangEN: {"When did {name} close?", "In which year did {name} close down?", "When was {name} shut?", "What year did {name} close its doors?"},
		LangNL: {"Wanneer sloot {name}?", "In welk jaar werd {name} gesloten?"},
		LangDE: {"Wann wurde {name} geschlossen?", "In welchem Jahr schloss {name}?"},
	})},
	{60, pairOpenedFirst},
	{50, pairOlder},
	{50, pairBigger},
	{80, placesCompare},
	{60, placesCompareKind},
	{60, countFrame},
	{60, moreFrame},
	{40, relMember(heritage.RelPartOf, "rel_part_of", para{
		LangEN: {"What organisation is {name} part of?", "What is {name} part of?", "Which group does {name} belong to?", "{name} is a branch of which organisation?"},
		LangNL: {"Van welke organisatie maakt {name} deel uit?", "Waar hoort {name} bij?"},
		LangDE: {"Zu welcher Organisation gehört {name}?", "Wovon ist {name} ein Teil?"},
	})},
	{40, relMember(heritage.RelOperatedBy, "rel_operated_by", para{
		LangEN: {"Who runs {name}?", "Who operates {name}?", "Which organisation manages {name}?", "By whom is {name} run?"},
		LangNL: {"Wie beheert {name}?", "Door wie wordt {name} geëxploiteerd?"},
		LangDE: {"Wer betreibt {name}?", "Von wem wird {name} betrieben?"},
	})},
	{20, relSucceeded},
	{100, relSets},
	{80, placeCity},
	{80, placeArea},
	{50, placeTypo},
	{40, placeNear},
	{40, placeTrip},
	{70, subjectFrame("subject_en", false)},
	{50, subjectFrame("subject_class", true)},
	{70, subjectForeign},
	{160, honesty},
	{60, orderFrame},
	{30, groupFrame},
	{30, exceptFrame},
	{40, sameTown},
	{40, leadingName},
}

// isilLookup, qidLookup and gndLookup ask which record has an identifier;
// the honesty probes ask them of identifiers no record has.
var isilLookup = para{
	LangEN: {"Which institution has ISIL {id}?", "Which institution has the ISIL code {id}?", "Whose ISIL is {id}?", "What is the name of the institution with ISIL {id}?", "={id}"},
	LangNL: {"Welke instelling heeft ISIL {id}?", "Bij welke instelling hoort ISIL {id}?"},
	LangDE: {"Welche Einrichtung hat den ISIL {id}?", "Zu welcher Einrichtung gehört der ISIL {id}?"},
}

var qidLookup = para{
	LangEN: {"Which institution is Wikidata item {id}?", "What is {id} in Wikidata?", "Which museum, library or archive is {id}?", "Name of the institution with QID {id}?"},
	LangNL: {"Welke instelling is Wikidata-item {id}?", "Welke instelling heeft QID {id}?"},
	LangDE: {"Welche Einrichtung ist das Wikidata-Objekt {id}?", "Welche Einrichtung hat die QID {id}?"},
}

var gndLookup = para{
	LangEN: {"Which institution has GND {id}?", "Which institution has the GND identifier {id}?", "Whose GND number is {id}?", "=GND {id}"},
	LangNL: {"Welke instelling heeft GND {id}?", "Bij welke instelling hoort GND-nummer {id}?"},
	LangDE: {"Welche Einrichtung hat die GND-Nummer {id}?", "Zu welcher Einrichtung gehört die GND {id}?"},
}

// statedCity is the record's city unless it was inferred from the name
// (such guesses are sometimes wrong: "Stadtarchiv Verden (Aller)" →
// "Aller").
func statedCity(in *heritage.Institution) string {
	if in.CityInferred {
		return ""
	}
	return in.City
}

// fieldFrame asks for one field of a uniquely named record; value returns
// the gold answer ("" to skip the record).
func fieldFrame(name string, intent plan.Intent, value func(*heritage.Institution) string, ps para) func(*qbuilder, int) {
	return func(b *qbuilder, quota int) {
		offer(b, quota, b.x.recs, func(in *heritage.Institution) (draft, bool) {
			v := strings.TrimSpace(value(in))
			if v == "" || !b.x.unique(in) {
				return draft{}, false
			}
			return draft{
				frame: name, intent: intent, paras: ps, vars: []string{"{name}", in.Name},
				expected: []string{in.ID}, answer: v,
				notes: fmt.Sprintf("Rule: record with a unique name; answer = its %s (%s).", strings.TrimPrefix(name, "field_"), in.ID),
			}, true
		})
	}
}

// reverseFrame asks which record carries an identifier; owners counts
// the records that carry each one.
func reverseFrame(name string, id func(*heritage.Institution) string, owners func(*index) map[string]int, ps para) func(*qbuilder, int) {
	return func(b *qbuilder, quota int) {
		offer(b, quota, b.x.recs, func(in *heritage.Institution) (draft, bool) {
			v := strings.TrimSpace(id(in))
			if v == "" || !b.x.unique(in) || owners(b.x)[strings.ToUpper(v)] != 1 {
				return draft{}, false
			}
			return draft{
				frame: name, intent: plan.Factual, paras: ps, vars: []string{"{id}", v}, protect: []string{v},
				expected: []string{in.ID}, answer: in.Name,
				notes: fmt.Sprintf("Rule: the one record with this identifier; answer = its name (%s).", in.ID),
			}, true
		})
	}
}

// eventYear asks for a year known only from the record's events: the
// year field is empty and exactly one dated event of the kind exists.
func eventYear(name, kind string, ps para) func(*qbuilder, int) {
	return func(b *qbuilder, quota int) {
		offer(b, quota, b.x.recs, func(in *heritage.Institution) (draft, bool) {
			field := in.YearOpened()
			if kind == "closed" {
				field = in.YearClosed()
			}
			if strings.TrimSpace(field) != "" || !b.x.unique(in) {
				return draft{}, false
			}
			year, n := 0, 0
			for _, e := range in.Events {
				if e.Type != kind {
					continue
				}
				if from, to, ok := e.Years(); ok && from == to {
					year = from
					n++
				}
			}
			if n != 1 {
				return draft{}, false
			}
			return draft{
				frame: name, intent: plan.Temporal, paras: ps, vars: []string{"{name}", in.Name},
				expected: []string{in.ID}, answer: fmt.Sprint(year),
				notes: fmt.Sprintf("Rule: no year field; the one dated %s event gives the year (%s).", kind, in.ID),
			}, true
		})
	}
}
