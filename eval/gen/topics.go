package gen

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
)

// asOf is the year memberships are judged current in (fixed, so that the
// output does not change with the clock).
const asOf = 2025

// relMember asks what body a record belongs to by one relation; records
// with exactly one such membership are asked about.
func relMember(rel, name string, ps para) func(*qbuilder, int) {
	return func(b *qbuilder, quota int) {
		offer(b, quota, b.x.recs, func(in *heritage.Institution) (draft, bool) {
			var ms []heritage.Membership
			for _, m := range in.MemberOf() {
				if m.Relation == rel && m.Current(asOf) {
					ms = append(ms, m)
				}
			}
			if len(ms) != 1 || !b.x.unique(in) || strings.TrimSpace(ms[0].Name) == "" {
				return draft{}, false
			}
			d := draft{
				frame: name, intent: plan.Relationship, paras: ps, vars: []string{"{name}", in.Name},
				expected: []string{in.ID}, answer: ms[0].Name,
				notes: fmt.Sprintf("Rule: member_of {relation: %s} of %s; answer = the body's name.", rel, in.ID),
			}
			if body := ms[0].ID; body != "" && b.x.ids[body] && body != in.ID {
				d.expected, d.acceptable = []string{body}, []string{in.ID}
				d.notes += " The body is a record: expected; the asked record acceptable."
			}
			return d, true
		})
	}
}

// relSucceeded asks which institution succeeded another (related
// succeeded_by or merged_into, or the inverse successor_of).
func relSucceeded(b *qbuilder, quota int) {
	ps := para{
		LangEN: {"Which museum succeeded {name}?", "What replaced {name}?", "What came after {name}?", "Which institution took over from {name}?"},
		LangNL: {"Welk museum volgde {name} op?", "Wat kwam er in de plaats van {name}?"},
		LangDE: {"Welches Museum ist der Nachfolger von {name}?", "Was trat an die Stelle von {name}?"},
	}
	type succ struct{ from, to *heritage.Institution }
	var pairs []succ
	seen := map[string]bool{}
	for _, in := range b.x.recs {
		for _, r := range in.Related() {
			var s succ
			switch r.Relation {
			case "succeeded_by", "merged_into":
				to, ok := b.get(r.ID)
				if !ok {
					continue
				}
				s = succ{in, to}
			case "successor_of":
				from, ok := b.get(r.ID)
				if !ok {
					continue
				}
				s = succ{from, in}
			default:
				continue
			}
			if k := s.from.ID + ">" + s.to.ID; !seen[k] && s.from != s.to {
				seen[k] = true
				pairs = append(pairs, s)
			}
		}
	}
	// A predecessor with two successors has no single answer.
	succs := map[string]int{}
	for _, s := range pairs {
		succs[s.from.ID]++
	}
	offer(b, quota, pairs, func(s succ) (draft, bool) {
		if succs[s.from.ID] != 1 || !b.x.unique(s.from) {
			return draft{}, false
		}
		return draft{
			frame: "rel_succeeded", intent: plan.Relationship, paras: ps, vars: []string{"{name}", s.from.Name},
			expected: []string{s.to.ID}, acceptable: []string{s.from.ID}, answer: s.to.Name,
			notes: fmt.Sprintf("Rule: related succeeded_by/merged_into (or the inverse successor_of) from %s to %s; answer = the successor.", s.from.ID, s.to.ID),
		}, true
	})
}

func (b *qbuilder) get(id string) (*heritage.Institution, bool) {
	if id == "" || !b.x.ids[id] {
		return nil, false
	}
	i, ok := slices.BinarySearchFunc(b.x.recs, id, func(in *heritage.Institution, id string) int { return strings.Compare(in.ID, id) })
	if !ok {
		return nil, false
	}
	return b.x.recs[i], true
}

// relPhrase is one way of asking for a body's members and the relation it
// means; an ambiguous phrase means the body's main relation and accepts
// members by the other.
type relPhrase struct {
	rel       string // "" = ambiguous
	paras     para
	frameName string
	museums   bool // the phrases ask for museums, not any member
}

var relPhrases = []relPhrase{
	{heritage.RelOperatedBy, para{
		LangEN: {"Which museums are run by {body}?", "Which museums are operated by {body}?", "Which museums does {body} manage?", "museums managed by {body}?"},
		LangNL: {"Welke musea worden beheerd door {body}?", "Welke musea exploiteert {body}?"},
		LangDE: {"Welche Museen werden von {body} betrieben?", "Welche Museen verwaltet {body}?"},
	}, "relset_operated_by", true},
	{heritage.RelPartOf, para{
		LangEN: {"Which museums are part of {body}?", "Which museums are members of {body}?"},
		LangNL: {"Welke musea maken deel uit van {body}?", "Welke musea vallen onder {body}?"},
		LangDE: {"Welche Museen sind Teil von {body}?", "Welche Museen gehören zum Verbund {body}?"},
	}, "relset_part_of", true},
	{heritage.RelPartOf, para{
		LangEN: {"What are the branches of {body}?", "Which sites make up {body}?"},
		LangNL: {"Wat zijn de vestigingen van {body}?", "Welke locaties horen bij {body}?"},
		LangDE: {"Welche Standorte hat {body}?", "Welche Einrichtungen gehören zu {body}?"},
	}, "relset_sites", false},
	{"", para{
		LangEN: {"Which museums belong to {body}?", "Which museums are associated with {body}?", "What museums does {body} have?", "~{body} museums"},
		LangNL: {"Welke musea horen bij {body}?", "Welke musea heeft {body}?"},
		LangDE: {"Welche Museen gehören zu {body}?", "Welche Museen hat {body}?"},
	}, "relset_ambiguous", true},
}

// relSets asks for the members of a body by a relation phrase.
func relSets(b *qbuilder, quota int) {
	type body struct {
		name            string
		byRel           map[string][]*heritage.Institution
		pastMembersByID map[string]bool
	}
	bodies := map[string]*body{}
	for _, in := range b.x.recs {
		for _, m := range in.MemberOf() {
			if m.Name == "" {
				continue
			}
			bd := bodies[m.Name]
			if bd == nil {
				bd = &body{name: m.Name, byRel: map[string][]*heritage.Institution{}, pastMembersByID: map[string]bool{}}
				bodies[m.Name] = bd
			}
			if !m.Current(asOf) {
				bd.pastMembersByID[in.ID] = true
				continue
			}
			if !slices.Contains(bd.byRel[m.Relation], in) {
				bd.byRel[m.Relation] = append(bd.byRel[m.Relation], in)
			}
		}
	}
	var list []*body
	for _, k := range slices.Sorted(maps.Keys(bodies)) {
		list = append(list, bodies[k])
	}
	b.attempt(quota, quota*10, func() (draft, bool) {
		bd := pick(b.r, list)
		ph := pick(b.r, relPhrases)
		rel, other := ph.rel, ""
		if rel == "" {
			// The ambiguous phrase means the body's main relation.
			rel = heritage.RelPartOf
			if len(bd.byRel[heritage.RelOperatedBy]) > len(bd.byRel[heritage.RelPartOf]) {
				rel = heritage.RelOperatedBy
			}
		}
		if rel == heritage.RelPartOf {
			other = heritage.RelOperatedBy
		} else {
			other = heritage.RelPartOf
		}
		// Phrases that ask for museums expect the museums; the body's
		// other members (libraries, archives …) are acceptable. Members by
		// the other relation are acceptable too: the data's part_of and
		// operated_by come from the sources' fields, which users do not see.
		var exp, otherType []*heritage.Institution
		for _, in := range bd.byRel[rel] {
			if in.TypeCode == "M" || !ph.museums {
				exp = append(exp, in)
			} else {
				otherType = append(otherType, in)
			}
		}
		if len(exp) < 2 || len(exp) > MaxSet {
			return draft{}, false
		}
		expSet := map[string]bool{}
		for _, in := range exp {
			expSet[in.ID] = true
		}
		var acc []string
		for _, in := range append(otherType, bd.byRel[other]...) {
			if !expSet[in.ID] {
				acc = append(acc, in.ID)
				expSet[in.ID] = true
			}
		}
		for _, id := range slices.Sorted(maps.Keys(bd.pastMembersByID)) {
			if !expSet[id] {
				acc = append(acc, id)
			}
		}
		// As in every list, the open members are expected and the closed
		// ones acceptable (a set of closed members alone stays expected).
		if open, closed := splitOpen(exp); len(open) > 0 && len(closed) > 0 {
			exp = open
			acc = append(ids(closed), acc...)
		}
		note := fmt.Sprintf("Rule: member_of {name: %q, relation: %s}; open members expected; closed ones, former members and members by %s acceptable.", bd.name, rel, other)
		if ph.museums {
			note += " The phrase asks for museums: members of other types acceptable."
		}
		return draft{
			frame: ph.frameName, intent: plan.Relationship, paras: ph.paras, vars: []string{"{body}", bd.name},
			expected: ids(exp), acceptable: acc, answer: listAnswer(exp, "museums"), notes: note,
		}, true
	})
}

// subject is one subject term of the data with the words people use for
// it: an English adjective ("railway museums"), an English topic
// ("railways"), Dutch and German topic words and, where German joins it
// into one word, the German compound stem.
type subject struct {
	term, adj, topic, nl, de, deStem string
}

var subjects = []subject{
	{"Transport / Aviation", "aviation", "aviation", "luchtvaart", "Luftfahrt", "Luftfahrt"},
	{"Transport / Trains and railways", "railway", "railways", "spoorwegen", "Eisenbahn", "Eisenbahn"},
	{"Leisure and sport / Toys and models", "toy", "toys and models", "speelgoed", "Spielzeug", "Spielzeug"},
	{"Industry and manufacture / Mining and quarrying", "mining", "mining and quarrying", "mijnbouw", "Bergbau", "Bergbau"},
	{"Industry and manufacture / Textiles", "textile", "the textile industry", "textiel", "Textilindustrie", "Textil"},
	{"War and conflict / Castles and forts", "castle", "castles and forts", "kastelen en forten", "Burgen und Festungen", "Burg"},
	{"Sea and seafaring / Boats and ships", "boat", "boats and ships", "schepen en boten", "Schiffe und Boote", "Schiff"},
	{"Transport / Cars and motorbikes", "motor", "cars and motorbikes", "auto's en motoren", "Autos und Motorräder", "Auto"},
	{"Rural Industry / Farming", "farming", "farming", "landbouw", "Landwirtschaft", "Landwirtschafts"},
	{"Archaeology / Roman", "Roman", "Roman archaeology", "Romeinse archeologie", "römische Archäologie", "Römer"},
	{"Arts / Music", "music", "music", "muziek", "Musik", "Musik"},
	{"Services / Police", "police", "the police", "politie", "Polizei", "Polizei"},
	{"Rural Industry / Watermills", "watermill", "watermills", "watermolens", "Wassermühlen", "Wassermühlen"},
	{"Rural Industry / Windmills", "windmill", "windmills", "windmolens", "Windmühlen", "Windmühlen"},
	{"Arts / Ceramics", "ceramics", "ceramics", "keramiek", "Keramik", "Keramik"},
	{"Natural world / Geology", "geology", "geology", "geologie", "Geologie", "Geologie"},
	{"Services / Fire", "fire brigade", "fire fighting", "brandweer", "Feuerwehr", "Feuerwehr"},
	{"Transport / Canals", "canal", "canals", "kanalen", "Kanäle", "Kanal"},
	{"War and conflict / Navy", "naval", "the navy", "marine", "Marine", "Marine"},
	{"War and conflict / Airforce", "air force", "the air force", "luchtmacht", "Luftwaffe", "Luftwaffen"},
	{"Arts / Photography", "photography", "photography", "fotografie", "Fotografie", "Fotografie"},
	{"Sea and seafaring / Lighthouses", "lighthouse", "lighthouses", "vuurtorens", "Leuchttürme", "Leuchtturm"},
	{"Sea and seafaring / Fishing", "fishing", "fishing", "visserij", "Fischerei", "Fischerei"},
	{"Transport / Buses and trams", "bus and tram", "buses and trams", "bussen en trams", "Busse und Straßenbahnen", "Straßenbahn"},
	{"Leisure and sport / Film Cinema and TV", "film", "film, cinema and TV", "film en televisie", "Film und Fernsehen", "Film"},
	{"War and conflict / Regiment", "regimental", "regiments", "regimenten", "Regimenter", "Regiments"},
	{"Personality / Literary", "literary", "writers and literature", "schrijvers en literatuur", "Schriftsteller und Literatur", "Literatur"},
	{"Industry and manufacture / Potteries", "pottery", "potteries", "aardewerk", "Töpfereien", "Töpferei"},
	{"War and conflict / Bunker", "bunker", "bunkers", "bunkers", "Bunker", "Bunker"},
	{"Medicine and health / Hospital", "hospital", "hospitals", "ziekenhuizen", "Krankenhäuser", "Krankenhaus"},
	{"Food and drink", "food and drink", "food and drink", "eten en drinken", "Essen und Trinken", ""},
	{"Arts / Fine and decorative arts", "art", "fine and decorative arts", "beeldende en toegepaste kunst", "bildende und angewandte Kunst", "Kunst"},
}

// subjectSet is the museums of one subject, optionally in one place.
type subjectSet struct {
	s            subject
	place        *area // nil: the whole data
	open, closed []*heritage.Institution
}

// subjectSets lists every subject alone (when small enough) and in each
// nation and county-level area (2 to MaxSet open museums), once per
// builder; callers read the sets and never change them.
func (b *qbuilder) subjectSets() []subjectSet {
	if b.subjectList == nil {
		b.subjectList = b.makeSubjectSets()
	}
	return b.subjectList
}

func (b *qbuilder) makeSubjectSets() []subjectSet {
	var out []subjectSet
	for _, s := range subjects {
		has := func(in *heritage.Institution) bool { return slices.Contains(in.Subjects, s.term) }
		open, closed := splitOpen(filter(b.x.recs, has))
		if len(open) >= 2 && len(open) <= MaxSet {
			out = append(out, subjectSet{s, nil, open, closed})
		}
		for _, a := range b.areas() {
			if !countyLevels[a.level] && a.level != "" && a.level != "English Region" {
				continue
			}
			open, closed := splitOpen(filter(a.recs, has))
			if len(open) >= 2 && len(open) <= MaxSet {
				out = append(out, subjectSet{s, a, open, closed})
			}
		}
	}
	return out
}

func (b *qbuilder) subjectDraft(frame string, ss subjectSet, lang string, ps para, vars ...string) draft {
	in := ""
	where := "anywhere"
	if ss.place != nil {
		in = " in " + b.placePhrase(ss.place, lang)
		where = fmt.Sprintf("admin_area has %s (%s)", ss.place.name, ss.place.level)
	}
	return draft{
		frame: frame, intent: plan.Collection, paras: ps, lang: lang,
		vars:     append([]string{"{in}", in, "{term}", ss.s.term}, vars...),
		expected: ids(ss.open), acceptable: ids(ss.closed), answer: listAnswer(ss.open, "museums"),
		notes: fmt.Sprintf("Rule: subjects has %q, %s; open museums expected, closed ones acceptable.", ss.s.term, where),
	}
}

// subjectFrame asks for museums of a subject in English words (plain) or
// by the exact classification (class).
func subjectFrame(name string, class bool) func(*qbuilder, int) {
	return func(b *qbuilder, quota int) {
		offer(b, quota, b.subjectSets(), func(ss subjectSet) (draft, bool) {
			var d draft
			if class {
				d = b.subjectDraft(name, ss, b.lang(), para{
					LangEN: {"Which museums{in} have the subject classification '{term}'?", "Museums{in} with the subject '{term}'?", "List the museums{in} classified as '{term}'.", "Which museums{in} are classified under {term}?"},
					LangNL: {"Welke musea{in} hebben de onderwerpsclassificatie '{term}'?", "Musea{in} met onderwerp '{term}'?"},
					LangDE: {"Welche Museen{in} haben die Sachgebietsklassifikation '{term}'?", "Museen{in} mit dem Thema '{term}'?"},
				})
				d.protect = []string{ss.s.term}
			} else {
				d = b.subjectDraft(name, ss, LangEN, para{LangEN: {
					"Which {adj} museums are there{in}?", "Which museums{in} have collections about {topic}?",
					"Are there any museums about {topic}{in}?", "I'm interested in {topic}: which museums{in} should I visit?", "~{adj} museums{in}",
				}}, "{adj}", ss.s.adj, "{topic}", ss.s.topic)
			}
			return d, true
		})
	}
}

// subjectForeign asks for museums of a subject in Dutch or German words.
func subjectForeign(b *qbuilder, quota int) {
	offer(b, quota, b.subjectSets(), func(ss subjectSet) (draft, bool) {
		lang := LangNL
		if b.r.IntN(2) == 1 {
			lang = LangDE
		}
		de := []string{"Welche Museen{in} haben Sammlungen zum Thema {de}?", "Museen zum Thema {de}{in}?"}
		if ss.s.deStem != "" {
			de = append(de, "Welche {stem}museen gibt es{in}?", "~{stem}museen{in}")
		}
		return b.subjectDraft("subject_foreign", ss, lang, para{
			LangNL: {"Welke musea over {nl} zijn er{in}?", "Welke musea{in} hebben collecties over {nl}?", "Musea over {nl}{in}?"},
			LangDE: de,
		}, "{nl}", ss.s.nl, "{de}", ss.s.de, "{stem}", ss.s.deStem), true
	})
}

// placeSet is the museums of one kind (a subject or an attribute) in one
// place, one side of a comparison of places; vars fill the kind's words
// in a language.
type placeSet struct {
	kind         string
	a            *area
	open, closed []*heritage.Institution
	vars         func(lang string) []string
}

// comparePlaces asks to compare the museums of one kind in two
// county-level places; the union of both sets is expected, closed museums
// acceptable.
func (b *qbuilder) comparePlaces(quota int, frame string, sets []placeSet, ps para) {
	byKind := map[string][]placeSet{}
	for _, s := range sets {
		byKind[s.kind] = append(byKind[s.kind], s)
	}
	kinds := slices.Sorted(maps.Keys(byKind))
	if len(kinds) == 0 {
		return
	}
	b.attempt(quota, quota*30, func() (draft, bool) {
		group := byKind[pick(b.r, kinds)]
		x, y := pick(b.r, group), pick(b.r, group)
		if x.a == y.a || len(x.open)+len(y.open) > MaxSet {
			return draft{}, false
		}
		lang := b.lang()
		return draft{
			frame: frame, intent: plan.Comparative, paras: ps, lang: lang,
			vars:       append(x.vars(lang), "{a}", b.placePhrase(x.a, lang), "{b}", b.placePhrase(y.a, lang)),
			expected:   slices.Concat(ids(x.open), ids(y.open)),
			acceptable: slices.Concat(ids(x.closed), ids(y.closed)),
			answer: fmt.Sprintf("%s: %d (%s); %s: %d (%s)", x.a.name, len(x.open), names(x.open),
				y.a.name, len(y.open), names(y.open)),
			notes: fmt.Sprintf("Rule: %s in each place (%s / %s); open museums expected, closed ones acceptable.", x.kind, x.a.name, y.a.name),
		}, true
	})
}

// placesCompare compares the museums of one subject in two places.
func placesCompare(b *qbuilder, quota int) {
	var sets []placeSet
	for _, ss := range b.subjectSets() {
		if ss.place != nil && countyLevels[ss.place.level] {
			sets = append(sets, placeSet{fmt.Sprintf("subjects has %q", ss.s.term), ss.place, ss.open, ss.closed,
				func(string) []string { return []string{"{adj}", ss.s.adj, "{nl}", ss.s.nl, "{de}", ss.s.de} }})
		}
	}
	b.comparePlaces(quota, "places_compare", sets, para{
		LangEN: {"Compare the {adj} museums in {a} and {b}.", "~{adj} museums: {a} vs {b}", "~{adj} museums {a} or {b}?", "How do {a} and {b} compare for {adj} museums?"},
		LangNL: {"Vergelijk de musea over {nl} in {a} en {b}.", "Musea over {nl}: {a} tegenover {b}?"},
		LangDE: {"Vergleiche die Museen zum Thema {de} in {a} und {b}.", "Museen zum Thema {de}: {a} gegen {b}?"},
	})
}

// placesCompareKind compares the museums of one attribute (accredited,
// small, local-authority …) in two places.
func placesCompareKind(b *qbuilder, quota int) {
	var sets []placeSet
	for _, a := range b.areas() {
		if !countyLevels[a.level] {
			continue
		}
		for _, at := range attrs[1:] {
			open, closed := splitOpen(filter(a.recs, at.keep))
			if len(open) >= 1 && len(open) <= MaxSet {
				sets = append(sets, placeSet{at.key, a, open, closed,
					func(lang string) []string { return []string{"{what}", at.noun(lang)} }})
			}
		}
	}
	b.comparePlaces(quota, "places_compare_kind", sets, para{
		LangEN: {"Compare the {what} in {a} and {b}.", "~{what}: {a} vs {b}", "~{what} {a} or {b}?", "How do {a} and {b} compare for {what}?"},
		LangNL: {"Vergelijk {what} in {a} en {b}.", "{what}: {a} tegenover {b}?"},
		LangDE: {"Vergleiche {what} in {a} und {b}.", "{what}: {a} gegen {b}?"},
	})
}
