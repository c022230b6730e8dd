package kg

import (
	"slices"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/stretchr/testify/require"
)

func loadGold(t testing.TB) map[string]gold.Question {
	t.Helper()
	qs, err := gold.Load("../testdata/questions.jsonl")
	require.NoError(t, err)
	out := make(map[string]gold.Question, len(qs))
	for _, q := range qs {
		out[q.ID] = q
	}
	return out
}

// Constraint builders: each gold case below is written from the question's
// wording (place, type, tense, topic), the way the router reads it.
func city(n string) plan.Place { return plan.Place{Name: n, Level: plan.LevelCity} }
func admin(n, lvl string) plan.Place {
	return plan.Place{Name: n, Level: plan.LevelAdmin, AdminLevel: lvl}
}
func region(n string) plan.Place { return plan.Place{Name: n, Level: plan.LevelRegion} }

const (
	ukCounty  = "English County"
	ukUA      = "English UA"
	ukRegion  = "English Region"
	ukBorough = "London Borough"
	scCouncil = "Scottish Council Area"
	wlUA      = "Welsh UA"
	niLGD     = "NI Loc Gov District"
)

// Topic lexicon: a topic phrase and the Subject_Matter codes it stands for.
var (
	topicCeramics   = []string{"Arts / Ceramics", "Industry and manufacture / Potteries"}
	topicRailways   = []string{"Transport / Trains and railways"}
	topicReligion   = []string{"Belief and identity / Religion", "Belief and identity / Religious buildings", "Belief and identity / Church treasuries"}
	topicLargeHouse = []string{"Buildings / Houses / Large houses"}
	topicNatural    = []string{"Natural world/*"}
	topicMilitary   = []string{"War and conflict / Military"}
	topicMaritime   = []string{"Sea and seafaring"}
	topicGeology    = []string{"Natural world / Geology", "Natural world / Fossils", "Natural world / Dinosaurs"}
	topicMedicine   = []string{"Medicine and health"}
	topicTextiles   = []string{"Industry and manufacture / Textiles", "Rural Industry / Textiles"}
	topicSport      = []string{"Leisure and sport / Rugby and football", "Leisure and sport / Cricket", "Leisure and sport / Other"}
	topicAviation   = []string{"Transport / Aviation", "War and conflict / Airforce"}
	topicLiterary   = []string{"Personality / Literary"}
	topicRoman      = []string{"Archaeology / Roman"}
	topicBunkers    = []string{"War and conflict / Bunker", "War and conflict / Event or site"}
)

var museums = []string{"M"}

// goldCase is one gold question with hand-built constraints; comparative
// questions have one Constraints per side and expect the union.
type goldCase struct {
	id    string
	sides []plan.Constraints
}

func one(c plan.Constraints) []plan.Constraints { return []plan.Constraints{c} }

var goldCases = []goldCase{
	// exploratory: "Which <adj> museums are in P?" (present tense → open)
	{"pub-expl-001", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{city("Ramsgate")}, GovernanceCodes: []string{"Independent-Not_for_profit"}, Status: "open"})},
	{"pub-expl-002", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{city("Harwich")}, Sizes: []string{"small"}, Status: "open"})},
	{"pub-expl-003", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{city("Hull")}, Sizes: []string{"large"}, Status: "open"})},
	{"pub-expl-005", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{admin("Newport", wlUA)}, Accreditation: "Accredited", Status: "open"})},
	{"pub-expl-007", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{admin("Bexley", ukBorough)}, Sizes: []string{"large"}, Status: "open"})},
	{"pub-expl-008", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{admin("Rutland", "")}, Accreditation: "Accredited", Status: "open"})},
	{"pub-expl-011", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{admin("Belfast", niLGD)}, GovernanceCodes: []string{"Independent-Private"}, Status: "open"})},
	{"pub-expl-020", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{admin("Glasgow City", scCouncil)}, Sizes: []string{"large"}, Status: "open"})},
	{"pub-expl-024", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{city("Newark")}, NearPlace: true, GovernanceCodes: []string{"Independent-Not_for_profit"}, Status: "open"})},
	{"pub-expl-027", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{city("Brighton")}, GovernanceCodes: []string{"Government-Local_Authority"}, Status: "open"})},
	{"pub-expl-034", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{admin("Worcestershire", "")}, GovernanceCodes: []string{"Independent-Private"}, Status: "open"})},
	{"pub-expl-035", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{city("Prague")}, Status: "open"})},
	{"pub-expl-038", one(plan.Constraints{TypeCodes: []string{"L"}, Places: []plan.Place{city("Kyiv")}, Status: "open"})},

	// relationship: bodies, present tense → open and current links
	{"pub-rela-001", one(plan.Constraints{Bodies: []plan.Body{{Name: "National Museums Liverpool", Relation: "part_of"}}, Relation: "part_of", Status: "open"})},
	{"pub-rela-003", one(plan.Constraints{Bodies: []plan.Body{{Name: "Ironbridge Gorge Museums Trust", Relation: "part_of"}}, Relation: "part_of", Status: "open"})},
	{"pub-rela-006", one(plan.Constraints{Bodies: []plan.Body{{Name: "Manx National Heritage", Relation: "part_of"}}, Relation: "part_of", Status: "open"})},
	{"pub-rela-007", one(plan.Constraints{Bodies: []plan.Body{{Name: "National Museums Scotland", Relation: "part_of"}}, Relation: "part_of", Status: "open"})},
	{"pub-rela-013", one(plan.Constraints{Bodies: []plan.Body{{Name: "York Museums Trust", Relation: "operated_by"}}, Relation: "operated_by", Status: "open"})},
	{"pub-rela-015", one(plan.Constraints{Bodies: []plan.Body{{Name: "Sheffield Galleries and Museums Trust", Relation: "operated_by"}}, Relation: "operated_by", Status: "open"})},
	{"pub-rela-021", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{admin("Kent", "")}, Bodies: []plan.Body{{Name: "National Trust", Relation: "operated_by"}}, Relation: "operated_by", Status: "open"})},
	{"pub-rela-025", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{admin("Devon", "")}, Bodies: []plan.Body{{Name: "National Trust", Relation: "operated_by"}}, Relation: "operated_by", Status: "open"})},
	{"pub-rela-026", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{admin("Angus", scCouncil)}, Bodies: []plan.Body{{Name: "Historic Environment Scotland", Relation: "operated_by"}}, Relation: "operated_by", Status: "open"})},
	{"pub-rela-029", one(plan.Constraints{Bodies: []plan.Body{{Name: "Museum Nord", Relation: "part_of"}}, Relation: "part_of", Status: "open"})},
	{"pub-rela-030", one(plan.Constraints{Bodies: []plan.Body{{Name: "Royal Netherlands Academy of Arts and Sciences", Relation: "part_of"}}, Relation: "part_of", Status: "open"})},
	{"pub-rela-035", one(plan.Constraints{Names: []plan.NameMatch{{Name: "Derby Museum And Art Gallery"}}, Relation: "houses", Status: "open"})},
	{"pub-rela-038", one(plan.Constraints{Names: []plan.NameMatch{{Name: "Clandon Park"}}, Relation: "houses"})},
	{"pub-rela-039", one(plan.Constraints{Names: []plan.NameMatch{{Name: "Alnwick Castle"}}, Relation: "houses", Status: "open"})},

	// temporal: "closed before Y" arrives as To = Y-1
	{"pub-temp-001", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{admin("Staffordshire", "")}, Years: &plan.YearRange{Field: "closed", To: 2014}})},
	{"pub-temp-002", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{admin("Torbay", ukUA)}, Years: &plan.YearRange{Field: "closed", To: 1989}})},
	{"pub-temp-004", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{admin("Stoke-on-Trent", ukUA)}, Years: &plan.YearRange{Field: "closed", To: 2009}})},
	{"pub-temp-010", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{city("Yeovil")}, Years: &plan.YearRange{Field: "closed", To: 2014}})},
	{"pub-temp-014", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{admin("Nottinghamshire", "")}, Years: &plan.YearRange{Field: "closed", To: 1999}})},
	{"pub-temp-015", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{admin("Barnet", ukBorough)}, Years: &plan.YearRange{Field: "opened", From: 1900, To: 1959}})},
	{"pub-temp-019", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{admin("Hertfordshire", "")}, Years: &plan.YearRange{Field: "opened", From: 1900, To: 1959}})},
	{"pub-temp-026", one(plan.Constraints{TypeCodes: museums, Places: []plan.Place{city("Weymouth")}, NearPlace: true, Years: &plan.YearRange{Field: "opened", From: 1980, To: 1989}})},

	// comparative: one selection per side, no tense
	{"pub-comp-001", []plan.Constraints{
		{TypeCodes: museums, Subjects: topicCeramics, Places: []plan.Place{admin("Hampshire", "")}},
		{TypeCodes: museums, Subjects: topicCeramics, Places: []plan.Place{admin("Somerset", "")}}}},
	{"pub-comp-003", []plan.Constraints{
		{TypeCodes: museums, Subjects: topicRailways, Places: []plan.Place{admin("Gwynedd", "")}},
		{TypeCodes: museums, Subjects: topicRailways, Places: []plan.Place{admin("Powys", wlUA)}}}},
	{"pub-comp-004", []plan.Constraints{
		{TypeCodes: museums, Subjects: topicReligion, Places: []plan.Place{region("Isle of Man")}},
		{TypeCodes: museums, Subjects: topicReligion, Places: []plan.Place{region("Northern Ireland")}}}},
	{"pub-comp-007", []plan.Constraints{
		{TypeCodes: museums, Subjects: topicLargeHouse, Places: []plan.Place{admin("Gloucestershire", "")}},
		{TypeCodes: museums, Subjects: topicLargeHouse, Places: []plan.Place{admin("Northamptonshire", "")}}}},
	{"pub-comp-015", []plan.Constraints{
		{TypeCodes: museums, Subjects: topicNatural, Places: []plan.Place{admin("City of Edinburgh", scCouncil)}},
		{TypeCodes: museums, Subjects: topicNatural, Places: []plan.Place{admin("Highland", scCouncil)}}}},
	{"pub-comp-018", []plan.Constraints{
		{TypeCodes: museums, Subjects: topicAviation, Places: []plan.Place{admin("Essex", "")}},
		{TypeCodes: museums, Subjects: topicAviation, Places: []plan.Place{admin("Hertfordshire", "")}}}},
	{"pub-comp-027", []plan.Constraints{
		{TypeCodes: museums, Subjects: topicMilitary, Places: []plan.Place{admin("Essex", "")}},
		{TypeCodes: museums, Subjects: topicMilitary, Places: []plan.Place{admin("Leicestershire", "")}}}},
	{"pub-comp-034", []plan.Constraints{
		{TypeCodes: museums, Subjects: topicMaritime, Places: []plan.Place{admin("Highland", scCouncil)}},
		{TypeCodes: museums, Subjects: topicMaritime, Places: []plan.Place{admin("Shetland Islands", scCouncil)}}}},
	{"pub-comp-035", []plan.Constraints{
		{TypeCodes: museums, Subjects: topicLiterary, Places: []plan.Place{admin("Cumbria", "")}},
		{TypeCodes: museums, Subjects: topicLiterary, Places: []plan.Place{admin("Nottinghamshire", "")}}}},

	// collection: "Which museums in P have collections about T?" (open)
	{"pub-coll-002", one(plan.Constraints{TypeCodes: museums, Subjects: topicSport, Places: []plan.Place{admin("South East", ukRegion)}, Status: "open"})},
	{"pub-coll-004", one(plan.Constraints{TypeCodes: museums, Subjects: topicMilitary, Places: []plan.Place{region("Channel Islands")}, Status: "open"})},
	{"pub-coll-010", one(plan.Constraints{TypeCodes: museums, Subjects: topicGeology, Places: []plan.Place{region("Scotland")}, Status: "open"})},
	{"pub-coll-015", one(plan.Constraints{TypeCodes: museums, Subjects: topicBunkers, Places: []plan.Place{admin("Kent", "")}, Status: "open"})},
	{"pub-coll-016", one(plan.Constraints{TypeCodes: museums, Subjects: topicNatural, Places: []plan.Place{admin("City of Edinburgh", scCouncil)}, Status: "open"})},
	{"pub-coll-017", one(plan.Constraints{TypeCodes: museums, Subjects: topicRailways, Places: []plan.Place{city("Boness")}, Status: "open"})},
	{"pub-coll-022", one(plan.Constraints{TypeCodes: museums, Subjects: topicReligion, Places: []plan.Place{admin("East of England", ukRegion)}, Status: "open"})},
	{"pub-coll-024", one(plan.Constraints{TypeCodes: museums, Subjects: topicRoman, Places: []plan.Place{admin("South West", ukRegion)}, Status: "open"})},
	{"pub-coll-036", one(plan.Constraints{TypeCodes: museums, Subjects: topicMedicine, Places: []plan.Place{city("Edinburgh")}, Status: "open"})},
	{"pub-coll-040", one(plan.Constraints{TypeCodes: museums, Subjects: topicTextiles, Places: []plan.Place{city("Macclesfield")}, Status: "open"})},
}

func TestSelectGoldParity(t *testing.T) {
	g := testGraph(t)
	gold := loadGold(t)
	intents := map[string]int{}
	var tp, fp, fn int
	for _, tc := range goldCases {
		q, ok := gold[tc.id]
		require.True(t, ok, tc.id)
		intents[q.Intent]++
		// The gold rules read the stated location fields: no town read
		// from a name adds to their places, and the records near a town
		// come only at the Near level (TestPlaceQuestions).
		var got []string
		for _, c := range tc.sides {
			stated := g.SelectMatching(c, 0, Stated)
			all := g.Select(c, 0)
			require.Equal(t, stated, all, "%s: a town read from a name in the gold's places", tc.id)
			require.Subset(t, g.SelectMatching(c, 0, Near), all, tc.id)
			got = append(got, all...)
		}
		slices.Sort(got)
		got = slices.Compact(got)
		var missing, extra []string
		for _, id := range q.ExpectedIDs {
			if !slices.Contains(got, id) {
				missing = append(missing, id)
			}
		}
		for _, id := range got {
			switch {
			case slices.Contains(q.ExpectedIDs, id):
				tp++
			case slices.Contains(q.AcceptableIDs, id):
			default:
				extra = append(extra, id)
			}
		}
		fp += len(extra)
		fn += len(missing)
		if len(missing)+len(extra) > 0 {
			t.Logf("%s %q: missing %v extra %v", tc.id, q.Question, missing, extra)
		}
		require.Empty(t, extra, "%s: selected records outside expected ∪ acceptable", tc.id)
		for _, id := range missing {
			// The only tolerated misses are records the gold repair added
			// from knowledge outside the structured fields (Notes text
			// the member_of parse missed, the organisation's real type);
			// the repair note names each of them.
			in, ok := g.Dataset().Get(id)
			require.True(t, ok, id)
			require.True(t, repairedBeyondFields(q.Notes) && strings.Contains(q.Notes, in.Name),
				"%s: expected %s (%s) not selected", tc.id, id, in.Name)
		}
	}
	precision, recall := float64(tp)/float64(tp+fp), float64(tp)/float64(tp+fn)
	t.Logf("gold parity over %d questions %v: precision %.3f recall %.3f (%d found, %d extra, %d missed)",
		len(goldCases), intents, precision, recall, tp, fp, fn)
	require.GreaterOrEqual(t, len(goldCases), 25)
}

// repairedBeyondFields reports whether a gold note records a repair that
// added expected records the structured fields cannot select.
func repairedBeyondFields(notes string) bool {
	return strings.Contains(notes, "Added from Notes") || strings.Contains(notes, "Type taken from the organisation")
}
