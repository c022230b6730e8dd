package linking

import "strings"

// trailingArticles are the articles a catalogue puts after a name it
// files under its first word ("Bowes Museum, The").
var trailingArticles = map[string]bool{
	"the": true, "het": true, "de": true, "der": true, "die": true, "das": true, "le": true, "la": true, "les": true,
}

// articleInFront puts an article after the last comma back in front of
// the name ("Bowes Museum, The" → "The Bowes Museum").
func articleInFront(s string) string {
	at := strings.LastIndexByte(s, ',')
	if at <= 0 {
		return s
	}
	art := strings.TrimSpace(s[at+1:])
	if !trailingArticles[strings.ToLower(art)] || !hasLongWord(s[:at]) {
		return s
	}
	return art + " " + strings.TrimSpace(s[:at])
}

// catalogueTown reads a town that a catalogue writes before a name,
// followed by a colon, a dash or a comma ("Essen: Museum Folkwang",
// "Barnard Castle, Bowes Museum"), or in brackets after it ("Bowes
// Museum (Barnard Castle)", "Fitzwilliam Museum [Cambridge]"). It
// returns the name and the town, or s and "".
func (l *Linker) catalogueTown(s string) (name, town string) {
	if len(l.names.Lookup(s)) > 0 {
		return s, "" // a name as written ("Public Library & Museum (Camborne)")
	}
	for _, br := range [][2]string{{"(", ")"}, {"[", "]"}} {
		if strings.HasSuffix(s, br[1]) {
			if open := strings.LastIndex(s, br[0]); open > 0 {
				t := strings.TrimSpace(s[open+1 : len(s)-1])
				if head := strings.TrimSpace(s[:open]); l.isTown(t) && hasLongWord(head) {
					return head, t
				}
			}
		}
	}
	if _, _, ok := l.trailingTown(s); ok {
		return s, "" // a town at the end is the reference's own
	}
	for _, sep := range []string{":", " - ", " – ", ","} {
		if t, rest, ok := strings.Cut(s, sep); ok && l.isTown(strings.TrimSpace(t)) && hasLongWord(rest) {
			return strings.TrimSpace(rest), strings.TrimSpace(t)
		}
	}
	return s, ""
}
