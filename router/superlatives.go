package router

import "strconv"

// superlatives name an end of an order: the lowest opening year
// ("oldest"), the highest ("newest") or a size. The attribute "opened"
// becomes "closed" in a question about closing ("the last museum in York
// to close").
var superlatives = map[string]Order{
	"oldest": {Attribute: "opened"}, "earliest": {Attribute: "opened"},
	"alteste": {Attribute: "opened"}, "altesten": {Attribute: "opened"}, "altestes": {Attribute: "opened"},
	"oudste": {Attribute: "opened"}, "oudst": {Attribute: "opened"}, "vroegste": {Attribute: "opened"}, "fruheste": {Attribute: "opened"},
	"fruhesten": {Attribute: "opened"},
	"newest":    {Attribute: "opened", Highest: true}, "youngest": {Attribute: "opened", Highest: true},
	"latest": {Attribute: "opened", Highest: true}, "neueste": {Attribute: "opened", Highest: true},
	"neuesten": {Attribute: "opened", Highest: true}, "neuestes": {Attribute: "opened", Highest: true},
	"jungste": {Attribute: "opened", Highest: true}, "jungsten": {Attribute: "opened", Highest: true},
	"nieuwste": {Attribute: "opened", Highest: true}, "nieuwst": {Attribute: "opened", Highest: true},
	"jongste": {Attribute: "opened", Highest: true},
	"largest": {Attribute: "size", Highest: true}, "biggest": {Attribute: "size", Highest: true},
	"grootste": {Attribute: "size", Highest: true}, "grosste": {Attribute: "size", Highest: true},
	"grossten": {Attribute: "size", Highest: true}, "grosstes": {Attribute: "size", Highest: true},
	"smallest": {Attribute: "size"}, "kleinste": {Attribute: "size"}, "kleinsten": {Attribute: "size"},
	"kleinstes": {Attribute: "size"},
}

// ordinalEnds are "first" and "last", which name an end of the order of
// opening (or closing) years only beside a verb of opening or closing
// ("opened first", "the last to close") or before a type noun ("the
// first museum in Wales").
var ordinalEnds = map[string]bool{
	"first": false, "erste": false, "ersten": false, "erstes": false, "eerste": false, "zuerst": false,
	"last": true, "letzte": true, "letzten": true, "letztes": true, "laatste": true, "laatst": true,
	"zuletzt": true,
}

// recentWords follow "most" in "the most recent", "most recently opened".
var recentWords = map[string]bool{"recent": true, "recently": true}

// order reads the end of an order a question asks for and marks its words
// (and a count before them: "the three oldest", "top 5 newest") as read.
// N is the count, 0 when none is given.
func order(s *scan) *Order {
	verb, closing := false, false
	for _, t := range s.toks {
		verb = verb || openWords[t.norm] || closeWords[t.norm]
		closing = closing || closeWords[t.norm]
	}
	for i, t := range s.toks {
		if s.used[i] {
			continue
		}
		o, ok := superlatives[t.norm]
		end := i + 1
		switch {
		case ok:
		case t.norm == "most" && i+1 < len(s.toks) && recentWords[s.toks[i+1].norm]:
			o, ok, end = Order{Attribute: "opened", Highest: true}, true, i+2
		default:
			last, ordinal := ordinalEnds[t.norm]
			if ordinal && (verb || i+1 < len(s.toks) && typeWordAt(s, i+1)) {
				o, ok = Order{Attribute: "opened", Highest: last}, true
			}
		}
		if !ok {
			continue
		}
		if o.Attribute == "opened" && closing {
			o.Attribute = "closed"
		}
		s.mark(i, end)
		if n, ok := countBefore(s, i); ok {
			o.N = n
		} else {
			o.N = countOfType(s)
		}
		return &o
	}
	return nil
}

// typeWordAt reports a type noun at token i.
func typeWordAt(s *scan, i int) bool {
	_, _, ok := typeOfWord(s.toks[i].norm)
	return ok
}

// countNumbers are the number words a count of an order is written with.
var countNumbers = map[string]int{
	"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
	"twenty": 20, "zwei": 2, "drei": 3, "vier": 4, "funf": 5, "zehn": 10, "twee": 2, "drie": 3,
	"vijf": 5, "tien": 10,
}

// countBefore reads a count just before the order word at i ("the three
// oldest", "top 5 newest") and marks it, with a "top" before it, as read.
func countBefore(s *scan, i int) (int, bool) {
	if i == 0 || s.used[i-1] {
		return 0, false
	}
	w := s.toks[i-1].norm
	n, ok := countNumbers[w]
	if !ok {
		v, err := strconv.Atoi(w)
		if err != nil || v < 1 || v > 100 {
			return 0, false
		}
		n = v
	}
	s.mark(i-1, i)
	if i >= 2 && s.toks[i-2].norm == "top" {
		s.mark(i-2, i-1)
	}
	return n, true
}

// countOfType reads a count just before a type noun ("Which three museums
// in Lichfield opened first?") and marks it as read; 0 when there is none.
func countOfType(s *scan) int {
	for i := 1; i < len(s.toks); i++ {
		if typeWordAt(s, i) {
			if n, ok := countBefore(s, i); ok {
				return n
			}
		}
	}
	return 0
}
