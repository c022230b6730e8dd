package router

import (
	"strconv"
)

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
					// "between 2000 and 1990" is the same span
					return &YearRange{Field: field, From: min(y, y2), To: max(y, y2)}
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
