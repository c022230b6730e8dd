package linking

import "strings"

// oneCell reads the place a registry export writes into the name's cell
// after it: "Name (Town, Country)", "Name - Town - Country", "Name; Town"
// or "Name; Town, Country". It returns the name, the town when it is a
// town of the data (a place that is none, "near Town", is dropped with
// it), and the country's code; or s alone.
func (l *Linker) oneCell(s string) (name, town, country string) {
	if len(l.names.Lookup(s)) > 0 {
		return s, "", ""
	}
	var head, place string
	if strings.HasSuffix(s, ")") {
		if open := strings.LastIndexByte(s, '('); open > 0 && strings.Contains(s[open:], ",") {
			head, place = s[:open], s[open+1:len(s)-1]
		}
	}
	if head == "" {
		if at := strings.LastIndexByte(s, ';'); at > 0 {
			head, place = s[:at], s[at+1:]
		}
	}
	if head == "" {
		if parts := strings.Split(s, " - "); len(parts) >= 3 && l.countryOf(parts[len(parts)-1]) != "" {
			head, place = strings.Join(parts[:len(parts)-2], " - "), strings.Join(parts[len(parts)-2:], ",")
		}
	}
	head = strings.TrimSpace(head)
	if !hasLongWord(head) {
		return s, "", ""
	}
	t := strings.TrimSpace(place)
	if at := strings.LastIndexByte(t, ','); at >= 0 {
		if c := l.countryOf(t[at+1:]); c != "" {
			t, country = strings.TrimSpace(t[:at]), c
		} else if country == "" {
			return s, "", "" // "Name (Town, County)" is read as an address
		}
	} else if c := l.countryOf(t); c != "" {
		return head, "", c
	}
	if l.isTown(t) {
		town = t
	} else if country == "" {
		return s, "", ""
	}
	return head, town, country
}
