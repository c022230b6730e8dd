package router

import (
	"slices"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/ident"
	"github.com/hybridrag/hybridrag/locale"
)

// Span is a run of a question's words that one reader recognises, with
// what it would stand for. Readers know nothing of each other: spans
// overlap, and several readings of the same words are all listed.
type Span struct {
	// Start and End are token positions, End exclusive.
	Start int `json:"start"`
	End   int `json:"end"`
	// Text is the words as written.
	Text string `json:"text"`
	// Reader is the reader that proposed the span: lexicon, name,
	// organisation, place, identifier or years.
	Reader string `json:"reader"`
	// Slot is what the words would fill: the lexicon table of the row,
	// the level of a place, the scheme of an identifier.
	Slot string `json:"slot"`
	// Value is what they stand for: the row's value, the record's name,
	// the identifier, the years.
	Value string `json:"value,omitempty"`
	// Read is set when the router's first reading of the question used
	// every word of the span (for anything, not necessarily this
	// reading; a second reading of a misspelt name is not shown).
	Read bool `json:"read"`
}

// Spans lists every span the readers find in the question, in order of
// position, with whether the router's first reading used its words: what
// the explanation of an answer shows of how the question was read.
func (r *Router) Spans(question string) []Span {
	s := newScan(question, r.lex)
	var out []Span
	add := func(i, j int, reader, slot, value string) {
		out = append(out, Span{Start: i, End: j, Text: s.original(i, j), Reader: reader, Slot: slot, Value: value})
	}
	lexiconSpans(s, add)
	r.g.dataSpans(s, add)
	identifierSpans(s, add)
	yearSpans(s, add)
	_, read := r.route(question)
	for k := range out {
		out[k].Read = !slices.Contains(read.used[out[k].Start:out[k].End], false)
	}
	slices.SortStableFunc(out, func(a, b Span) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		return b.End - a.End
	})
	return slices.CompactFunc(out, func(a, b Span) bool {
		return a.Start == b.Start && a.End == b.End && a.Reader == b.Reader && a.Slot == b.Slot && a.Value == b.Value
	})
}

// The readers of spans, and the slots of those that read no table.
const (
	readerLexicon, readerName, readerOrganisation = "lexicon", "name", "organisation"
	readerPlace, readerIdentifier, readerYears    = "place", "identifier", "years"
	slotName, slotFormerName, slotNameStart       = "name", "former name", "start of a name"
	slotYear, slotEra                             = "year", "era"
)

// spanner adds one span to a list.
type spanner func(i, j int, reader, slot, value string)

// lexPhrase is one lexicon row as the tokens its surface form reads as.
type lexPhrase struct {
	words              []string
	table, value, lang string
}

// indexPhrases indexes every row of the lexicon by the first word of its
// surface form, read as questions are (tokenized and folded).
func indexPhrases(rows []lexRow) map[string][]lexPhrase {
	idx := map[string][]lexPhrase{}
	for _, r := range rows {
		toks := tokenize(r.surface, false)
		if len(toks) == 0 {
			continue
		}
		words := make([]string, len(toks))
		for k, t := range toks {
			words[k] = t.norm
		}
		idx[words[0]] = append(idx[words[0]], lexPhrase{words: words, table: r.table, value: r.value, lang: r.lang})
	}
	return idx
}

// lexiconSpans proposes a span for every lexicon row whose words stand in
// the question, of the tables that fill a slot (slots.tsv); its slot is
// written slot:table.
func lexiconSpans(s *scan, add spanner) {
	for i, t := range s.toks {
		for _, p := range s.lex.phrases[t.norm] {
			if slot := s.lex.slots[p.table]; slot != "" && i+len(p.words) <= len(s.toks) && wordsAt(s.toks, i, p.words) {
				add(i, i+len(p.words), readerLexicon, slot+":"+p.table, p.value)
			}
		}
	}
}

// dataSpans proposes the names, organisations and places of the data
// that the question's words spell exactly.
func (g *gazetteer) dataSpans(s *scan, add spanner) {
	longest := max(g.maxTok, g.bodyMax, g.placeMax)
	for i := range s.toks {
		for j := i + 1; j <= len(s.toks) && j-i <= longest; j++ {
			k := s.key(i, j)
			if e, ok := g.findName(k); ok {
				slot := slotName
				if g.entries[e].former {
					slot = slotFormerName
				}
				add(i, j, readerName, slot, g.entries[e].name)
			}
			if j-i >= 2 {
				if name, n := g.namesWithPrefix(k + " "); n > 0 {
					add(i, j, readerName, slotNameStart, name+nOthers(n-1))
				}
			}
			if b, ok := g.bodies[k]; ok {
				add(i, j, readerOrganisation, readerOrganisation, g.bodyArr[b].name)
			}
			for _, c := range g.places[k] {
				add(i, j, readerPlace, c.place.Level, c.place.Name)
			}
		}
	}
}

// namesWithPrefix returns the first name (in key order) whose key
// starts with prefix and how many do.
func (g *gazetteer) namesWithPrefix(prefix string) (string, int) {
	sorted := g.sortedNames()
	i, _ := slices.BinarySearch(sorted, prefix)
	j := i
	for j < len(sorted) && strings.HasPrefix(sorted[j], prefix) {
		j++
	}
	if i == j {
		return "", 0
	}
	e, _ := g.findName(sorted[i])
	return g.entries[e].name, j - i
}

func nOthers(n int) string {
	if n == 0 {
		return ""
	}
	return " and " + strconv.Itoa(n) + " more"
}

// identifierSpans proposes the identifiers written in the question.
func identifierSpans(s *scan, add spanner) {
	for _, m := range ident.Find(s.text) {
		i, j := -1, 0
		for k, t := range s.toks {
			if t.start < m.End && t.end > m.Start {
				if i < 0 {
					i = k
				}
				j = k + 1
			}
		}
		if i >= 0 {
			add(i, j, readerIdentifier, string(m.ID.Scheme), m.ID.Value)
		}
	}
}

// yearSpans proposes the years, decades, centuries and named eras.
func yearSpans(s *scan, add spanner) {
	years := func(from, to int) string {
		f, t := "", ""
		if from > 0 {
			f = strconv.Itoa(from)
		}
		if to > 0 {
			t = strconv.Itoa(to)
		}
		return f + "–" + t
	}
	for i, t := range s.toks {
		if y, err := strconv.Atoi(t.norm); err == nil && len(t.norm) == 4 && y >= 1000 && y <= 2100 {
			add(i, i+1, readerYears, slotYear, t.norm)
		}
		if span, kind, n, ok := namedSpan(s, i); ok {
			slot := map[termKind]string{centuryTerm: "century", decadeTerm: "decade", warTerm: "war"}[kind]
			add(i, i+n, readerYears, slot, years(span[0], span[1]))
		}
		if from, to, n, ok := boundedEra(s, i); ok {
			add(i, i+n, readerYears, slotEra, years(from, to))
		}
	}
}

// String renders the span on one line, for an explanation: a tick when
// the router's reading used its words, the token positions, the words,
// the reader and slot, and the value.
func (sp Span) String() string {
	read := " "
	if sp.Read {
		read = "✓"
	}
	line := read + " [" + strconv.Itoa(sp.Start) + "," + strconv.Itoa(sp.End) + ") " + strconv.Quote(sp.Text) + " " + sp.Reader + "/" + sp.Slot
	if sp.Value != "" {
		line += " = " + sp.Value
	}
	return line
}

// withoutNames is the question with the names, organisations, places and
// identifiers read blanked out: their words are the records' language, not the
// asker's.
func withoutNames(q string, c Constraints) string {
	var spans []string
	for _, n := range c.Names {
		spans = append(spans, n.Text)
	}
	for _, b := range c.Bodies {
		spans = append(spans, b.Text)
	}
	for _, p := range c.Places {
		spans = append(spans, p.Text)
	}
	spans = slices.Concat(spans, c.ISILs, c.QIDs, c.GHCIDs, c.GNDs, c.RORs, c.Malformed)
	for _, sp := range spans {
		if sp != "" {
			q = strings.ReplaceAll(q, sp, " ")
		}
	}
	return q
}

// wordsLanguage is the language of the lexicon's rows the question's
// words stand in (rows of en.tsv, nl.tsv or de.tsv; mul.tsv's belong to
// none), when one language has more of them than each other; else "".
// A word counts for each language once.
func wordsLanguage(s *scan) locale.Lang {
	seen := map[string]map[int]bool{}
	for i, t := range s.toks {
		for _, p := range s.lex.phrases[t.norm] {
			if p.lang == "" || p.lang == "mul" || i+len(p.words) > len(s.toks) || !wordsAt(s.toks, i, p.words) {
				continue
			}
			if seen[p.lang] == nil {
				seen[p.lang] = map[int]bool{}
			}
			for k := i; k < i+len(p.words); k++ {
				seen[p.lang][k] = true
			}
		}
	}
	var best locale.Lang
	top, tie := 0, false
	for _, l := range locale.Langs {
		switch n := len(seen[string(l)]); {
		case n > top:
			best, top, tie = l, n, false
		case n == top && n > 0:
			tie = true
		}
	}
	if tie {
		return ""
	}
	return best
}
