package router

import "strings"

// nearCues say that a list is of what lies near what follows; the
// articles may stand between a cue and the name.
var nearCues = []string{
	"near", "nearby", "close to", "around", "next to", "in the vicinity of", "not far from",
	"in der nähe von", "in der nahe von", "nahe", "nahe bei", "unweit von", "unweit",
	"in de buurt van", "nabij", "dichtbij", "vlakbij", "of",
}

// nearName reads "museums near Stonehenge", "within 5 miles of the
// Holburne Museum": when a cue of nearness (or a radius, read with the
// postcodes) stands right before a name of the question, the list is of
// what lies near that institution (NearPlace), answered from the
// records' coordinates. "of" counts only after a radius. It reports
// whether it read one.
func (g *gazetteer) nearName(s *scan, c *Constraints) bool {
	if len(c.Names) != 1 || len(c.Postcodes) > 0 {
		return false
	}
	m := c.Names[0]
	at := strings.Index(s.text, m.Text)
	if at <= 0 || m.Text == "" {
		return false
	}
	before := strings.ToLower(strings.TrimSpace(s.text[:at]))
	for _, a := range []string{" the", " dem", " der", " die", " das", " het", " de"} {
		before = strings.TrimSuffix(before, a)
	}
	for _, cue := range nearCues {
		if !strings.HasSuffix(before, " "+cue) && before != cue {
			continue
		}
		if cue == "of" && c.RadiusKM == 0 {
			continue
		}
		c.NearPlace = true
		c.Names[0] = g.exactForm(m)
		return true
	}
	return false
}
