package router

import (
	"strings"
)

// shareAsked reports, and consumes, a cue asking for a share.
func shareAsked(s *scan) bool {
	for _, c := range s.lex.shareCues {
		if i := s.find(c); i >= 0 {
			s.mark(i, i+len(strings.Fields(c)))
			return true
		}
	}
	return false
}

// wholeOf returns, for a question about a share (a percentage or share
// of a set), the constraints of the set the share is of: its kinds,
// places and bodies, without the conditions that select the part
// (accreditation, governance, size, subjects, years, fields had or
// lacked, and a status the question names). A status the tense gives
// ("are") applies to both. When nothing but places can select the part,
// the places are the part (the share of a kind that is in a country).
func wholeOf(s *scan, c Constraints) *Constraints {
	w := c.Clone()
	w.Share, w.Accreditation, w.GovernanceCodes, w.Sizes = false, "", nil, nil
	w.DropSubjects()
	w.Years, w.Has, w.Lacks, w.Order, w.Group, w.Not = nil, nil, nil, nil, nil, nil
	if hasStatusWord(s) {
		w.Status = ""
	}
	if w.Status == c.Status && len(c.Places) > 0 && c.Accreditation == "" && c.Years == nil && !c.Negates() &&
		len(c.GovernanceCodes)+len(c.Sizes)+len(c.Subjects)+len(c.Has)+len(c.Lacks) == 0 {
		w.Places, w.Except, w.NearPlace = nil, nil, false
	}
	w.All = !w.Selective()
	return &w
}
