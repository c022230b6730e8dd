package router

import "strings"

// askerWork marks the words of a clause in which the asker says what they
// are doing ("I'm making a presentation about …", "we're writing a school
// report on …", "Ich schreibe einen Bericht über …"): a first-person
// subject (remarkSubjects) that opens a clause, a verb of their work
// (askerWork) within askerSubjectWords of it, and the words after the
// verb up to a clause sign, a word of a topic ("about", "über"), a word
// a reader took (a name, a place) or a kind. What the asker makes asks
// nothing of the records: its words are no conditions. A clause that
// names a kind is a question, not the asker's work. So are the words of
// a statement before a yes/no clause it asks (scan.statementEnd).
func askerWork(s *scan) []bool {
	var mask []bool
	if s.statementEnd > 0 {
		// the statement before a yes/no clause it asks (whetherClause)
		mask = make([]bool, len(s.toks))
		for k := range s.statementEnd {
			mask[k] = !s.used[k]
		}
	}
	return askerAside(s, mask)
}

// askerAside adds to mask the words of the asker's purpose and of the
// clauses of their work: they describe the asker, and no word of them
// is a subject the records are asked for.
func askerAside(s *scan, mask []bool) []bool {
	mask = askersThings(s, askerPurpose(s, mask))
	for i, t := range s.toks {
		if !s.lex.remarkSubjects[pronounOf(s.text, t)] || !clauseOpensAt(s, i) {
			continue
		}
		end := askerVerbEnd(s, i+1)
		if end < 0 {
			continue
		}
		e := end
		for e < len(s.toks) && !s.used[e] && !s.lex.topicPreps[s.toks[e].norm] && (e == end || !clauseSignBefore(s, e)) {
			if typeWordAt(s, e) {
				e = -1
				break
			}
			e++
		}
		if e < 0 || kindInClause(s, e) {
			continue // a kind in the clause: it asks, it is no work of the asker's
		}
		if mask == nil {
			mask = make([]bool, len(s.toks))
		}
		for k := i; k < e; k++ {
			mask[k] = !s.used[k]
		}
	}
	return mask
}

// kindInClause reports a kind from token e to the end of its clause
// ("I'm planning a visit to free museums in Kent").
func kindInClause(s *scan, e int) bool {
	for k := e; k < len(s.toks) && !clauseSignBefore(s, k); k++ {
		if !s.toks[k].upper && (typeWordAt(s, k) || s.lex.pluralTypeWords[s.toks[k].norm]) {
			return true // a kind written small, no word of a name
		}
	}
	return false
}

// askerVerbEnd returns the end of a verb of the asker's work that starts
// at token k or up to askerSubjectWords words after it, none read and no
// clause sign between ("I'm making", "we are writing", "our local
// history society is printing"), or -1.
func askerVerbEnd(s *scan, k int) int {
	for at := k; at < len(s.toks) && at <= k+askerSubjectWords; at++ {
		if at > k && (s.used[at-1] || clauseSignBefore(s, at)) {
			return -1 // the subject is no phrase of its own
		}
		for _, p := range s.lex.askerWork {
			if n, ok := s.matchAt(at, p); ok {
				return at + n
			}
		}
	}
	return -1
}

// clauseOpensAt reports a clause that opens at token i: the question's
// first word, a word after a clause sign or a comma, or one after a word
// of reason that opens a clause ("Since I'm preparing …").
func clauseOpensAt(s *scan, i int) bool {
	if i == 0 || clauseSignBefore(s, i) {
		return true
	}
	return s.lex.reasonConjunctions[s.toks[i-1].norm] && clauseOpensAt(s, i-1)
}

// clauseSignBefore reports a sign that ends a clause, or a comma, before
// token i.
func clauseSignBefore(s *scan, i int) bool {
	return i > 0 && strings.ContainsAny(s.text[s.toks[i-1].end:s.toks[i].start], ",."+clauseSigns)
}

// askerPurpose marks a phrase of the asker's purpose (askerPurposes: "for
// my", "voor mijn", "für mein") and the words after it to the end of its
// clause ("… - for my scrapbook"), when they name no kind and no reader
// took them: what the asker wants the answer for asks nothing of it.
func askerPurpose(s *scan, mask []bool) []bool {
	for i := range s.toks {
		n := 0
		for _, p := range s.lex.askerPurposes {
			if m, ok := s.matchAt(i, p); ok && m > n {
				n = m
			}
		}
		if n == 0 {
			continue
		}
		e := i + n
		for e < len(s.toks) && !s.used[e] && !s.lex.topicPreps[s.toks[e].norm] && !typeWordAt(s, e) && !clauseSignBefore(s, e) {
			e++
		}
		if e == i+n || e < len(s.toks) && !clauseSignBefore(s, e) {
			continue // a kind, a topic or a word read follows: the purpose names a condition
		}
		if mask == nil {
			mask = make([]bool, len(s.toks))
		}
		for k := i; k < e; k++ {
			mask[k] = true
		}
	}
	return mask
}

// askersThings marks the words no table knows right after a possessive
// of the asker's (askerPossessives), up to askerWords of them, before a
// word that is known, read or a kind, or a clause sign: the asker's own
// things ("my photo book of …"), which ask nothing of the records.
func askersThings(s *scan, mask []bool) []bool {
	for i, t := range s.toks {
		if !s.lex.askerPossessives[t.norm] {
			continue
		}
		for k := i + 1; k < len(s.toks) && k <= i+askerWords; k++ {
			w := s.toks[k].norm
			if s.used[k] || s.lex.knownWords[w] || typeWordAt(s, k) || clauseSignBefore(s, k) || !isWord(w) {
				break
			}
			if mask == nil {
				mask = make([]bool, len(s.toks))
			}
			mask[k] = true
		}
	}
	return mask
}

// askerSubjectWords bounds the words between the asker's word and the
// verb of their work: the rest of the subject and an auxiliary.
const askerSubjectWords = 5
