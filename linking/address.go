package linking

import (
	"regexp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/kg"
)

// isArea reports whether p names a unit above a town that the records
// state (a county, district or region), with "Co." for County ("Co.
// Durham"). Many are named after a town ("Boston", "South Holland").
func (l *Linker) isArea(p string) bool {
	n := kg.NormalizeName(p)
	if rest, ok := strings.CutPrefix(n, "co "); ok {
		n = "county " + rest
	}
	return l.areas[n]
}

// Postcodes of the countries of the data that write them: British
// ("SE23 3PQ"), Dutch ("1071 XX") and German, Austrian or Swiss (four or
// five digits, maybe behind "D-").
var (
	ukPostcode = regexp.MustCompile(`(?i)^(?:GIR ?0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})$`)
	nlPostcode = regexp.MustCompile(`(?i)^[1-9][0-9]{3} ?[A-Z]{2}$`)
	dePostcode = regexp.MustCompile(`(?i)^(?:[A-Z]-)?[0-9]{4,5}$`)
)

// streetWords end a street name; streetSuffixes end one written as one
// word ("Museumstraat", "Goethestraße").
var (
	streetWords = map[string]bool{
		"street": true, "st": true, "road": true, "rd": true, "lane": true, "avenue": true, "ave": true,
		"square": true, "sq": true, "place": true, "terrace": true, "row": true, "way": true, "close": true,
		"crescent": true, "drive": true, "walk": true, "parade": true, "gardens": true,
		"strasse": true, "str": true, "weg": true, "allee": true, "platz": true, "gasse": true, "ring": true,
		"straat": true, "laan": true, "plein": true, "gracht": true, "kade": true, "singel": true, "dijk": true,
	}
	streetSuffixes = []string{"strasse", "str", "weg", "allee", "platz", "gasse", "straat", "laan", "plein", "gracht", "kade", "singel", "dijk"}
)

// address reads an address after a name: the comma-separated parts at
// the end that hold a postcode (with or without the town), a street, the
// town, a county or district after the town (isArea), a locality between
// a street and the town, and a postcode at the very end. It returns the
// name with the town of the address after a comma (so that it is read as
// a town after a name is), the town and the postcode; a text with no
// postcode, street or county is returned as it is.
func address(s string, isTown, isArea func(string) bool) (name, town, postcode string) {
	parts := strings.Split(s, ",")
	end, found := len(parts), false
	// firstStreet is the first part after the name that is a street: the
	// parts between it and the town are localities ("…, 94 Halftown
	// Road, Maze, Lisburn").
	firstStreet := slices.IndexFunc(parts[1:], func(p string) bool {
		p = strings.TrimSpace(p)
		return street(p) && !isTown(p)
	}) + 1
	for ; end > 1; end-- {
		p := strings.TrimSpace(parts[end-1])
		if pc, rest, ok := postcodeIn(p); ok && postcode == "" {
			postcode, found = pc, true
			if rest != "" && town == "" {
				town = rest
			}
			continue
		}
		placeLike := hasLongWord(p) && !strings.ContainsAny(p, "0123456789")
		switch {
		case town == "" && placeLike && (isTown(p) || postcode != "" && !street(p)):
			town = p // "…, Bath BA2 4DB", "…, Museumstraat 1, Amsterdam"
		case street(p) && !isTown(p):
			found = true
		case town == "" && postcode == "" && isArea(p) && !isTown(p):
			found = true // "…, Barnard Castle, Co. Durham"
		case town != "" && placeLike && isTown(p) && isArea(town):
			// "…, Freiston, Boston": a town, then the district named
			// after its own town
			town, found = p, true
		case firstStreet > 0 && end-1 > firstStreet && placeLike:
			found = true // a locality between the street and the town
		default:
			return finishAddress(s, strings.Join(parts[:end], ","), town, postcode, found)
		}
	}
	return finishAddress(s, strings.Join(parts[:end], ","), town, postcode, found)
}

// finishAddress returns the name before an address, or the text s as it
// was when no address was found there.
func finishAddress(s, name, town, postcode string, found bool) (string, string, string) {
	name = strings.TrimSpace(name)
	if !found {
		// "Horniman Museum London SE23 3PQ": a postcode that ends the text
		if pc, rest, ok := trailingPostcode(s); ok {
			return rest, "", pc
		}
		return s, "", ""
	}
	return name, town, postcode
}

// postcodeIn finds a postcode at the start or the end of an address part
// ("London SE23 3PQ", "45128 Essen", "1071 XX Amsterdam") and returns it
// with the rest of the part.
func postcodeIn(p string) (pc, rest string, ok bool) {
	f := strings.Fields(p)
	for _, n := range []int{2, 1} {
		if len(f) >= n {
			if c := strings.Join(f[len(f)-n:], " "); isPostcode(c) {
				return c, strings.Join(f[:len(f)-n], " "), true
			}
			if c := strings.Join(f[:n], " "); isPostcode(c) {
				return c, strings.Join(f[n:], " "), true
			}
		}
	}
	return "", "", false
}

// trailingPostcode splits a British or Dutch postcode off the end of a
// name that keeps a word of its own; a number alone may end a name.
func trailingPostcode(s string) (pc, rest string, ok bool) {
	f := strings.Fields(s)
	for _, n := range []int{2, 1} {
		if len(f) > n {
			c := strings.Join(f[len(f)-n:], " ")
			if (ukPostcode.MatchString(c) || nlPostcode.MatchString(c)) && hasLongWord(strings.Join(f[:len(f)-n], " ")) {
				return c, strings.TrimRight(strings.Join(f[:len(f)-n], " "), " ,"), true
			}
		}
	}
	return "", "", false
}

func isPostcode(s string) bool {
	return ukPostcode.MatchString(s) || nlPostcode.MatchString(s) || dePostcode.MatchString(s)
}

// street reports an address part that is a street: one with a house
// number ("Museumstraat 1", "27 Tadcaster Road") or ending in a street
// word ("Great Pulteney Street", "Goethestraße").
func street(p string) bool {
	f := strings.Fields(kg.NormalizeName(strings.ReplaceAll(p, "ß", "ss")))
	if len(f) == 0 {
		return false
	}
	last := f[len(f)-1]
	if len(f) > 1 && strings.ContainsAny(p, "0123456789") {
		return true
	}
	if len(f) > 1 && streetWords[last] {
		return true
	}
	for _, x := range streetSuffixes {
		if len(last) > len(x)+2 && strings.HasSuffix(last, x) {
			return true
		}
	}
	return false
}
