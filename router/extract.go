package router

import (
	"strconv"
	"strings"
)

// minNameWeight is the summed IDF a multi-word name needs to count as
// distinctive ("Natural History Museum" does not, "Chelmsford Museum" does).
const minNameWeight = 7.5

// relationCue finds the relation asked for and where its cue ends.
func relationCue(s *scan) (rel string, end int) {
	best := -1
	for _, c := range partOfCues {
		if i := s.find(c); i >= 0 && (best < 0 || i < best) {
			best, rel, end = i, "part_of", i+len(strings.Fields(c))
		}
	}
	for _, c := range operatedByCues {
		if i := s.find(c); i >= 0 && (best < 0 || i < best) {
			best, rel, end = i, "operated_by", i+len(strings.Fields(c))
		}
	}
	if best >= 0 {
		return rel, end
	}
	// one typo in a one-word cue ("beloong", "opreated")
	for i, t := range s.toks {
		if len(t.norm) < 6 || knownWords[t.norm] {
			continue
		}
		for _, cues := range []struct {
			rel  string
			list []string
		}{{"part_of", partOfCues}, {"operated_by", operatedByCues}} {
			for _, c := range cues.list {
				w, next, _ := strings.Cut(c, " ")
				if len(w) < 6 || osa(w, t.norm, 1) > 1 {
					continue
				}
				if next == "" {
					return cues.rel, i + 1
				}
				if n, ok := s.matchAt(i+1, next); ok {
					return cues.rel, i + 1 + n
				}
			}
		}
	}
	return "", 0
}

// housesCue returns where a "housed in" phrase ends, or -1.
func housesCue(s *scan) int {
	for _, c := range housesCues {
		if i := s.find(c); i >= 0 {
			return i + len(strings.Fields(c))
		}
	}
	// "What does X house?"
	n := len(s.toks)
	if n > 2 && s.toks[n-1].norm == "house" && s.hasAny("does", "do", "did") {
		return n
	}
	// "In which museum is X housed?"
	if n > 3 && (s.toks[n-1].norm == "housed" || s.toks[n-1].norm == "untergebracht" || s.toks[n-1].norm == "gehuisvest") &&
		s.hasAny("in which", "in welchem", "in welk", "in welke") {
		return n
	}
	return -1
}

// housedBy reports whether the question asks what houses the named
// institution ("Which museum houses the Essex Regiment Museum?"): an
// active "houses" cue stands before the name. Otherwise ("What is housed
// in X?", "What does X house?") it asks what the named one houses.
func housedBy(s *scan, name string) bool {
	// "Inside which site is X?", "In which building is X housed?": the
	// question word follows the cue and asks for the container.
	for _, c := range housesCues {
		if i := s.find(c); i >= 0 {
			if j := i + len(strings.Fields(c)); j < len(s.toks) && isWhWord(s.toks[j].norm) {
				return true
			}
		}
	}
	if i := s.find("in which"); i == 0 || s.find("in welchem") == 0 || s.find("in welk") == 0 {
		return true
	}
	text := strings.ToLower(s.text)
	at := strings.Index(text, strings.ToLower(name))
	for _, cue := range []string{" houses ", " beherbergt ", " herbergt "} {
		if i := strings.Index(text, cue); i >= 0 && at > i {
			return true
		}
	}
	return false
}

// nameAt returns the longest acceptable institution name starting at i.
func (g *gazetteer) nameAt(s *scan, i int) (int32, int) {
	idx := int32(-1)
	L := s.longestAt(i, g.maxTok, func(L int, k string) bool {
		if e, ok := g.names[k]; ok {
			idx = e
			return g.acceptName(s, e, i, i+L)
		}
		if a, ok := g.acronyms[k]; ok && L == 1 && s.toks[i].allCaps && len(k) >= 3 && !commonWords[k] {
			idx = a
			return true
		}
		return false
	})
	if L == 0 {
		return -1, 0
	}
	return idx, L
}

// acceptName rejects generic names and names that are really places or
// question words.
func (g *gazetteer) acceptName(s *scan, idx int32, i, j int) bool {
	e := &g.entries[idx]
	k := s.key(i, j)
	if j-i == 1 {
		t := s.toks[i]
		if len(k) < 4 || commonWords[k] || typeWords[k] != "" || !t.upper {
			return false
		}
		if _, ok := g.places[k]; ok {
			if prev, _ := s.prev(i); !s.oneEntity || locatives[prev] {
				return false
			}
		}
		if _, ok := g.subjects.phrases[stem(k)]; ok || g.genericCompound(s, i) {
			return false
		}
		return true
	}
	if e.weight < minNameWeight {
		return false
	}
	if _, ok := g.places[k]; ok {
		return false
	}
	return true
}

// bodyAt returns the longest body name starting at i.
func (g *gazetteer) bodyAt(s *scan, i int) (int32, int) {
	idx := int32(-1)
	L := s.longestAt(i, g.bodyMax, func(L int, k string) bool {
		b, ok := g.bodies[k]
		idx = b
		return ok && !(L == 1 && (commonWords[k] || !s.toks[i].upper || len(k) < 4))
	})
	if L == 0 {
		return -1, 0
	}
	return idx, L
}

// entities finds bodies and institution names, longest first.
func (g *gazetteer) entities(s *scan, c *Constraints, rel string, relEnd, housesEnd int) {
	for i := 0; i < len(s.toks); i++ {
		if s.used[i] {
			continue
		}
		ni, nl := g.nameAt(s, i)
		bi, bl := g.bodyAt(s, i)
		if nl == 0 && bl == 0 {
			continue
		}
		// A body is preferred right after a relation cue ("part of the …").
		afterCue := rel != "" && i >= relEnd && i <= relEnd+1
		afterHouses := housesEnd >= 0 && i >= housesEnd && i <= housesEnd+1
		takeBody := bl > nl || (bl > 0 && bl == nl && afterCue && !afterHouses)
		if takeBody {
			b := g.bodyArr[bi]
			body := Body{Name: b.name, IDs: append([]string(nil), b.ids...)}
			if afterCue || rel != "" {
				body.Relation = rel
			}
			if !containsBody(c.Bodies, body.Name) {
				c.Bodies = append(c.Bodies, body)
			}
			s.mark(i, i+bl)
			i += bl - 1
			continue
		}
		e := g.entries[ni]
		dup := false
		for _, m := range c.Names {
			dup = dup || m.Name == e.name
		}
		s.mark(i, i+nl)
		if dup {
			i += nl - 1
			continue
		}
		c.Names = append(c.Names, NameMatch{
			Text: s.original(i, i+nl), Name: e.name, IDs: append([]string(nil), e.ids...),
			Former: e.former, Score: s.typoScore(i, i+nl),
		})
		s.mark(i, i+nl)
		i += nl - 1
	}
}

func containsBody(bs []Body, name string) bool {
	for _, b := range bs {
		if b.Name == name {
			return true
		}
	}
	return false
}

// fuzzyName looks for a misspelt institution name among the free tokens.
func (g *gazetteer) fuzzyName(s *scan) (NameMatch, int, int, bool) {
	return g.fuzzyNameCovering(s, nil)
}

// fuzzyNameCovering is fuzzyName restricted, when need is not nil, to
// spans that hold a token need marks. Such a span may then also be one
// capitalised word of five letters or more ("Uppak" for "Uppark").
func (g *gazetteer) fuzzyNameCovering(s *scan, need []bool) (NameMatch, int, int, bool) {
	covers := func(i, j int) bool {
		if need == nil {
			return true
		}
		for k := i; k < j; k++ {
			if need[k] {
				return true
			}
		}
		return false
	}
	type ranked struct {
		e   int32
		pos []int
	}
	var list []ranked
	for _, e := range g.nameCandidates(s) {
		if pos := g.entryPositions(s, e); len(pos) > 0 {
			list = append(list, ranked{e, pos})
		}
	}
	bestSim, bestScore, bestE, bi, bj := 0.0, -1<<30, int32(-1), 0, 0
	for _, r := range list {
		e := &g.entries[r.e]
		short := e.ntok < 2 && len(e.key) < 8
		if short && (need == nil || len(e.key) < 5) || e.weight < minNameWeight {
			continue
		}
		maxD := len(e.key) / 6
		if maxD < 1 {
			maxD = 1
		}
		if maxD > 4 {
			maxD = 4
		}
		for _, p := range r.pos {
			for L := e.ntok - 1; L <= e.ntok+1; L++ {
				if L < 1 {
					continue
				}
				for st := p - L + 1; st <= p; st++ {
					if st < 0 || st+L > len(s.toks) || !s.free(st, st+L) || !covers(st, st+L) {
						continue
					}
					if short && (L != 1 || !s.toks[st].upper) {
						continue
					}
					w := s.key(st, st+L)
					d := levenshtein(w, e.key, maxD)
					if d > maxD {
						continue
					}
					sim := 1 - float64(d)/float64(len(e.key))
					if sim < 0.8 {
						continue
					}
					// longer names explain more of the question
					score := len(e.key) - 3*d
					if score > bestScore || (score == bestScore && r.e < bestE) {
						bestSim, bestScore, bestE, bi, bj = sim, score, r.e, st, st+L
					}
				}
			}
		}
	}
	if bestE < 0 || bestSim < 0.8 {
		return NameMatch{}, 0, 0, false
	}
	e := g.entries[bestE]
	return NameMatch{Text: s.original(bi, bj), Name: e.name, IDs: append([]string(nil), e.ids...), Former: e.former, Score: bestSim}, bi, bj, true
}

// fuzzyBody matches the words after a relation cue against every body name.
func (g *gazetteer) fuzzyBody(s *scan, from int) (Body, bool) {
	for from < len(s.toks) && (s.toks[from].norm == "the" || s.used[from]) {
		from++
	}
	to := from
	for to < len(s.toks) && !s.used[to] && to-from < g.bodyMax {
		to++
	}
	if to-from < 1 {
		return Body{}, false
	}
	best, bestD := int32(-1), 1<<30
	var bestLen int
	for L := to - from; L >= 1; L-- {
		w := s.key(from, from+L)
		maxD := len(w) / 6
		if maxD > 4 {
			maxD = 4
		}
		if L == 1 {
			// one word ("Vivcity"): one edit, and only for a word no
			// table knows
			if len(w) < 6 || g.known(w) {
				continue
			}
			maxD = 1
		}
		for key, i := range g.bodies {
			d := levenshtein(w, key, maxD)
			if d <= maxD && (d < bestD || d == bestD && i < best) {
				best, bestD, bestLen = i, d, L
			}
		}
		if best >= 0 {
			break
		}
	}
	if best < 0 {
		return Body{}, false
	}
	s.mark(from, from+bestLen)
	b := g.bodyArr[best]
	return Body{Name: b.name, IDs: append([]string(nil), b.ids...)}, true
}

// qualifiers reads type words, governance, accreditation and size.
func qualifiers(s *scan, c *Constraints) (neg []string) {
	n := len(s.toks)
	negUntil := -1
	for i := 0; i < n; i++ {
		t := s.toks[i].norm
		if negations[t] && !(i+2 < n && s.toks[i+1].norm == "for" && s.toks[i+2].norm == "profit") {
			negUntil = i + 4
		}
		if s.used[i] {
			continue
		}
		// two-word forms first
		if i+1 < n && !s.used[i+1] {
			two := t + " " + s.toks[i+1].norm
			if code, ok := typeWords[two]; ok {
				if i <= negUntil {
					neg = appendUnique(neg, code)
				} else {
					c.TypeCodes = appendUnique(c.TypeCodes, code)
				}
				s.mark(i, i+2)
				i++
				continue
			}
		}
		code, ok := typeWords[t]
		if !ok {
			if fw, fok := fuzzyType(t); fok {
				code, ok = typeWords[fw], true
			}
		}
		if ok {
			if i <= negUntil {
				neg = appendUnique(neg, code)
			} else if code != "E" || !governanceAhead(s, i) {
				c.TypeCodes = appendUnique(c.TypeCodes, code)
			}
			if code != "E" {
				s.mark(i, i+1)
				continue
			}
		}
	}
	// governance, accreditation, size: longest phrase first
	for i := 0; i < n; i++ {
		if s.used[i] {
			continue
		}
		matched := false
		for L := 4; L >= 1 && !matched; L-- {
			if i+L > n || !s.free(i, i+L) {
				continue
			}
			k := s.key(i, i+L)
			if codes, ok := governancePhrases[k]; ok {
				if L == 1 && governanceNeedsType[k] && !typeAfter(s, i+1) {
					continue
				}
				for _, code := range codes {
					c.GovernanceCodes = appendUnique(c.GovernanceCodes, code)
				}
				if L == 1 && k == "university" {
					c.TypeCodes = removeString(c.TypeCodes, "E")
				}
				s.mark(i, i+L)
				matched = true
			} else if a, ok := accreditationWords[k]; ok {
				c.Accreditation = a
				s.mark(i, i+L)
				matched = true
			} else if sz, ok := sizeWords[k]; ok {
				for _, v := range sz {
					c.Sizes = appendUnique(c.Sizes, v)
				}
				s.mark(i, i+L)
				matched = true
			}
			if matched {
				i += L - 1
			}
		}
	}
	return neg
}

func governanceAhead(s *scan, i int) bool { return typeAfter(s, i+1) }

// typeAfter reports whether a type word follows at i (after at most one
// adjective).
func typeAfter(s *scan, i int) bool {
	for k := i; k < len(s.toks) && k <= i+1; k++ {
		if typeWords[s.toks[k].norm] != "" && typeWords[s.toks[k].norm] != "E" {
			return true
		}
		if s.toks[k].norm == "collections" || s.toks[k].norm == "institutions" {
			return true
		}
	}
	return false
}

func removeString(s []string, x string) []string {
	out := s[:0]
	for _, v := range s {
		if v != x {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

var closeWords = map[string]bool{
	"closed": true, "close": true, "closing": true, "closure": true, "shut": true, "gesloten": true,
	"sloot": true, "sloten": true, "geschlossen": true, "schlossen": true, "closes": true,
}

var openWords = map[string]bool{
	"opened": true, "open": true, "opening": true, "founded": true, "established": true, "geopend": true,
	"opende": true, "openden": true, "eroffnet": true, "eroffnete": true, "offnete": true, "gegrundet": true, "opgericht": true, "created": true,
	"foundation": true, "opens": true, "started": true, "begun": true, "eroffnung": true, "opening year": true,
}

// years reads a year constraint and the field it applies to.
func years(s *scan) *YearRange {
	n := len(s.toks)
	yearAt := func(i int) (int, bool) {
		if i < 0 || i >= n {
			return 0, false
		}
		t := s.toks[i].norm
		if len(t) != 4 {
			return 0, false
		}
		y, err := strconv.Atoi(t)
		return y, err == nil && y >= 1000 && y <= 2100
	}
	field := ""
	for _, t := range s.toks {
		if closeWords[t.norm] {
			field = "closed"
			break
		}
	}
	if field == "" {
		field = "opened"
	}
	for i := 0; i < n; i++ {
		t := s.toks[i].norm
		// decades: "1980s"
		if len(t) == 5 && t[4] == 's' {
			if y, err := strconv.Atoi(t[:4]); err == nil && y >= 1000 && y <= 2100 && y%10 == 0 {
				return &YearRange{Field: field, From: y, To: y + 9}
			}
		}
		y, ok := yearAt(i)
		if !ok {
			continue
		}
		prev := ""
		if i > 0 {
			prev = s.toks[i-1].norm
		}
		prev2 := ""
		if i > 1 {
			prev2 = s.toks[i-2].norm + " " + prev
		}
		switch {
		case prev == "between" || prev == "tussen" || prev == "zwischen" || prev == "from" || prev == "van" || prev == "von":
			for k := i + 1; k <= i+2; k++ {
				if y2, ok := yearAt(k); ok {
					return &YearRange{Field: field, From: y, To: y2}
				}
			}
			if prev == "from" || prev == "van" || prev == "von" {
				return &YearRange{Field: field, From: y}
			}
		case prev == "before" || prev == "voor" || prev == "vor" || prev2 == "prior to" || prev == "earlier" || prev == "pre":
			return &YearRange{Field: field, To: y - 1}
		case prev == "until" || prev == "till" || prev == "by" || prev == "tot" || prev == "bis" || prev2 == "up to":
			return &YearRange{Field: field, To: y}
		case prev == "after" || prev == "na" || prev == "nach":
			return &YearRange{Field: field, From: y + 1}
		case prev == "since" || prev == "sinds" || prev == "seit" || prev == "vanaf" || prev == "ab":
			return &YearRange{Field: field, From: y}
		}
		if y2, ok := yearAt(i + 1); ok && y2 > y {
			return &YearRange{Field: field, From: y, To: y2}
		}
		return &YearRange{Field: field, From: y, To: y}
	}
	return nil
}

// fieldCues maps phrases to the record field a factual question asks for,
// most specific first.
var fieldCues = []struct {
	phrase, field string
}{
	{"previously called", "former_name"}, {"previously known", "former_name"}, {"formerly called", "former_name"},
	{"formerly known", "former_name"}, {"former name", "former_name"}, {"old name", "former_name"},
	{"originally called", "former_name"}, {"originally known", "former_name"}, {"used to be called", "former_name"},
	{"use to be called", "former_name"}, {"called before", "former_name"}, {"known before", "former_name"},
	{"called earlier", "former_name"}, {"known earlier", "former_name"}, {"previous name", "former_name"},
	{"earlier name", "former_name"}, {"original name", "former_name"}, {"name before", "former_name"},
	{"names before", "former_name"}, {"fruherer name", "former_name"}, {"fruhere name", "former_name"},
	{"fruheren namen", "former_name"}, {"vroegere naam", "former_name"}, {"vorige naam", "former_name"},
	{"vorige namen", "former_name"}, {"vorigen namen", "former_name"}, {"eerdere naam", "former_name"},
	{"heette", "former_name"}, {"umbenannt", "former_name"}, {"hernoemd", "former_name"},
	{"renamed", "former_name"}, {"vroeger", "former_name"}, {"voorheen", "former_name"}, {"fruher", "former_name"},
	{"ehemals", "former_name"}, {"hiess", "former_name"}, {"vormals", "former_name"}, {"oude naam", "former_name"},
	{"came after", "successor"}, {"in de plaats van", "successor"}, {"volgde", "successor"}, {"opgevolgd", "successor"},
	{"an die stelle", "successor"}, {"trat an", "successor"}, {"took over", "successor"}, {"took the place", "successor"},
	{"came before", "predecessor"}, {"ging vooraf", "predecessor"}, {"voorafging", "predecessor"},
	{"succeeded", "successor"}, {"successor", "successor"}, {"successors", "successor"}, {"replaced", "successor"},
	{"took over from", "successor"}, {"nachfolger", "successor"}, {"nachfolgerin", "successor"}, {"opvolger", "successor"},
	{"preceded", "predecessor"}, {"predecessor", "predecessor"}, {"predecessors", "predecessor"},
	{"vorganger", "predecessor"}, {"vorgangerin", "predecessor"}, {"voorganger", "predecessor"},
	{"isil", "isil"}, {"gnd", "gnd"}, {"ghcid", "ghcid"}, {"wikidata", "wikidata"}, {"qid", "wikidata"},
	{"website", "website"}, {"web site", "website"}, {"homepage", "website"}, {"url", "website"},
	{"webseite", "website"}, {"internetseite", "website"}, {"webadres", "website"}, {"internetadresse", "website"},
	{"postcode", "postcode"}, {"post code", "postcode"}, {"postal code", "postcode"}, {"zip", "postcode"},
	{"postleitzahl", "postcode"}, {"address", "address"}, {"adres", "address"}, {"adresse", "address"},
	{"anschrift", "address"}, {"coordinates", "coordinates"}, {"latitude", "coordinates"}, {"longitude", "coordinates"},
	{"coordinaten", "coordinates"}, {"koordinaten", "coordinates"}, {"governance", "governance"},
	{"governed", "governance"}, {"accreditation", "accreditation"}, {"size", "size"}, {"how big", "size"},
	{"how large", "size"}, {"what type", "type"}, {"what kind", "type"}, {"which type", "type"}, {"what sort", "type"},
	{"who operates", "operator"}, {"who runs", "operator"}, {"who manages", "operator"}, {"who operated", "operator"},
	{"who ran", "operator"}, {"who managed", "operator"}, {"who looks after", "operator"}, {"who maintains", "operator"},
	{"who owns", "operator"}, {"who is responsible for", "operator"}, {"wer verwaltet", "operator"}, {"wie onderhoudt", "operator"}, {"operator", "operator"}, {"wer betreibt", "operator"},
	{"tragerschaft", "governance"}, {"bestuurstype", "governance"}, {"bestuursvorm", "governance"},
	{"rechtsform", "governance"}, {"betreiber", "operator"}, {"exploitant", "operator"}, {"beheerder", "operator"}, {"trager", "operator"},
	{"wie beheert", "operator"}, {"wer betrieb", "operator"}, {"still open", "status"}, {"status", "status"},
	{"which city", "city"}, {"what city", "city"}, {"which town", "city"}, {"what town", "city"},
	{"welke stad", "city"}, {"welcher stadt", "city"}, {"which country", "country"}, {"what country", "country"},
	{"welk land", "country"}, {"welchem land", "country"},
	{"welke plaats", "city"}, {"welke gemeente", "city"}, {"welchem ort", "city"}, {"welcher ort", "city"},
	{"what place", "city"}, {"which place", "city"}, {"in welcher gemeinde", "city"},
	{"online", "website"}, {"webadresse", "website"}, {"web address", "website"}, {"internet address", "website"},
	{"webpage", "website"}, {"web page", "website"}, {"internetauftritt", "website"}, {"site web", "website"},
	{"what kind of institution", "type"}, {"what sort of institution", "type"}, {"what type of institution", "type"},
	{"wat voor instelling", "type"}, {"wat voor soort instelling", "type"}, {"welk type instelling", "type"},
	{"wat voor een instelling", "type"}, {"welcher art", "type"}, {"was fur eine einrichtung", "type"},
	{"welche art von einrichtung", "type"}, {"welcher typ", "type"}, {"was fur ein", "type"}, {"wat voor", "type"},
	{"who governs", "governance"}, {"governs", "governance"}, {"hoe wordt", "governance"},
	{"accreditatie", "accreditation"}, {"akkreditierung", "accreditation"},
	{"open or closed", "status"}, {"closed or open", "status"}, {"geopend of gesloten", "status"},
	{"geoffnet oder geschlossen", "status"}, {"nog open", "status"}, {"noch geoffnet", "status"},
	{"grossenklasse", "size"}, {"groessenklasse", "size"}, {"grootteklasse", "size"},
	{"how large", "size"}, {"hoe groot", "size"}, {"wie gross", "size"}, {"grootte", "size"}, {"grosse", "size"},
	{"postal address", "address"}, {"street address", "address"}, {"straat", "address"}, {"strasse", "address"},
	{"located", "city"}, {"situated", "city"}, {"gelegen", "city"}, {"liegt", "city"}, {"ligt", "city"},
}

// trailingFields are field words that, last in a shorthand question,
// name the field asked ("Heimatmuseum Rauchkate city").
var trailingFields = map[string]string{
	"city": "city", "town": "city", "place": "city", "stadt": "city", "ort": "city", "plaats": "city",
	"website": "website", "homepage": "website", "url": "website", "webseite": "website", "isil": "isil",
	"gnd": "gnd", "wikidata": "wikidata", "qid": "wikidata", "postcode": "postcode", "address": "address",
	"adresse": "address", "adres": "address", "status": "status", "size": "size", "type": "type",
	"governance": "governance", "accreditation": "accreditation", "ghcid": "ghcid", "country": "country",
}

// trailingDates ask, last in a shorthand question, for a date.
var trailingDates = map[string]string{
	"founded": "opened", "opened": "opened", "established": "opened", "gegrundet": "opened", "eroffnet": "opened",
	"opgericht": "opened", "geopend": "opened", "closed": "closed", "geschlossen": "closed", "gesloten": "closed",
}

// fuzzyFieldWords are single cue words long enough to be matched with one
// typo ("websitte", "Wikidatz", "Akkreditieeung").
var fuzzyFieldWords = func() map[string]string {
	m := map[string]string{}
	for _, fc := range fieldCues {
		if !strings.Contains(fc.phrase, " ") && len(fc.phrase) >= 5 {
			m[fc.phrase] = fc.field
		}
	}
	for w, f := range trailingFields {
		if len(w) >= 5 {
			m[w] = f
		}
	}
	return m
}()

var whenWords = []string{"when", "which year", "what year", "wann", "wanneer", "welk jaar", "welchem jahr", "welches jahr", "year of"}

// field returns the record field asked for.
func field(s *scan) string {
	for i := 1; i < len(s.toks); i++ {
		// "Wann schloss das Museum?": the verb, not a castle
		if s.toks[i].norm == "schloss" && !s.toks[i].upper && s.toks[i-1].norm == "wann" && !s.used[i] {
			s.mark(i, i+1)
			return "closed"
		}
	}
	for _, w := range whenWords {
		if s.has(w) {
			for _, t := range s.toks {
				if closeWords[t.norm] {
					return "closed"
				}
			}
			for _, t := range s.toks {
				if openWords[t.norm] {
					return "opened"
				}
			}
		}
	}
	if s.hasAny("since when", "seit wann", "sinds wanneer", "how old", "wie alt", "hoe oud") {
		return "opened"
	}
	if f := typeChoice(s); f != "" {
		return f
	}
	for _, fc := range fieldCues {
		if s.has(fc.phrase) {
			return fc.field
		}
	}
	// one typo in one word of a cue phrase ("forme name", "vorge naam")
	for _, fc := range fieldCues {
		if strings.Contains(fc.phrase, " ") && s.hasNear(fc.phrase) {
			return fc.field
		}
	}
	if s.hasAny("where is", "where was", "waar is", "wo ist", "wo liegt", "waar ligt", "wo befindet", "where can i find") {
		return "city"
	}
	if n := len(s.toks); n > 1 && !isWhQuestion(s) && !listStarts[s.toks[0].norm] {
		if f, ok := trailingFields[s.toks[n-1].norm]; ok {
			return f
		}
		// "Auckland Zoo founded": a date asked of one institution, not a
		// list ("museums in Kent closed")
		if f, ok := trailingDates[s.toks[n-1].norm]; ok && !pluralType(s) {
			return f
		}
	}
	// a German or Dutch compound led by a cue word ("Akkreditierungsstatus",
	// "Webseitenadresse")
	for _, t := range s.toks {
		for w, f := range fuzzyFieldWords {
			if len(w) >= 7 && len(t.norm) > len(w)+2 && strings.HasPrefix(t.norm, w) {
				return f
			}
		}
	}
	// one typo in a cue word
	for _, t := range s.toks {
		if len(t.norm) < 5 || knownWords[t.norm] {
			continue
		}
		for w, f := range fuzzyFieldWords {
			if abs(len(w)-len(t.norm)) <= 1 && osa(w, t.norm, 1) <= 1 {
				return f
			}
		}
	}
	return ""
}

// typeChoice reads "Is X a museum, a library or an archive?": two or
// more type words offered as alternatives ask for the type.
func typeChoice(s *scan) string {
	if f := choiceOf(s, func(w string) bool { code := typeWords[w]; return code != "" && code != "E" }); f {
		return "type"
	}
	if f := choiceOf(s, func(w string) bool { _, ok := sizeWords[w]; return ok }); f {
		return "size"
	}
	if f := choiceOf(s, func(w string) bool { _, ok := statusWords[w]; return ok }); f {
		return "status"
	}
	return ""
}

// choiceOf reports two values of one attribute offered as alternatives
// ("a museum, a library or an archive", "small or large").
func choiceOf(s *scan, isValue func(string) bool) bool {
	last := -1
	for i, t := range s.toks {
		if !isValue(t.norm) {
			continue
		}
		if last >= 0 && i-last <= 4 {
			for k := last + 1; k < i; k++ {
				if w := s.toks[k].norm; w == "or" || w == "oder" || w == "of" && (k+1 == i || s.toks[k+1].norm == "een") {
					return true
				}
			}
		}
		last = i
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
