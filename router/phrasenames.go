package router

import (
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/names"
)

// ownWordFields are the fields read from a question's words around a
// name, only once it names one institution: what it collects, a
// description, what happened to it.
var ownWordFields = map[string]bool{fieldSubjects: true, fieldDescription: true, fieldHistory: true}

// phraseHolders is how many records the name index offers a phrase name
// look-up; a phrase more records hold is no name.
const phraseHolders = 50

// readPhraseName rereads a question that named no institution the data
// holds, reading a run of its words as the one record whose name holds
// the run as a phrase (see phraseName). It keeps the reading only when
// the question then asks about that record, not for a list, and leaves
// no word unexplained.
func (r *Router) readPhraseName(question string, plan Plan, s *scan) (Plan, bool) {
	c := plan.Constraints
	if len(c.Names) > 1 || len(c.Bodies) > 0 || c.HasIDs() {
		return plan, false
	}
	// A name already read gives way only to a longer phrase around it
	// ("Tetbury Police Museum" is not the "Police Museum" in Belfast), or,
	// read as a misspelling, to the same words spelt as one record has
	// them ("Buxton Museum" is not "Burton Museum").
	// A question about two institutions may have read one of them.
	pair := twoNamed(s)
	around := func(i, j int) bool { return true }
	if len(c.Names) == 1 {
		n := c.Names[0]
		around = func(i, j int) bool {
			text := s.original(i, j)
			if pair && !strings.Contains(text, n.Text) && !strings.Contains(n.Text, text) {
				return true
			}
			return strings.Contains(text, n.Text) && (len(text) > len(n.Text) || n.Score < 1)
		}
	}
	fixed, typed, name, ok := r.g.phraseName(question, s, around)
	if !ok || len(c.Names) == 1 && name == c.Names[0].Name {
		return plan, false
	}
	again, _ := r.route(fixed)
	for k, n := range again.Constraints.Names {
		// the name put in is the name, not a misspelling of another
		// ("Deutsches Museum", too common a phrase to be read on its
		// own, is not "Deutsches Skimuseum")
		if n.Text == name {
			again.Constraints.Names[k] = r.g.exactForm(n)
		}
	}
	at := slices.IndexFunc(again.Constraints.Names, func(n NameMatch) bool { return n.Name == name })
	// The name's own words ask for nothing: "Department Of Earth
	// Sciences Museum, University Of Bristol" asks for no parent. A field
	// may appear only when the question's other words ask for it (what
	// the institution collects, a description of it, what happened to it,
	// its operator or parent), and may vanish only when the words it was
	// read from become a second name ("Which is older, the Worthing
	// Museum or …" asks for no type).
	field := again.Constraints.Field
	// a list stays a list only when its words ask for one; a plural
	// word of collections before one name asks about that one
	// institution
	if at < 0 || again.Constraints.List ||
		field != c.Field && !(c.Field == "" && (ownWordFields[field] || field == relationField(s))) && !(pair && field == "") ||
		len(again.Unused(UnusedUnknown)) > 0 {
		// the reading must explain every word: a name read beside words
		// still unknown ("the Worthing Museum of Submarines") is a guess
		return plan, false
	}
	again.Question = question
	n := &again.Constraints.Names[at]
	n.Text, n.Score = typed, similarity(typed, name)
	return again, true
}

// phraseName finds a run of capitalised words ("the Worthing Museum",
// "the Finnish Museum", "the Big Four Railway Museum") that is a phrase
// of exactly one record's names ("Worthing Museum & Art Gallery",
// "Finnish Museum of Natural History", "Big Four Railway Museum & Model
// Centre"): users name an institution by the first words of its name.
// The run's words may be places, kinds of institution or sizes, which the
// other readings take for conditions of a list. A run is two words or
// more, not a place's name nor after a word that puts a place after it
// ("weather in Den Haag"), and accept must take it. A run that is a
// name as the data writes one, or inflected, is read as that name first
// (see runName). It returns the question with the run replaced by the
// record's name, the run as typed and the name, or ok false when no run
// is such a phrase.
func (g *gazetteer) phraseName(question string, s *scan, accept func(i, j int) bool) (fixed, typed, name string, ok bool) {
	for _, run := range capitalisedRuns(s) {
		i, j := run[0], run[1]
		if j-i < 2 || i > 0 && s.lex.placeBefore[s.toks[i-1].norm] || !accept(i, j) {
			continue
		}
		if _, isPlace := g.places[s.key(i, j)]; isPlace || withinPlace(s, i, j) {
			// "North West" is a region, not the start of a name, and
			// "the London Borough of Islington" a place read with its
			// qualifier
			continue
		}
		if name, _, ok := g.runName(s, i, j); ok && !pluralKindOutside(s, j-1, name) {
			return question[:s.toks[i].start] + name + question[s.toks[j-1].end:], s.original(i, j), name, true
		}
	}
	return "", "", "", false
}

// pluralKindOutside reports a plural kind written small at token k
// ("whitby museums") that the name does not hold as written: the run
// asks for the kind there, not for the one record whose name is the
// singular. Written with a capital it may be a name's inflected head
// ("des Deutschen Museums").
func pluralKindOutside(s *scan, k int, name string) bool {
	w := s.toks[k].norm
	return (s.lower || !s.toks[k].upper) && s.lex.pluralTypeWords[w] && !slices.Contains(strings.Fields(normalize(name)), w)
}

// buildFieldCueWords makes fieldCueWords: the cues of a field that are one word ("website",
// "isil"); the words of longer cues ("old name", "how big") are names'
// words too.
func (lex *Lexicon) buildFieldCueWords() map[string]bool {
	m := map[string]bool{}
	for _, fc := range lex.fieldCues {
		if !strings.Contains(fc.phrase, " ") {
			m[fc.phrase] = true
		}
	}
	return m
}

// capitalisedRuns returns the runs of capitalised words of a question,
// with the name words between them ("of", "and", "the"), and the parts of
// each before and after such a word, longest first. A first word the
// rules know ("When", "Is", "Tell") starts no run. In a question written
// all in lower case the runs are of any words but the question's own:
// question words, verbs, fillers and cues ("when did the worthing museum
// open").
func capitalisedRuns(s *scan) [][2]int {
	var runs [][2]int
	for k := 0; k < len(s.toks); {
		if !runWord(s, k) {
			k++
			continue
		}
		j := runEnd(s, k)
		// a leading article is no part of the name ("The Worthing Museum")
		i := k
		for i < j-1 && s.lex.runArticles[s.toks[i].norm] {
			i++
		}
		runs = append(runs, [2]int{i, j})
		runs = append(runs, runParts(s, i, j)...)
		k = j
	}
	slices.SortStableFunc(runs, func(a, b [2]int) int { return (b[1] - b[0]) - (a[1] - a[0]) })
	return runs
}

// runWord reports whether token k may be a word of a run: a capitalised
// word, or in a question all in lower case any word but the question's
// own (question words, verbs, fillers, cues of opening and closing).
func runWord(s *scan, k int) bool {
	t := s.toks[k]
	if len(t.norm) < 2 {
		return false
	}
	if s.lower {
		return s.lex.typeWords[t.norm] != "" || !s.lex.fillerSet[t.norm] && !s.lex.listStarts[t.norm] && !s.lex.whWords[t.norm] &&
			!s.lex.yesNoStarts[t.norm] && !s.lex.operateVerbs[t.norm] && !s.lex.openWords[t.norm] && !s.lex.closeWords[t.norm] &&
			s.lex.statusWords[t.norm] == "" && !s.lex.historyWords[t.norm] && !s.lex.collectionWords[t.norm] && !s.lex.fieldCueWords[t.norm]
	}
	if !t.upper {
		return false
	}
	return k > 0 || !s.lex.knownWords[t.norm] && !s.lex.listStarts[t.norm] || s.lex.typeWords[t.norm] != ""
}

// runEnd is the end of the run that starts at token k: its words and the
// name words between them.
func runEnd(s *scan, k int) int {
	j := k + 1
	for {
		if j < len(s.toks) && runWord(s, j) {
			j++
		} else if j+1 < len(s.toks) && s.lex.nameStop[s.toks[j].norm] && (s.lower || !s.toks[j].upper) && runWord(s, j+1) {
			j += 2
		} else {
			return j
		}
	}
}

// runParts are the parts of the run [i, j) around a name word between
// its words: after it ("did the worthing museum" in lower case,
// "Dachorganisation des Deutschen Museums"), and before it when what
// follows is a place ("the Worthing Museum in Worthing"), not more of a
// name the data may not hold ("the Worthing Museum of Submarines").
func runParts(s *scan, i, j int) [][2]int {
	var runs [][2]int
	for m := j - 2; m > i; m-- {
		if s.lex.nameStop[s.toks[m].norm] && (s.lower || !s.toks[m].upper) {
			runs = append(runs, [2]int{m + 1, j})
			if withinPlace(s, m+1, j) || s.lex.joinWords[s.toks[m].norm] && allUsed(s, m+1, j) {
				// "the Southwark Heritage Centre and Lancaster City
				// Art Gallery", the second a name already read
				runs = append(runs, [2]int{i, m})
			}
		}
	}
	return runs
}

// allUsed reports whether a rule read every token of [i, j).
func allUsed(s *scan, i, j int) bool {
	for k := i; k < j; k++ {
		if !s.used[k] {
			return false
		}
	}
	return true
}

// onlyHolder returns the name and id of the one record whose name, or one
// of its other names, holds tokens [i, j) as a phrase, or of several
// the one whose name (any of its names) starts with it; ok is false when
// none or several do. A phrase that one record's current name and
// another's former name start with ("Ashmolean Museum") is left to the
// answer, which names both.
func (g *gazetteer) onlyHolder(s *scan, i, j int) (name, id string, ok bool) {
	phrase := " " + s.key(i, j) + " "
	if strings.TrimSpace(phrase) == "" {
		return "", "", false
	}
	// holders hold the phrase anywhere in a name, starters at its start
	var holders, starters []string
	for _, h := range g.nameIx.get().Search(s.original(i, j), names.Options{Limit: phraseHolders}) {
		for _, e := range g.nameIx.byDoc(h.Doc) {
			key := g.key(e)
			if !strings.Contains(" "+key+" ", phrase) {
				continue
			}
			for _, id := range g.recordIDs(e) {
				if !slices.Contains(holders, id) {
					holders = append(holders, id)
				}
				if strings.HasPrefix(" "+key+" ", phrase) && !slices.Contains(starters, id) {
					starters = append(starters, id)
				}
			}
		}
	}
	if len(holders) > 1 && len(starters) == 1 {
		// users name an institution by the first words of its name: of
		// several that hold the phrase, the one whose name starts with it
		holders = starters
	}
	if len(holders) != 1 {
		return "", "", false
	}
	in, ok := g.ds.Get(holders[0])
	if !ok {
		return "", "", false
	}
	return in.Name, in.ID, true
}

// nearPhraseName reads, in a question that names no institution, a run of
// capitalised words right after a cue of nearness as the one record whose
// names hold it, so that nearName reads what lies near it rather than a
// town and a kind.
func (g *gazetteer) nearPhraseName(s *scan, c *Constraints) {
	for _, run := range capitalisedRuns(s) {
		i, j := run[0], run[1]
		if j-i < 2 || !s.free(i, j) {
			continue
		}
		qs := i
		for qs > 0 && (s.lex.articles[s.toks[qs-1].norm] || s.lex.datives[s.toks[qs-1].norm]) {
			qs--
		}
		if qs == 0 || s.lex.nameAboutPreps[s.toks[qs-1].norm] {
			continue
		}
		used := slices.Clone(s.used)
		near := nearBeforeAt(s, qs)
		s.used = used // nearName consumes the cue
		if !near {
			continue
		}
		if _, isPlace := g.places[s.key(i, j)]; isPlace {
			continue
		}
		if name, ids, ok := g.runName(s, i, j); ok {
			typed := s.original(i, j)
			c.Names = append(c.Names, NameMatch{Text: typed, Name: name, IDs: ids, Score: similarity(typed, name)})
			s.mark(i, j)
			return
		}
	}
}

// runName reads tokens [i, j) as a name: as the data writes one, or
// inflected ("des Deutschen Museums" for Deutsches Museum), else as a
// phrase of one record's names (onlyHolder). It returns the name and the
// records bearing it.
func (g *gazetteer) runName(s *scan, i, j int) (string, []string, bool) {
	idx, ok := g.findName(s.key(i, j))
	if !ok {
		idx, ok = g.inflectedName(s, i, j)
	}
	if ok {
		e := &g.entries[idx]
		return e.name, g.recordIDs(idx), true
	}
	if name, id, ok := g.onlyHolder(s, i, j); ok {
		return name, []string{id}, true
	}
	return "", nil, false
}

// withinPlace reports whether tokens [i, j) lie within a place the
// question was read to name, with its qualifiers.
func withinPlace(s *scan, i, j int) bool {
	for _, p := range s.placeSpans {
		if p[0] <= i && j <= p[1] {
			return true
		}
	}
	return false
}
