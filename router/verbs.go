package router

// operateVerbs say that the body before or after them runs institutions
// ("What museums does the National Trust run in Kent?").
var operateVerbs = map[string]bool{
	"run": true, "runs": true, "operate": true, "operates": true, "manage": true, "manages": true,
	"maintain": true, "maintains": true, "betreibt": true, "betreiben": true, "verwaltet": true,
	"verwalten": true, "unterhalt": true, "beheert": true, "beheren": true, "exploiteert": true,
	"exploiteren": true, "onderhoudt": true, "operated": true, "managed": true, "maintained": true,
	"administered": true, "beheerd": true, "geexploiteerd": true, "uitgebaat": true, "betrieben": true,
	"gefuhrt": true, "bewirtschaftet": true,
}

// partOfVerbs say that institutions belong to the body.
var partOfVerbs = []string{"vallen onder", "valt onder", "fallen unter", "fallt unter", "gehoren", "gehort", "behoren", "behoort", "belong", "belongs"}

// bodyRelation infers the relation from a verb when a body was named but no
// relation cue matched.
func bodyRelation(s *scan) string {
	for _, t := range s.toks {
		if operateVerbs[t.norm] {
			return "operated_by"
		}
	}
	if s.hasAny(partOfVerbs...) {
		return "part_of"
	}
	return ""
}
