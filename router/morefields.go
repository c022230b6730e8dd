package router

import (
	"slices"
	"strings"
)

// moreFields reads the further fields a question about one institution
// asks for beside its first (MoreFields): field cues joined by "and" or a
// comma, and a second question after "and". The field of each part is
// read as a question of its own; the first part's is the plan's Field.
func moreFields(plan *Plan, lex *Lexicon) {
	c := &plan.Constraints
	if plan.Frame != FrameField || c.Field == "" || c.List || len(c.Names)+len(c.ISILs)+len(c.QIDs)+len(c.GHCIDs)+len(c.GNDs)+len(c.RORs) != 1 {
		return
	}
	s := newScan(plan.Question, lex)
	fields := []string{}
	add := func(f string) {
		if f != "" && !slices.Contains(fields, f) {
			fields = append(fields, f)
		}
	}
	if k := secondQuestion(s); k > 0 {
		first, second := newScan(plan.Question[:s.toks[k-1].end], lex), newScan(plan.Question[s.toks[k].start:], lex)
		if statement(first) || ifSoBefore(s, k) || yesNoShape(first) {
			// the field said before is no field asked; after "if so", or
			// after a yes/no question the value asked is the second
			// question's
			if f := field(second); f != "" {
				c.Field = narrowedField(s, f)
			}
			return
		}
		// the second's field narrowed by the words of both ("a website,
		// and what is the address")
		add(field(first))
		if f := field(second); f != "" {
			add(narrowedField(s, f))
		}
	} else if both := openAndClose(s); both != nil {
		for _, f := range both {
			add(f)
		}
	} else if joined := joinedFieldCues(s); len(joined) > 0 {
		if !slices.Contains(joined, c.Field) {
			add(c.Field)
		}
		for _, f := range joined {
			add(f)
		}
	}
	if len(fields) < 2 || fields[0] == "" {
		return
	}
	c.Field, c.MoreFields = fields[0], fields[1:]
}

// joinedFieldCues returns, in question order, the fields of the field
// cues that only joining words separate from another cue, when there are
// two or more.
func joinedFieldCues(s *scan) []string {
	type cue struct {
		at, end int
		field   string
	}
	var cues []cue
	for _, fc := range s.lex.fieldCues {
		if i := s.find(fc.phrase); i >= 0 {
			cues = append(cues, cue{i, i + len(strings.Fields(fc.phrase)), fc.field})
		}
	}
	// the longest cue at each place ("postal address", not "address")
	slices.SortFunc(cues, func(a, b cue) int {
		if a.at != b.at {
			return a.at - b.at
		}
		return b.end - a.end
	})
	var kept []cue
	for _, c := range cues {
		if len(kept) == 0 || c.at >= kept[len(kept)-1].end {
			kept = append(kept, c)
		}
	}
	var out []string
	for k := 1; k < len(kept); k++ {
		// joining words with a coordinator among them ("ISIL and
		// website"; "Adresse der Website" is one field)
		joined, and := kept[k].at > kept[k-1].end, false
		for i := kept[k-1].end; i < kept[k].at; i++ {
			joined = joined && s.lex.joiners[s.toks[i].norm]
			and = and || s.lex.andWords[s.toks[i].norm] || strings.Contains(s.text[s.toks[i-1].end:s.toks[i].start], ",")
		}
		joined = joined && and
		if !joined || kept[k].field == kept[k-1].field {
			continue // two cues of one field ask for it once
		}
		if len(out) == 0 {
			out = append(out, kept[k-1].field)
		}
		out = append(out, kept[k].field)
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// statement reports a clause that says something of what it refers
// back to ("it was called …") and holds no question word, no verb that
// opens a yes/no question and no request: its field is said, not asked.
func statement(s *scan) bool {
	refers := false
	for _, t := range s.toks {
		if s.lex.whWords[t.norm] || s.lex.yesNoStarts[t.norm] || s.lex.requestWords[t.norm] {
			return false
		}
		refers = refers || s.lex.anaphora[t.norm] || s.lex.nameAnaphora[t.norm]
	}
	return refers
}

// secondQuestion returns the token at which a second question starts
// after "and" (a question word, after "if so" or not), or 0.
func secondQuestion(s *scan) int {
	for k := 1; k+1 < len(s.toks); k++ {
		if !s.lex.andWords[s.toks[k].norm] {
			continue
		}
		j := k + 1
		for _, p := range s.lex.ifSoPhrases {
			if n, ok := s.matchAt(k, p); ok && k+n < len(s.toks) {
				j = k + n // "and if so, what …"
			}
		}
		if s.lex.whWords[s.toks[j].norm] || s.lex.germanWhatWords[s.toks[j].norm] && j+1 < len(s.toks) && s.lex.germanAfterWas[s.toks[j+1].norm] {
			return j
		}
	}
	return 0
}

// ifSoBefore reports a phrase of ifSoPhrases right before token k.
func ifSoBefore(s *scan, k int) bool {
	return slices.ContainsFunc(s.lex.ifSoPhrases, func(p string) bool {
		_, ok := s.endsAt(k, p)
		return ok
	})
}

// openAndClose returns the opening and the closing year, in the
// question's order, when a question asking when joins a verb of each by
// "and"; else nil. Read as one field, it was the closing year alone.
func openAndClose(s *scan) []string {
	if !slices.ContainsFunc(s.lex.whenWords, s.has) {
		return nil
	}
	for k := 1; k+1 < len(s.toks); k++ {
		if !s.lex.andWords[s.toks[k].norm] {
			continue
		}
		before, after := s.toks[k-1].norm, s.toks[k+1].norm
		switch {
		case s.lex.openWords[before] && s.lex.closeWords[after]:
			return []string{fieldOpened, fieldClosed}
		case s.lex.closeWords[before] && s.lex.openWords[after]:
			return []string{fieldClosed, fieldOpened}
		}
	}
	return nil
}
