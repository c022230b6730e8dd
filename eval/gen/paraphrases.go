package gen

import (
	_ "embed"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
)

// Wording styles of a paraphrase set (eval.Question.Style).
const (
	// StyleQuestion is a plain question: "When did X open?"
	StyleQuestion = "question"
	// StyleImperative is a request: "Tell me the year X opened."
	StyleImperative = "imperative"
	// StyleKeywords is a search-box query: "X opening year".
	StyleKeywords = "keywords"
	// StylePolite is a polite or indirect question: "Could you tell me
	// when X opened?"
	StylePolite = "polite"
	// StyleFronted puts the topic first: "X: when did it open?"
	StyleFronted = "fronted"
	// StyleClause adds a clause that does not change what is asked:
	// "When did X open? We are visiting in May."
	StyleClause = "clause"
)

// englishStyles are the English wordings every need is asked in.
var englishStyles = []string{StyleQuestion, StyleImperative, StyleKeywords, StylePolite, StyleFronted, StyleClause}

// The wording templates of the paraphrase sets, one file per language,
// and the held-out templates, which nothing but HeldOutParaphrases reads.
var (
	//go:embed data/paraphrase/en.tsv
	paraphraseEN string
	//go:embed data/paraphrase/nl.tsv
	paraphraseNL string
	//go:embed data/paraphrase/de.tsv
	paraphraseDE string
	//go:embed data/paraphrase/heldout.tsv
	paraphraseHeldOut string
	//go:embed data/paraphrase/words.tsv
	paraphraseWords string
)

// wordingKey names the templates of one need kind in one language and
// style.
type wordingKey struct{ lang, frame, style string }

// wordings are templates by language, need kind and style, in file order.
type wordings map[wordingKey][]string

// readWordings parses a template file: tab-separated lines of need kind,
// style and template, after a language column when lang is "". Blank
// lines and lines starting with "#" are skipped.
func readWordings(w wordings, text, lang string) error {
	want := 3
	if lang == "" {
		want = 4
	}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != want {
			return fmt.Errorf("gen: paraphrase templates line %d: want %d tab-separated fields, got %d", i+1, want, len(f))
		}
		l := lang
		if lang == "" {
			l, f = f[0], f[1:]
		}
		if l != LangEN && l != LangNL && l != LangDE {
			return fmt.Errorf("gen: paraphrase templates line %d: unknown language %q", i+1, l)
		}
		if !slices.Contains(englishStyles, f[1]) {
			return fmt.Errorf("gen: paraphrase templates line %d: unknown style %q", i+1, f[1])
		}
		k := wordingKey{l, f[0], f[1]}
		w[k] = append(w[k], strings.TrimSpace(f[2]))
	}
	return nil
}

// mainWordings are the templates of the main paraphrase set.
func mainWordings() (wordings, error) {
	w := wordings{}
	for _, f := range []struct{ text, lang string }{{paraphraseEN, LangEN}, {paraphraseNL, LangNL}, {paraphraseDE, LangDE}} {
		if err := readWordings(w, f.text, f.lang); err != nil {
			return nil, err
		}
	}
	return w, nil
}

// heldOutWordings are the held-out templates.
func heldOutWordings() (wordings, error) {
	w := wordings{}
	return w, readWordings(w, paraphraseHeldOut, "")
}

// slotWords reads data/paraphrase/words.tsv: slot, key, language, words.
func slotWords() map[wordingKey]string {
	out := map[wordingKey]string{}
	for _, line := range strings.Split(paraphraseWords, "\n") {
		f := strings.Split(strings.TrimSpace(line), "\t")
		if len(f) != 4 || strings.HasPrefix(f[0], "#") {
			continue
		}
		out[wordingKey{f[2], f[0], f[1]}] = f[3]
	}
	return out
}

// need is one thing a user wants to know, with its gold answer; vars
// fill the templates' placeholders in a language.
type need struct {
	frame                string
	intent               plan.Intent
	vars                 func(lang string) []string
	expected, acceptable []string
	answer, notes        string
}

// plainVars fills the same placeholders in every language.
func plainVars(vars ...string) func(string) []string {
	return func(string) []string { return vars }
}

// needFrame makes the needs of one kind: up to quota of them.
type needFrame struct {
	name string
	make func(p *pbuilder, quota int) []need
}

// pbuilder generates needs; it borrows the question builder's look-ups
// (areas, city groups, count sets, subject sets).
type pbuilder struct {
	*qbuilder
	words map[wordingKey]string
	seen  map[string]bool
}

// word is the words of a slot for a key in a language ("a_kind",
// "LIBRARY", "de" → "eine Bibliothek").
func (p *pbuilder) word(slot, key, lang string) string {
	return p.words[wordingKey{lang, slot, key}]
}

// take offers the items in random order to mk until quota needs were
// made; a need whose English placeholders repeat an earlier need's of the
// same kind is skipped.
func take[T any](p *pbuilder, quota int, items []T, mk func(T) (need, bool)) []need {
	var out []need
	for _, it := range shuffled(p.r, items) {
		if len(out) >= quota {
			break
		}
		n, ok := mk(it)
		if !ok {
			continue
		}
		k := n.frame + "\x00" + strings.Join(n.vars(LangEN), "\x00")
		if p.seen[k] {
			continue
		}
		p.seen[k] = true
		out = append(out, n)
	}
	return out
}

// Paraphrases generates the main paraphrase set: up to perKind needs of
// each kind, each asked in every wording style of data/paraphrase/en.tsv
// and in one style each of nl.tsv and de.tsv (see the package
// documentation), deterministically for seed.
func Paraphrases(ds *heritage.Dataset, seed int64, perKind int) ([]eval.Question, error) {
	w, err := mainWordings()
	if err != nil {
		return nil, err
	}
	return paraphrases(ds, newRand(seed, 4), perKind, w, "para")
}

// HeldOutParaphrases generates the held-out paraphrase set: needs drawn
// as for Paraphrases (from another random stream), asked only in the
// wordings of data/paraphrase/heldout.tsv.
func HeldOutParaphrases(ds *heritage.Dataset, seed int64, perKind int) ([]eval.Question, error) {
	w, err := heldOutWordings()
	if err != nil {
		return nil, err
	}
	return paraphrases(ds, newRand(seed, 5), perKind, w, "heldout")
}

func paraphrases(ds *heritage.Dataset, r *rand.Rand, perKind int, w wordings, prefix string) ([]eval.Question, error) {
	p := &pbuilder{
		qbuilder: &qbuilder{x: newIndex(ds), r: r, seen: map[string]bool{}},
		words:    slotWords(),
		seen:     map[string]bool{},
	}
	var out []eval.Question
	n := 0
	for _, f := range needFrames {
		for _, nd := range f.make(p, perKind) {
			n++
			id := fmt.Sprintf("%s-%04d", prefix, n)
			ws, err := p.word8(nd, w)
			if err != nil {
				return nil, err
			}
			exp, acc := distinctApart(nd.expected, nd.acceptable)
			for _, wd := range ws {
				out = append(out, eval.Question{
					ID: id + "-" + wd.lang + "-" + wd.style, Question: wd.text, Intent: nd.intent,
					Expected: exp, Acceptable: acc, Answer: nd.answer, Notes: nd.notes,
					Lang: wd.lang, Frame: nd.frame, Noise: NoiseNone, Need: id, Style: wd.style,
					Template: wd.lang + ":" + wd.template,
				})
			}
		}
	}
	return out, nil
}

// wording is one rendered wording of a need.
type wording struct{ lang, style, text, template string }

// word8 renders a need in every English style and in one style each of
// Dutch and German, a template drawn at random where a style has several.
func (p *pbuilder) word8(nd need, w wordings) ([]wording, error) {
	var out []wording
	render := func(lang, style string) error {
		ts := w[wordingKey{lang, nd.frame, style}]
		if len(ts) == 0 {
			return fmt.Errorf("gen: no %s %s template for %s", lang, style, nd.frame)
		}
		t := pick(p.r, ts)
		vars := nd.vars(lang)
		empty := make([]string, len(vars))
		for i := 0; i < len(vars); i += 2 {
			empty[i] = vars[i]
		}
		if left := strings.NewReplacer(empty...).Replace(t); strings.ContainsAny(left, "{}") {
			return fmt.Errorf("gen: %s %s template for %s has a placeholder the need does not fill: %q", lang, style, nd.frame, t)
		}
		out = append(out, wording{lang, style, strings.NewReplacer(vars...).Replace(t), t})
		return nil
	}
	for _, s := range englishStyles {
		if err := render(LangEN, s); err != nil {
			return nil, err
		}
	}
	for _, lang := range []string{LangNL, LangDE} {
		var styles []string
		for _, s := range englishStyles {
			if len(w[wordingKey{lang, nd.frame, s}]) > 0 {
				styles = append(styles, s)
			}
		}
		if len(styles) == 0 {
			return nil, fmt.Errorf("gen: no %s template for %s", lang, nd.frame)
		}
		if err := render(lang, pick(p.r, styles)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// distinctApart drops repeated ids, and acceptable ids that are expected.
func distinctApart(expected, acceptable []string) (exp, acc []string) {
	exp, acc = []string{}, []string{}
	taken := map[string]bool{}
	for _, id := range expected {
		if !taken[id] {
			taken[id] = true
			exp = append(exp, id)
		}
	}
	for _, id := range acceptable {
		if !taken[id] {
			taken[id] = true
			acc = append(acc, id)
		}
	}
	return exp, acc
}

// countedList writes a set answer as the public set does: "3 museums: A;
// B; C", "1 library: A".
func countedList(recs []*heritage.Institution, plural, singular string) string {
	noun := plural
	if len(recs) == 1 {
		noun = singular
	}
	return fmt.Sprintf("%d %s: %s", len(recs), noun, names(recs))
}

// needFrames are the kinds of need in generation order. A new kind goes
// last, so that the needs of the others do not change.
var needFrames = []needFrame{
	{"field_year_opened", fieldNeeds("field_year_opened", plan.Temporal, func(in *heritage.Institution) string {
		if from, to, ok := in.Opened(); ok && from == to {
			return strconv.Itoa(from)
		}
		return ""
	})},
	{"field_website", fieldNeeds("field_website", plan.Factual, func(in *heritage.Institution) string { return in.Website() })},
	{"field_isil", fieldNeeds("field_isil", plan.Factual, func(in *heritage.Institution) string {
		if len(in.Identifiers.ISILAll) > 1 {
			return ""
		}
		return in.ISIL
	})},
	{"field_qid", fieldNeeds("field_qid", plan.Factual, func(in *heritage.Institution) string { return in.Wikidata })},
	{"field_city", fieldNeeds("field_city", plan.Factual, statedCity)},
	{"field_country", fieldNeeds("field_country", plan.Factual, func(in *heritage.Institution) string { return in.Country })},
	{"field_type", fieldNeeds("field_type", plan.Factual, func(in *heritage.Institution) string {
		if in.Type == "UNKNOWN" {
			return ""
		}
		return strings.ToLower(strings.ReplaceAll(in.Type, "_", " "))
	})},
	{"rel_operated_by", memberNeeds(heritage.RelOperatedBy, "rel_operated_by")},
	{"rel_part_of", memberNeeds(heritage.RelPartOf, "rel_part_of")},
	{"relset_members", membersNeeds},
	{"place_city", cityNeeds},
	{"subject_place", subjectNeeds},
	{"count", countNeeds},
	{"order_oldest", oldestNeeds},
	{"more", moreNeeds},
	{"yesno_city", yesnoCityNeeds},
	{"yesno_type", yesnoTypeNeeds},
	{"reverse_isil", reverseISILNeeds},
	{"current_name", currentNameNeeds},
}

// NeedKinds lists the kinds of need of the paraphrase sets in generation
// order.
func NeedKinds() []string {
	out := make([]string, len(needFrames))
	for i, f := range needFrames {
		out[i] = f.name
	}
	return out
}

// fieldNeeds asks for one field of a uniquely named record; value gives
// the gold answer ("" skips the record).
func fieldNeeds(frame string, intent plan.Intent, value func(*heritage.Institution) string) func(*pbuilder, int) []need {
	return func(p *pbuilder, quota int) []need {
		return take(p, quota, p.x.recs, func(in *heritage.Institution) (need, bool) {
			v := strings.TrimSpace(value(in))
			if v == "" || !p.x.unique(in) {
				return need{}, false
			}
			return need{
				frame: frame, intent: intent, vars: plainVars("{name}", in.Name),
				expected: []string{in.ID}, answer: v,
				notes: fmt.Sprintf("Rule: record with a unique name; answer = its %s (%s).", strings.TrimPrefix(frame, "field_"), in.ID),
			}, true
		})
	}
}

// memberNeeds asks what body a record belongs to by one relation, of
// records with exactly one current such membership; a body that is itself
// a record is expected, the asked record acceptable.
func memberNeeds(rel, frame string) func(*pbuilder, int) []need {
	return func(p *pbuilder, quota int) []need {
		return take(p, quota, p.x.recs, func(in *heritage.Institution) (need, bool) {
			var ms []heritage.Membership
			for _, m := range in.MemberOf() {
				if m.Relation == rel && m.Current(asOf) {
					ms = append(ms, m)
				}
			}
			if len(ms) != 1 || !p.x.unique(in) || strings.TrimSpace(ms[0].Name) == "" {
				return need{}, false
			}
			nd := need{
				frame: frame, intent: plan.Relationship, vars: plainVars("{name}", in.Name),
				expected: []string{in.ID}, answer: ms[0].Name,
				notes: fmt.Sprintf("Rule: member_of {relation: %s} of %s; answer = the body's name.", rel, in.ID),
			}
			if body := ms[0].ID; body != "" && p.x.ids[body] && body != in.ID {
				nd.expected, nd.acceptable = []string{body}, []string{in.ID}
				nd.notes += " The body is a record: expected; the asked record acceptable."
			}
			return nd, true
		})
	}
}

// membersNeeds asks for the members of an organisation: its current
// part_of members of every type are expected; members by operated_by and
// former members acceptable.
func membersNeeds(p *pbuilder, quota int) []need {
	type body struct {
		name             string
		partOf, operated []*heritage.Institution
		former           []string
	}
	bodies := map[string]*body{}
	for _, in := range p.x.recs {
		for _, m := range in.MemberOf() {
			if strings.TrimSpace(m.Name) == "" {
				continue
			}
			bd := bodies[m.Name]
			if bd == nil {
				bd = &body{name: m.Name}
				bodies[m.Name] = bd
			}
			switch {
			case !m.Current(asOf):
				bd.former = append(bd.former, in.ID)
			case m.Relation == heritage.RelPartOf && !slices.Contains(bd.partOf, in):
				bd.partOf = append(bd.partOf, in)
			case m.Relation == heritage.RelOperatedBy && !slices.Contains(bd.operated, in):
				bd.operated = append(bd.operated, in)
			}
		}
	}
	var list []*body
	for _, k := range slices.Sorted(maps.Keys(bodies)) {
		list = append(list, bodies[k])
	}
	return take(p, quota, list, func(bd *body) (need, bool) {
		if len(bd.partOf) < 2 || len(bd.partOf) > MaxSet {
			return need{}, false
		}
		// as in every list, the open members are expected and the closed
		// ones acceptable (a set of closed members alone stays expected)
		exp, acc := bd.partOf, append(ids(bd.operated), bd.former...)
		if open, closed := splitOpen(exp); len(open) > 0 && len(closed) > 0 {
			exp, acc = open, append(ids(closed), acc...)
		}
		return need{
			frame: "relset_members", intent: plan.Relationship, vars: plainVars("{body}", bd.name),
			expected: ids(exp), acceptable: acc,
			answer: countedList(exp, "institutions", "institution"),
			notes:  fmt.Sprintf("Rule: member_of {name: %q, relation: part_of}, current, of every type; open members expected; closed ones, members by operated_by and former members acceptable.", bd.name),
		}, true
	})
}

// cityNeeds asks for the institutions of a type in a town, as place_city:
// open ones expected; closed ones and records whose address names the
// town acceptable. Only towns whose records all come from the Mapping
// Museums data are asked about, where every record states its town (of
// the other sources many records name no town, so that no set by town is
// complete); a town whose name the data holds in two countries is not, nor
// a city field that is no town's name.
func cityNeeds(p *pbuilder, quota int) []need {
	groups := p.cityGroups()
	countries := map[string]map[string]bool{}
	for _, g := range groups {
		k := g.typ + "|" + fold(g.city)
		if countries[k] == nil {
			countries[k] = map[string]bool{}
		}
		countries[k][g.recs[0].Country] = true
	}
	return take(p, quota, groups, func(g *cityGroup) (need, bool) {
		open, closed := splitOpen(g.recs)
		if len(open) == 0 || len(open) > MaxSet || len(countries[g.typ+"|"+fold(g.city)]) > 1 || !allMapped(g.recs) || !townName(g.city) {
			return need{}, false
		}
		return need{
			frame: "place_city", intent: plan.Exploratory,
			vars: func(lang string) []string {
				return []string{"{kinds}", p.word("kinds", g.typ, lang), "{place}", g.city}
			},
			expected: ids(open), acceptable: append(ids(closed), ids(p.looseCity(g))...),
			answer: countedList(open, p.word("kinds", g.typ, LangEN), p.word("kind", g.typ, LangEN)),
			notes:  fmt.Sprintf("Rule: type == %s AND city == %q; open ones expected; closed ones and records whose address names the town acceptable.", g.typ, g.city),
		}, true
	})
}

// townName reports whether a city field reads as a town's name: it starts
// with a capital letter ("nr Romsey" does not).
func townName(city string) bool {
	r, _ := utf8.DecodeRuneInString(city)
	return unicode.IsUpper(r)
}

// allMapped reports whether every record comes from the Mapping Museums
// data.
func allMapped(recs []*heritage.Institution) bool {
	for _, in := range recs {
		if in.Source != "mapping_museums" {
			return false
		}
	}
	return true
}

// subjectNeeds asks for the museums of a subject in a county-level area:
// open ones expected, closed ones acceptable.
func subjectNeeds(p *pbuilder, quota int) []need {
	var sets []subjectSet
	for _, ss := range p.subjectSets() {
		if ss.place != nil && countyLevels[ss.place.level] {
			sets = append(sets, ss)
		}
	}
	return take(p, quota, sets, func(ss subjectSet) (need, bool) {
		return need{
			frame: "subject_place", intent: plan.Collection,
			vars: func(lang string) []string {
				topic := ss.s.topic
				switch lang {
				case LangNL:
					topic = ss.s.nl
				case LangDE:
					topic = ss.s.de
				}
				return []string{"{topic}", topic, "{place}", ss.place.name}
			},
			expected: ids(ss.open), acceptable: ids(ss.closed), answer: listAnswer(ss.open, "museums"),
			notes: fmt.Sprintf("Rule: subjects has %q AND admin_area has %s (%s); open museums expected, closed ones acceptable.", ss.s.term, ss.place.name, ss.place.level),
		}, true
	})
}

// countNeeds asks how many museums of a kind a county-level area holds,
// of sets whose members are all open.
func countNeeds(p *pbuilder, quota int) []need {
	return take(p, quota, p.countSets(), func(s attrSet) (need, bool) {
		return need{
			frame: "count", intent: plan.Exploratory,
			vars: func(lang string) []string {
				return []string{"{what}", s.at.noun(lang), "{place}", s.a.name}
			},
			expected: ids(s.recs), answer: strconv.Itoa(len(s.recs)),
			notes: fmt.Sprintf("Rule: admin_area has %s (%s) AND %s; all matches open; answer = the count.", s.a.name, s.a.level, s.at.key),
		}, true
	})
}

// oldestNeeds asks for the oldest museum of a county-level area whose
// museums are all open and all have one opening year, the oldest alone
// in its year.
func oldestNeeds(p *pbuilder, quota int) []need {
	return take(p, quota, p.areas(), func(a *area) (need, bool) {
		if !countyLevels[a.level] || len(a.recs) < 3 || len(a.recs) > MaxSet {
			return need{}, false
		}
		recs := slices.Clone(a.recs)
		for _, in := range recs {
			if _, ok := exactOpened(in); !ok || !in.IsOpen() {
				return need{}, false
			}
		}
		year := func(in *heritage.Institution) int { y, _ := exactOpened(in); return y }
		slices.SortStableFunc(recs, func(x, y *heritage.Institution) int { return year(x) - year(y) })
		if year(recs[0]) == year(recs[1]) {
			return need{}, false
		}
		return need{
			frame: "order_oldest", intent: plan.Exploratory, vars: plainVars("{place}", a.name),
			expected: []string{recs[0].ID}, answer: recs[0].Name,
			notes: fmt.Sprintf("Rule: admin_area has %s (%s); every museum there is open and has one opening year; the earliest (%d).", a.name, a.level, year(recs[0])),
		}, true
	})
}

// moreNeeds asks which of two county-level areas of one level holds more
// museums of a kind, of sets whose members are all open, with unequal
// counts.
func moreNeeds(p *pbuilder, quota int) []need {
	type pair struct{ x, y attrSet }
	var pairs []pair
	sets := p.countSets()
	for i, x := range sets {
		for _, y := range sets[i+1:] {
			if x.at.key == y.at.key && x.a.level == y.a.level && x.a.name != y.a.name &&
				len(x.recs) != len(y.recs) && len(x.recs)+len(y.recs) <= MaxSet {
				pairs = append(pairs, pair{x, y})
			}
		}
	}
	return take(p, quota, pairs, func(pr pair) (need, bool) {
		x, y := pr.x, pr.y
		if p.r.IntN(2) == 1 {
			x, y = y, x
		}
		win := x
		if len(y.recs) > len(x.recs) {
			win = y
		}
		return need{
			frame: "more", intent: plan.Comparative,
			vars: func(lang string) []string {
				return []string{"{what}", x.at.noun(lang), "{a}", x.a.name, "{b}", y.a.name}
			},
			expected: slices.Concat(ids(x.recs), ids(y.recs)), answer: win.a.name,
			notes: fmt.Sprintf("Rule: %s: %d in %s, %d in %s (all open); answer = the place with more.", x.at.key, len(x.recs), x.a.name, len(y.recs), y.a.name),
		}, true
	})
}

// yesnoCityNeeds asks whether a record is in a town: its own (yes) or
// another town of its country (no), in turn.
func yesnoCityNeeds(p *pbuilder, quota int) []need {
	pool := p.where(func(in *heritage.Institution) bool { return statedCity(in) != "" && p.x.unique(in) })
	citiesBy := map[string][]string{}
	seen := map[string]bool{}
	for _, in := range pool {
		if k := in.Country + "|" + fold(in.City); !seen[k] {
			seen[k] = true
			citiesBy[in.Country] = append(citiesBy[in.Country], in.City)
		}
	}
	i := 0
	return take(p, quota, pool, func(in *heritage.Institution) (need, bool) {
		i++
		city, yes := in.City, i%2 == 0
		if !yes {
			others := citiesBy[in.Country]
			if len(others) < 2 {
				return need{}, false
			}
			for fold(city) == fold(in.City) {
				city = pick(p.r, others)
			}
		}
		return need{
			frame: "yesno_city", intent: plan.Factual, vars: plainVars("{name}", in.Name, "{city}", city),
			expected: []string{in.ID}, answer: yesno(yes),
			notes: fmt.Sprintf("Rule: city == %s; answer %s (%s).", city, yesno(yes), in.ID),
		}, true
	})
}

// yesnoTypeNeeds asks whether a museum, library or archive is of a type:
// its own (yes) or another of the three (no), in turn.
func yesnoTypeNeeds(p *pbuilder, quota int) []need {
	kinds := []string{"ARCHIVE", "LIBRARY", "MUSEUM"}
	pool := p.where(func(in *heritage.Institution) bool {
		return slices.Contains(kinds, in.Type) && p.x.unique(in)
	})
	i := 0
	return take(p, quota, pool, func(in *heritage.Institution) (need, bool) {
		i++
		asked := in.Type
		if i%2 == 1 {
			for asked == in.Type {
				asked = pick(p.r, kinds)
			}
		}
		return need{
			frame: "yesno_type", intent: plan.Factual,
			vars: func(lang string) []string {
				return []string{"{name}", in.Name, "{a_kind}", p.word("a_kind", asked, lang), "{kind}", p.word("kind", asked, lang)}
			},
			expected: []string{in.ID}, answer: yesno(asked == in.Type),
			notes: fmt.Sprintf("Rule: type == %s; answer %s (%s).", asked, yesno(asked == in.Type), in.ID),
		}, true
	})
}

// reverseISILNeeds asks which record carries an ISIL no other record
// carries.
func reverseISILNeeds(p *pbuilder, quota int) []need {
	return take(p, quota, p.x.recs, func(in *heritage.Institution) (need, bool) {
		v := strings.TrimSpace(in.ISIL)
		if v == "" || !p.x.unique(in) || p.x.isils[strings.ToUpper(v)] != 1 {
			return need{}, false
		}
		return need{
			frame: "reverse_isil", intent: plan.Factual, vars: plainVars("{id}", v),
			expected: []string{in.ID}, answer: in.Name,
			notes: fmt.Sprintf("Rule: the one record with this ISIL; answer = its name (%s).", in.ID),
		}, true
	})
}

// currentNameNeeds asks for the present name of a record by a former
// name that no other record carries and that differs from the present
// one.
func currentNameNeeds(p *pbuilder, quota int) []need {
	return take(p, quota, p.x.recs, func(in *heritage.Institution) (need, bool) {
		if !p.x.unique(in) {
			return need{}, false
		}
		for _, f := range in.FormerNames() {
			k := fold(f.Name)
			if k == "" || k == fold(in.Name) || len(p.x.anyName[k]) != 1 {
				continue
			}
			return need{
				frame: "current_name", intent: plan.Temporal, vars: plainVars("{former}", strings.TrimSpace(f.Name)),
				expected: []string{in.ID}, answer: in.Name,
				notes: fmt.Sprintf("Rule: former name of %s and of no other record; answer = its name.", in.ID),
			}, true
		}
		return need{}, false
	})
}
