package answer

import (
	"cmp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// similarShown is how many institutions an answer of those like a named
// one lists.
const similarShown = 10

// The weights of what makes two institutions alike: their shared
// subjects (the share of the two records' subjects they have in common)
// first, then where they are, then how they are run and their size. The
// data records no likeness itself: these say what the answer compares.
const (
	likeSubjects   = 3.0
	likeTown       = 1.0
	likeCounty     = 0.5
	likeRegion     = 0.25
	likeCountry    = 0.1
	likeGovernance = 0.3
	likeSize       = 0.2
)

// likeness is how alike a record is to the named one, and why.
type likeness struct {
	id       string
	score    float64
	subjects []string // the subjects they share
	where    string   // the place they share, at its finest level
}

// similarAnswer answers the institutions most like a named one
// (plan.FrameSimilar, "Which museums are similar to X?"): of the kind the
// question asks, else of the named one's, passing the question's other
// conditions, ranked by the subjects they share with it, then by how near
// they are (the same town, county, region or country), then by the same
// governance and size. A record that shares no subject and not its town is
// not like it. The answer is a ranking, never exact: the data records no
// likeness, and it says what it compared.
func (p *Base) similarAnswer(pln plan.Plan) (Draft, bool) {
	c := pln.Constraints
	if !c.Similar || len(c.Names) != 1 || len(c.Names[0].IDs) == 0 {
		return Draft{}, false
	}
	pr := locale.For(pln.Lang)
	of, ok := p.data.Get(c.Names[0].IDs[0])
	if !ok {
		return Draft{}, false
	}
	if len(c.TypeCodes) == 0 {
		c.TypeCodes = []string{of.TypeCode}
	}
	if len(of.Subjects) == 0 && of.City == "" {
		return noneDraft(pr.Sprintf("The data records no subjects and no town for %s, so it cannot tell which %s are like it.",
			of.Name, pr.Plural(TypeNoun(pr, c.TypeCodes), 2))), true
	}
	keep := conditionsKeep(c)
	var found []likeness
	for i := range p.data.Institutions {
		in := &p.data.Institutions[i]
		if in.ID == of.ID || slices.Contains(c.Names[0].IDs, in.ID) || !keep(in) {
			continue
		}
		if l, ok := alike(of, in); ok {
			found = append(found, l)
		}
	}
	slices.SortFunc(found, func(a, b likeness) int { return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.id, b.id)) })
	noun := TypeNoun(pr, c.TypeCodes)
	if len(found) == 0 {
		return noneDraft(pr.Sprintf("No %s in the data shares a subject or a town with %s.", noun, of.Name)), true
	}
	shown := found[:min(len(found), similarShown)]
	ids := make([]string, len(shown))
	for i, l := range shown {
		ids[i] = l.id
	}
	return Draft{Answer: Answer{Kind: KindRanked, IDs: ids}, render: func(cite func(string) string) string {
		var b strings.Builder
		pr.Fprintf(&b, "The %s most like %s, by the subjects they share with it, then by how near they are: ", pr.Plural(noun, 2), of.Name)
		for i, l := range shown {
			if i > 0 {
				b.WriteString("; ")
			}
			b.WriteString(p.label(l.id) + cite(l.id))
			var why []string
			if len(l.subjects) > 0 {
				why = append(why, pr.Sprintf("shares %s", strings.Join(l.subjects, ", ")))
			}
			if l.where != "" {
				why = append(why, pr.Sprintf("also in %s", l.where))
			}
			b.WriteString(" (" + strings.Join(why, "; ") + ")")
		}
		pr.Fprintf(&b, ". Not an exact answer: the data records no likeness, so this compares subjects, places, governance and size")
		if n := len(found) - len(shown); n > 0 {
			pr.Fprintf(&b, "; %d more share a subject or a town with it", n)
		}
		return b.String() + "."
	}}, true
}

// alike scores how like the record a is the record b, and whether it is
// like it at all: sharing a subject or a town.
func alike(a, b *heritage.Institution) (likeness, bool) {
	l := likeness{id: b.ID}
	for _, s := range b.Subjects {
		if slices.Contains(a.Subjects, s) {
			l.subjects = append(l.subjects, s)
		}
	}
	if union := len(a.Subjects) + len(b.Subjects) - len(l.subjects); union > 0 {
		l.score += likeSubjects * float64(len(l.subjects)) / float64(union)
	}
	sameTown := a.City != "" && strings.EqualFold(a.City, b.City) && a.Country == b.Country
	switch {
	case sameTown:
		l.score, l.where = l.score+likeTown, b.City
	case sameCounty(a, b) != "":
		l.score, l.where = l.score+likeCounty, sameCounty(a, b)
	case a.Region() != "" && a.Region() == b.Region() && a.Country == b.Country:
		l.score += likeRegion
	case a.Country == b.Country:
		l.score += likeCountry
	}
	if a.GovernanceCode() != "" && a.GovernanceCode() == b.GovernanceCode() {
		l.score += likeGovernance
	}
	if a.Size() != "" && a.Size() == b.Size() {
		l.score += likeSize
	}
	return l, len(l.subjects) > 0 || sameTown
}

// sameCounty is the county two records share, or "".
func sameCounty(a, b *heritage.Institution) string {
	for _, u := range a.AdminAreas() {
		if !strings.HasSuffix(u.Level, "County") {
			continue
		}
		for _, v := range b.AdminAreas() {
			if v.Level == u.Level && v.Name == u.Name {
				return u.Name
			}
		}
	}
	return ""
}
