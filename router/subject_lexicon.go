package router

import (
	"slices"
	"strings"
)

// subjectEntry gives the words for one subject. Term is a dataset subject
// term ("Transport / Aviation") or a whole category or sub-category
// ("Transport/*", "Buildings / Houses/*"); a term that is itself a category
// ("Archaeology") means the category. EN, NL and DE list the English, Dutch
// and German label first, then synonyms and inflections (plural, adjective
// and dative forms, compounds). Words are written as users write them; the
// index folds case and diacritics (also "ü" as "ue") and strips English
// plurals. Mods are compound modifiers that are no words of their own
// ("Post" in "Postmuseum", "Schul" in "Schulmuseum").
type subjectEntry struct {
	Term       string
	EN, NL, DE []string
	Mods       []string
}

// subjectGroup gives the words that mean several terms at once: "aviation"
// means civil aviation and the air force, "pottery" both ceramics and the
// potteries. Its words belong to no single entry.
type subjectGroup struct {
	Terms      []string
	EN, NL, DE []string
}

// The subject lexicon (Lexicon.subjects) has one entry per dataset
// subject term, and one per category named as a whole; its umbrella
// groups (Lexicon.subjectGroups) follow the gold questions' reading of a
// topic ("aviation museums" are civil and air force aviation). A phrase
// belongs to one entry or group only. No phrase holds a custodian type
// word ("museum"): those are read as types. The tables subject.*
// (lexicon/README.md) hold them, with the subject cues ("the subject
// classification 'Transport / Aviation'"), the heads of compounds whose
// modifier is the subject ("Eisenbahngeschichte") and the phrases whose
// subject word means no subject ("car park", "by train").

// SubjectWords returns the words of the subject lexicon, in every
// language, for the dataset subject terms given, lower case: what a name may carry of a subject
// ("eisenbahn" of "Transport / Trains and railways"). A search of the
// names of records that state no subjects uses them.
func SubjectWords(terms []string) []string { return DefaultLexicon().subjectWords(terms) }

// subjectWords is SubjectWords in lex.
func (lex *Lexicon) subjectWords(terms []string) []string {
	var out []string
	add := func(ws []string) {
		for _, w := range ws {
			if w = strings.ToLower(w); len(w) >= 4 && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	for _, g := range lex.subjectGroups {
		if len(g.Terms) > 0 && !slices.ContainsFunc(g.Terms, func(t string) bool { return !slices.Contains(terms, t) }) {
			// the umbrella words of terms all asked for ("aviation")
			add(g.EN)
			add(g.NL)
			add(g.DE)
		}
	}
	for _, e := range lex.subjects {
		if slices.Contains(terms, e.Term) {
			add(e.EN)
			add(e.NL)
			add(e.DE)
			add(e.Mods)
		}
	}
	return out
}

// SubjectWords is the package's SubjectWords: a Router answers the
// pipeline's questions about words (pipeline.Lexicon).
func (r *Router) SubjectWords(terms []string) []string { return r.lex.subjectWords(terms) }

// UnnamedWar is the package's UnnamedWar, in the router's lexicon.
func (r *Router) UnnamedWar(phrase string) bool {
	s := newScan(phrase, r.lex)
	end, ok := unnamedWar(s, 0)
	return ok && end == len(s.toks)
}

// Unrecorded reports whether field is one the data records for no
// institution (telephone numbers, opening hours, facilities, …): whether
// an institution has one is then not known, not "no".
func (r *Router) Unrecorded(field string) bool { return r.lex.unrecordedFields[field] }
