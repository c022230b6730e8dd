package router

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// places finds place phrases with their qualifiers among the free tokens.
func (g *gazetteer) findPlaces(s *scan, c *Constraints) {
	readCloseAsNear(s)
	g.possessivePlaces(s)
	for i := 0; i < len(s.toks); i++ {
		if s.used[i] {
			continue
		}
		if n := prefixQualifierAt(s, i); n > 0 {
			if j, ok := g.qualifiedName(s, c, i, n); ok {
				i = j - 1
				continue
			}
			i += n - 1 // the place follows its qualifier
			continue
		}
		qe := 0
		s.longestAt(i, min(g.placeMax, g.placeSpan[s.toks[i].norm]), func(L int, k string) bool {
			cands, ok := g.places[k]
			if !ok {
				return false
			}
			if g.noPlaceAt(s, i, L) {
				return false
			}
			if L == 1 && !g.onePlaceWord(s, c, i, k) {
				return false
			}
			end, ok := g.readPlace(s, c, cands, i, i+L)
			qe = end
			return ok
		})
		if qe > 0 {
			i = qe - 1
		}
	}
}

// onePlaceWord reports whether the one word k at token i, a place's
// name, is read as the place: written with a capital, or after a
// locative, and no common word unless a locative (or a place it is
// coordinated with) says it is one.
func (g *gazetteer) onePlaceWord(s *scan, c *Constraints, i int, k string) bool {
	prevWord, _ := s.prev(i)
	t := s.toks[i]
	// a capitalised word after a locative, or coordinated with a place
	// just read ("Swansea or Reading"), may be a common word; a common
	// word between an article and a word of "of" is the common word ("an
	// die Stelle von")
	afterArticle := i > 0 && i+1 < len(s.toks) && s.lex.articles[s.toks[i-1].norm] && s.lex.commonWords[k] && s.lex.genitiveOf[s.toks[i+1].norm]
	loc := (s.lex.locatives[prevWord] || t.upper && g.placeByPosition(s, c, i)) && !afterArticle
	// a country's two letters count written in capitals ("the UK",
	// "GB"): "us" and "de" are words
	caps := len(k) == 2 && s.lex.countryNames[k] != "" && s.text[t.start:t.end] == strings.ToUpper(s.text[t.start:t.end])
	// a frequent word written small after a locative is the place when
	// the data places many records there ("in wales", not "in time")
	common := s.lex.commonWords[k] || s.lex.frequentWords[k] && !(loc && g.recordsAt(k) >= manyRecords)
	// written small, in a question of a plural kind written all small:
	// beside a kind, or coordinated with a place ("york or bath")
	kindIn := common && len(k) >= 4 && (townBesideKind(s, i) || s.lower && pluralType(s) && (coordinatedPlace(s, c, i) || g.placePairAt(s, i)))
	if !caps && !kindIn && (!t.upper && (!loc || common) || s.lex.commonWords[k] && !loc || len(k) < 3) {
		return false
	}
	// a type word is the type asked about, whatever town a record's name
	// gave that word, unless a locative precedes it
	return s.lex.typeWords[k] == "" || s.lex.locatives[prevWord]
}

// manyRecords is how many records a place with the name of a frequent
// word must hold for the word written small after a locative to be it.
const manyRecords = 30

// recordsAt is the most records any place of the name k holds.
func (g *gazetteer) recordsAt(k string) int {
	n := 0
	for _, c := range g.places[k] {
		n = max(n, c.count)
	}
	return n
}

// townBesideKind reports a word at i where a town that is also a common
// word, written small, is the town: right after a kind and a locative
// ("museums in bath", "oldest museum in bath"); in a question written
// all small, first right before a plural kind ("bath museums oldest"),
// or where a place stands in a question of a plural kind.
func townBesideKind(s *scan, i int) bool {
	prevWord, _ := s.prev(i)
	if s.lex.locatives[prevWord] && i >= 2 && (s.lex.pluralKind(s.toks[i-2].norm) || typeWordAt(s, i-2)) {
		return true
	}
	if !s.lower {
		return false
	}
	if i == 0 && len(s.toks) > 1 && s.lex.pluralKind(s.toks[1].norm) {
		return true
	}
	// in a question of a plural kind written all small, the words carry
	// no capitals: a town stands where a place does, after a locative,
	// after the kind last or before a word of count or list ("museums
	// bath count"), or after a verb of having ("how many museums does
	// bath have")
	if !pluralType(s) {
		return false
	}
	last := i == len(s.toks)-1
	if s.lex.pluralKind(prevWord) {
		return last || s.lex.countKeywords[s.toks[i+1].norm] || s.lex.countCueList.startsAt(s, i+1) || s.lex.listStarts[s.toks[i+1].norm]
	}
	having := s.lex.haveOpeners[prevWord] || s.lex.holderVerbs[prevWord]
	return s.lex.locatives[prevWord] || having && (last || s.lex.haveVerbs[s.toks[i+1].norm])
}

func prefixQualifierAt(s *scan, i int) int {
	for _, q := range s.lex.prefixQualifiers {
		if n, ok := s.matchAt(i, q.words); ok {
			return n
		}
	}
	return 0
}

// qualifierAround reads an admin-level qualifier before or after the place
// tokens [i, j) and returns the level and the widened span.
func qualifierAround(s *scan, i, j int) (level string, qs, qe int) {
	qs, qe = i, j
	for _, q := range s.lex.suffixQualifiers {
		if n, ok := s.matchAt(j, q.words); ok {
			level, qe = q.level, j+n
			break
		}
	}
	for _, q := range s.lex.prefixQualifiers {
		if n, ok := s.endsAt(i, q.words); ok {
			if level == "" {
				level = q.level
			}
			qs = i - n
			break
		}
	}
	return level, qs, qe
}

// choosePlace picks the reading of a place phrase: the asked level when a
// qualifier names one, else the administrative county or UA, then a nation,
// a country, a town, an English region, a district.
func (lex *Lexicon) choosePlace(cands []placeCand, level string) (Place, bool) {
	p, ok := lex.readPlace(cands, level)
	if ok && level == "" && p.Level == LevelCity {
		p.Area = sameNamedArea(cands)
	}
	return p, ok
}

// sameNamedArea returns the level of the administrative unit, among the
// readings of a town's name, that bears most records; "" when none does.
func sameNamedArea(cands []placeCand) string {
	level, n := "", 0
	for _, c := range cands {
		if c.place.Level == LevelAdmin && c.count > n {
			level, n = c.place.AdminLevel, c.count
		}
	}
	return level
}

// narrowestArea is the administrative unit among the readings that bears
// the fewest records, else the region.
func narrowestArea(cands []placeCand) (Place, bool) {
	best, bc := Place{}, -1
	for _, c := range cands {
		if c.place.Level == LevelAdmin && (bc < 0 || c.count < bc) {
			best, bc = c.place, c.count
		}
	}
	if bc >= 0 {
		return best, true
	}
	for _, c := range cands {
		if c.place.Level == LevelRegion {
			return c.place, true
		}
	}
	return Place{}, false
}

func (lex *Lexicon) readPlace(cands []placeCand, level string) (Place, bool) {
	find := func(pred func(placeCand) bool) (Place, bool) {
		best, bc := Place{}, -1
		for _, c := range cands {
			if pred(c) && c.count > bc {
				best, bc = c.place, c.count
			}
		}
		return best, bc >= 0
	}
	if level != "" {
		if p, ok := find(func(c placeCand) bool { return c.place.AdminLevel == level }); ok {
			return p, true
		}
		// a level of area asked that no reading has: the narrowest area
		// of that name, not a town
		if p, ok := narrowestArea(cands); ok {
			return p, true
		}
	}
	for _, l := range lex.unqualifiedLevels {
		if p, ok := find(func(c placeCand) bool { return c.place.AdminLevel == l }); ok {
			return p, true
		}
	}
	isNation := func(c placeCand) bool {
		if c.place.Level != LevelRegion {
			return false
		}
		for _, n := range lex.nationNames {
			if n == c.place.Name {
				return true
			}
		}
		return false
	}
	steps := []func(placeCand) bool{
		isNation,
		func(c placeCand) bool { return c.place.Level == LevelCountry },
		func(c placeCand) bool { return c.place.Level == LevelCity && !c.inferred },
		func(c placeCand) bool { return c.place.AdminLevel == "English Region" },
		func(c placeCand) bool { return c.place.Level == LevelCity && c.count >= 2 },
		func(c placeCand) bool { return c.place.AdminLevel == "English District or Borough" },
		func(c placeCand) bool { return c.place.Level == LevelRegion },
		func(c placeCand) bool { return c.place.Level == LevelCity },
		func(c placeCand) bool { return true },
	}
	for _, st := range steps {
		if p, ok := find(st); ok {
			return p, true
		}
	}
	return Place{}, false
}

// addPlace adds the place read from tokens [qs, qe) with the phrases
// around it: an area qualifier before a town ("Landkreis Esslingen",
// "provincie Utrecht"), which the data knows only as the town, and the
// cues of "in or near" (nearCue) set NearPlace.
func (g *gazetteer) addPlace(s *scan, c *Constraints, p Place, qs, qe int) {
	for _, q := range s.lex.areaQualifiers {
		if n, ok := s.endsAt(qs, q); ok && s.free(qs-n, qs) {
			qs -= n
			if p.Level == LevelCity {
				c.NearPlace = true
			}
			break
		}
	}
	p.Text = s.original(qs, qe)
	s.mark(qs, qe)
	s.placeSpans = append(s.placeSpans, [2]int{qs, qe})
	if nearCue(s, qs, qe) {
		c.NearPlace = true
	}
	if c.NearPlace {
		// near a town is near its centre, not anywhere in its district
		p.Area = ""
	}
	if slices.ContainsFunc(c.Places, func(q Place) bool { return q.Name == p.Name && q.Level == p.Level }) {
		return // a place named again is one side, not two
	}
	c.Places = append(c.Places, p)
}

// nearCue reports whether the question asks for what lies in or near the
// place at tokens [qs, qe): a phrase of nearBefore right before it
// ("close to York", "in der Nähe von Bayreuth"), a distance ("within 10
// miles of York"), a phrase of nearAfter right after
// it ("York and the surrounding area"), or of nearAnywhere ("nearby"
// anywhere in the question). The cue's tokens are consumed.
func nearCue(s *scan, qs, qe int) bool {
	if nearBeforeAt(s, qs) {
		return true
	}
	for _, q := range s.lex.nearAfter {
		if n, ok := s.matchAt(qe, q); ok {
			s.mark(qe, qe+n)
			return true
		}
	}
	return s.hasAny(s.lex.nearAnywhere...)
}

// nearBeforeAt reports whether a phrase of nearBefore ("close to", "in
// der Nähe von") or a distance ("within 10 miles of") ends right before
// token qs, and consumes it. The distance asked for is not kept here (the
// postcodes' reading keeps it as RadiusKM); the records near a town are
// those within heritage.NearRadiusKm.
func nearBeforeAt(s *scan, qs int) bool {
	for _, q := range s.lex.nearBefore {
		if n, ok := s.endsAt(qs, q); ok {
			s.mark(qs-n, qs)
			return true
		}
	}
	// "within 10 miles of York", "binnen 5 km van Leiden"
	if k := qs - 1; k >= 2 && s.lex.distanceOf[s.toks[k].norm] && s.lex.distanceUnits[s.toks[k-1].norm] && s.lex.isNumber(s.toks[k-2].norm) {
		s.mark(k-2, qs)
		return true
	}
	return false
}

// readCloseAsNear reads a word of closing that also says nearness
// (nearSynonyms: "close" in "close to", "close by") as its word of
// nearness ("museums close to the station"), so that no later pass takes
// it for the closing of a museum; before a publicPhrase ("close to the
// public", "close to visitors") it stays a closing.
func readCloseAsNear(s *scan) {
	matches := func(i int, phrases []string) bool {
		return slices.ContainsFunc(phrases, func(p string) bool {
			_, ok := s.matchAt(i, p)
			return ok
		})
	}
	for i := range s.toks {
		near, ok := s.lex.nearSynonyms[s.toks[i].norm]
		if ok && !matches(i+1, s.lex.publicPhrases) && matches(i+1, s.lex.nearSynonymNexts) {
			s.setNorm(i, near)
		}
	}
}

func (lex *Lexicon) isNumber(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if r < '0' || r > '9' {
			return lex.numberWords[w]
		}
	}
	return true
}

// qualifiedName reads a place whose name holds its qualifier's word: "the
// county of Durham" is County Durham. The qualifier "X of" is n tokens
// at i; it returns the end of the place read.
func (g *gazetteer) qualifiedName(s *scan, c *Constraints, i, n int) (int, bool) {
	if n < 2 || !s.lex.qualifierOf[s.toks[i+n-1].norm] {
		return 0, false
	}
	head := s.key(i, i+n-1)
	for L := min(g.placeMax, len(s.toks)-i-n); L >= 1; L-- {
		if !s.free(i, i+n+L) {
			continue
		}
		cands, ok := g.places[head+" "+s.key(i+n, i+n+L)]
		if !ok {
			continue
		}
		p, ok := s.lex.choosePlace(cands, "")
		if !ok {
			continue
		}
		g.addPlace(s, c, p, i, i+n+L)
		return i + n + L, true
	}
	return 0, false
}

// placesBeforeCoordinators reads a capitalised one-word place right
// before a coordinator that joins it to a place already read ("Bath and
// Wells"), which the left-to-right pass skipped as a common word.
func (g *gazetteer) placesBeforeCoordinators(s *scan, c *Constraints) {
	for _, sp := range slices.Clone(s.placeSpans) {
		i := sp[0] - 2
		if i < 0 || !s.lex.coordinators[s.toks[i+1].norm] || s.lex.prepositionJoins[s.toks[i+1].norm] || s.used[i] || !s.toks[i].upper {
			continue
		}
		cands, ok := g.places[s.toks[i].norm]
		if !ok {
			continue
		}
		if p, ok := s.lex.choosePlace(cands, ""); ok {
			n := len(c.Places)
			g.addPlace(s, c, p, i, i+1)
			// keep the question's order
			at := slices.IndexFunc(c.Places[:n], func(q Place) bool { return q.Text == s.original(sp[0], sp[1]) })
			if at >= 0 {
				added := c.Places[n]
				c.Places = slices.Insert(c.Places[:n], at, added)
			}
		}
	}
}

// onlyTowns drops the area reading of towns compared with other places:
// "Dover or Deal" compares two towns, and Deal lies in Dover's district.
func onlyTowns(c *Constraints) {
	if len(c.Places) < 2 {
		return
	}
	for i := range c.Places {
		c.Places[i].Area = ""
	}
}

// placePairAt reports whether token i, capitalised inside the sentence,
// is joined by a coordinator to a capitalised place word ("Bath or
// Wells"), or to a place word that is no common word in a question
// written all small ("bath or york"): two places, though the first is
// also a common word.
func (g *gazetteer) placePairAt(s *scan, i int) bool {
	if i > 0 && slashAfter(s, i) {
		// two places offered with a slash between them
		_, ok := g.places[s.toks[i+1].norm]
		return ok && s.toks[i+1].upper && !s.used[i+1]
	}
	if i == 0 || i+2 >= len(s.toks) || !s.lex.coordinators[s.toks[i+1].norm] || s.lex.prepositionJoins[s.toks[i+1].norm] {
		return false
	}
	next := s.toks[i+2]
	_, ok := g.places[next.norm]
	return ok && (next.upper || s.lower && !s.lex.commonWords[next.norm]) && !s.used[i+2]
}

// coordinatedPlace reports whether token i follows a coordinator right
// after the last place read.
func coordinatedPlace(s *scan, c *Constraints, i int) bool {
	if i < 2 || !s.lex.coordinators[s.toks[i-1].norm] || !s.used[i-2] || len(c.Places) == 0 {
		return false
	}
	last := c.Places[len(c.Places)-1].Text
	return strings.HasSuffix(last, s.original(i-2, i-1))
}

// placeByPosition reports a capitalised word whose place in the question
// makes it a place, though it may be a common word: coordinated with a
// place, paired with one, a side of a comparison, or a capitalised word
// inside the question when no place is read before it.
func (g *gazetteer) placeByPosition(s *scan, c *Constraints, i int) bool {
	return coordinatedPlace(s, c, i) || g.placePairAt(s, i) || moreThanSide(s, i) || comparedSubject(s, c, i) || len(c.Places) == 0 && (capitalInside(s, i) || topicWord(s, i))
}

// unreadPlaceWord returns a capitalised word no reader took that spells
// a place, in a list that names no institution or body; "" when there is
// none.
func (g *gazetteer) unreadPlaceWord(s *scan, c *Constraints) string {
	if !c.List || len(c.Postcodes)+len(c.Names)+len(c.Bodies) > 0 || c.HasIDs() || s.lower {
		return ""
	}
	for i, t := range s.toks {
		if _, ok := g.places[t.norm]; ok && t.upper && !s.used[i] && s.lex.typeWords[t.norm] == "" && (len(c.Places) == 0 || writtenCapital(s, i) && (i > 0 || besidePlace(s, i))) {
			return s.original(i, i+1)
		}
	}
	return ""
}

// writtenCapital reports token i written with a capital in the
// question as asked.
func writtenCapital(s *scan, i int) bool {
	r, _ := utf8.DecodeRuneInString(s.original(i, i+1))
	return unicode.IsUpper(r)
}

// besidePlace reports token i right before or after a place read ("Bath
// York museums"): a second place side by side with it.
func besidePlace(s *scan, i int) bool {
	return slices.ContainsFunc(s.placeSpans, func(sp [2]int) bool { return sp[0] == i+1 || sp[1] == i })
}

// topicWord reports a capitalised word that opens the question as its
// topic: a sign of a clause, a plural kind, a copula, a verb of having
// or a word of number right after it ("Bath: …", "Bath museums …", "Bath
// has …"); or that closes it alone after a clause sign ("…: Bath").
func topicWord(s *scan, i int) bool {
	if n := len(s.toks); i > 0 && i == n-1 && clauseStartAt(s, i) && !s.lower {
		return !s.lex.knownWords[s.toks[i].norm] || s.lex.commonWords[s.toks[i].norm] // a topic said last, alone after a clause sign
	}
	if w := s.toks[0].norm; i != 0 || s.lower || s.lex.articles[w] || s.lex.knownWords[w] && !s.lex.commonWords[w] {
		return false // a word the rules read otherwise ("The museums …")
	}
	if len(s.toks) == 1 {
		return true // a topic said alone (before a question, say)
	}
	next := s.toks[1].norm
	return s.breakBefore(1) || s.toks[0].possessive || s.lex.pluralKind(next) || s.lex.copulas[next] || s.lex.holderVerbs[next] ||
		s.lex.countKeywords[next] || s.lex.countCueList.startsAt(s, 1)
}

// capitalInside reports a capitalised word inside a question written
// with small letters elsewhere, not at a sentence's start and no kind (a
// German noun has its capital whatever it is): a common word written so
// ("… visiting Bath") is a name, read as a place when no other place is.
func capitalInside(s *scan, i int) bool {
	return i > 0 && !s.lower && !s.toks[i].allCaps && !clauseStartAt(s, i) && s.lex.typeWords[s.toks[i].norm] == "" &&
		!(i+1 < len(s.toks) && s.toks[i+1].upper && !s.breakBefore(i+1)) // a run of capitals is one name
}

// clauseStartAt reports a token that starts a sentence or a clause after
// a colon, so that its capital says nothing.
func clauseStartAt(s *scan, i int) bool {
	return strings.ContainsAny(s.text[s.toks[i-1].end:s.toks[i].start], "."+clauseSigns)
}

// comparedSubject reports a capitalised word after a verb that opens a
// yes/no question, a word that sets sides against each other
// (versusWords) or offers them (orWords), or right after a place, in a
// question of more that
// named a place before it ("… or does Reading have more", keywords
// naming two places side by side): the second side.
func comparedSubject(s *scan, c *Constraints, i int) bool {
	if i < 1 || len(c.Places) == 0 {
		return false
	}
	adjacent := len(s.placeSpans) > 0 && s.placeSpans[len(s.placeSpans)-1][1] == i
	if prev := s.toks[i-1].norm; !s.lex.yesNoStarts[prev] && !s.lex.versusWords[prev] && !s.lex.orWords[prev] && !adjacent {
		return false
	}
	for k := range s.toks {
		if _, ok := moreCueAt(s, k); ok {
			return true
		}
	}
	return false
}

// havePlace reads the place that is the subject of a question whether a
// place has institutions of a kind (the verb of having first, the place,
// then haveNext; see haveSubject), before any name is read, and reports
// whether there was one. The place's name is not an institution's
// ("Sandringham", "Beamish"), nor the start of one ("Sudbury" of Sudbury
// Hall) or a misspelling of one ("Wellington" of Wallington), and a
// town that is also a common word ("Reading", "Bath") is the town,
// whatever its case.
func (g *gazetteer) havePlace(s *scan, c *Constraints) bool {
	if len(s.toks) < 4 || s.used[1] || prefixQualifierAt(s, 1) > 0 {
		// a place led by its kind ("London Borough of Camden") is read
		// with it among the places
		return false
	}
	if !s.lex.placeHasVerbs[s.toks[0].norm] {
		return false
	}
	read := false
	s.longestAt(1, min(g.placeMax, g.placeSpan[s.toks[1].norm]), func(L int, k string) bool {
		cands, ok := g.places[k]
		if !ok || len(k) < 3 || !s.free(1, 1+L) || !haveSubject(s, 1+L) {
			return false
		}
		_, read = g.readPlace(s, c, cands, 1, 1+L)
		return read
	})
	return read
}

// readPlace adds the place of the tokens [i, j), one of cands, with
// the qualifiers around it (see qualifierAround, addPlace), and returns
// the end of what it read; it reports false when no candidate is of the
// level a qualifier names.
func (g *gazetteer) readPlace(s *scan, c *Constraints, cands []placeCand, i, j int) (int, bool) {
	level, qs, end := qualifierAround(s, i, j)
	p, ok := s.lex.choosePlace(cands, level)
	if !ok {
		return 0, false
	}
	p.Name = spelledAsTyped(cands, p, s.original(i, j))
	g.addPlace(s, c, p, qs, end)
	return end, true
}

// spelledAsTyped returns the name of the town read, or, when the data has
// another town whose name differs from it only in its accents and the
// question spells that one ("Munster", not "Münster"), the other town's
// name: the two are different towns.
func spelledAsTyped(cands []placeCand, p Place, typed string) string {
	if p.Level != LevelCity {
		return p.Name
	}
	for _, c := range cands {
		if c.place.Level == LevelCity && c.place.Name != p.Name && strings.EqualFold(c.place.Name, typed) {
			return c.place.Name
		}
	}
	return p.Name
}

// haveSubject reports whether the words from j on continue the question
// as its subject's "have": "have", "got", an article or "any" right
// after, and a type noun within four words of it.
func haveSubject(s *scan, j int) bool {
	if j >= len(s.toks) || !s.lex.haveNext[s.toks[j].norm] {
		return false
	}
	for k := j; k < len(s.toks) && k <= j+4; k++ {
		if typeWordAt(s, k) {
			return true
		}
	}
	return false
}

// possessivePlaces reads a place in the possessive before a kind
// ("Rutland's museums", "Kent's small museums", "Richmond upon Thames's
// large museums", "Thurrock's independent not-for-profit museums") as the
// place: a free capitalised word that ends in an apostrophe and "s" and,
// without them, ends a place's name of up to maxPossessivePlace words,
// with a kind within kindAfterPossessive words after it.
func (g *gazetteer) possessivePlaces(s *scan) {
	for i, t := range s.toks {
		if !t.possessive || s.used[i] || !t.upper || !kindWithin(s, i+1, kindAfterPossessive) {
			continue
		}
		stem := strings.TrimSuffix(t.norm, "s")
		if _, whole := g.places[t.norm]; whole {
			continue // read as it is
		}
		if g.possessiveEndsPlace(s, i, stem) {
			continue
		}
		if _, ok := g.places[stem]; ok {
			s.setNorm(i, stem)
		}
	}
}

// possessiveEndsPlace reports a place of two words or more that the word
// at i ends, as written (its own "s": "Thames") or as stem (whose norm it
// then takes).
func (g *gazetteer) possessiveEndsPlace(s *scan, i int, stem string) bool {
	for L := min(maxPossessivePlace, i+1); L >= 2; L-- {
		if !s.free(i-L+1, i) {
			continue
		}
		if _, ok := g.places[s.key(i-L+1, i+1)]; ok {
			return true
		}
		if _, ok := g.places[s.key(i-L+1, i)+" "+stem]; ok {
			s.setNorm(i, stem)
			return true
		}
	}
	return false
}

// maxPossessivePlace bounds the words of a place in the possessive;
// kindAfterPossessive bounds the words from it to the kind it has.
const (
	maxPossessivePlace  = 4
	kindAfterPossessive = 6
)

// kindWithin reports a kind word, plural or not, among the n tokens
// from i ("Plymouth's museums", "Plymouth's oldest museum").
func kindWithin(s *scan, i, n int) bool {
	for k := i; k < len(s.toks) && k < i+n; k++ {
		if s.lex.pluralKind(s.toks[k].norm) || typeWordAt(s, k) {
			return true
		}
	}
	return false
}

// noPlaceAt reports L words at token i that spell a place but are none:
// a place that starts with the preposition of a verb of running, before
// its agent ("run by Forfar City Council": no town the data gives as
// near another, "by Forfar"), or words spelt right by the typo pass
// that stand inside a longer name no rule read ("Port Eldrich").
func (g *gazetteer) noPlaceAt(s *scan, i, L int) bool {
	if L > 1 && s.lex.placeProximityWords[s.toks[i].norm] && cueEndsAt(s, s.lex.operatedByCues, i+1) {
		return true
	}
	return slices.ContainsFunc(s.toks[i:i+L], func(t token) bool { return t.orig != "" }) && g.partOfLongerName(s, i, i+L)
}

// cueEndsAt reports whether one of cues ends right before token end.
func cueEndsAt(s *scan, cues []string, end int) bool {
	for _, c := range cues {
		if n := len(strings.Fields(c)); n <= end {
			if _, ok := s.matchAt(end-n, c); ok {
				return true
			}
		}
	}
	return false
}
