package llm

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/ident"
	"github.com/hybridrag/hybridrag/internal/textfold"
)

var (
	// markupRe is an HTML or XML tag, comment or character reference, a
	// Markdown link or image, or a code fence.
	markupRe = regexp.MustCompile(`<\s*/?\s*[\pL!?]|&(?:#\d+|#[xX][0-9a-fA-F]+|[a-zA-Z]+);|\]\(|!\[|` + "```")
	// linkRe is a URL with "//", one starting "www.", a scheme and
	// something after its colon ("javascript:…", "wd:Q42"), or a bare
	// domain with a letter top level ("example.org/x").
	linkRe = regexp.MustCompile(`(?i)\b[a-z][a-z0-9+.\-]*://\S*|\bwww\.\S+|\b[a-z][a-z0-9+.\-]*:[^\s/]\S*|\b(?:[a-z0-9](?:[a-z0-9\-]*[a-z0-9])?\.)+[a-z]{2,24}\b(?:/\S*)?`)
	// configRe is an assignment, or a key of a configuration file (with
	// "_" or "." inside) before a colon.
	configRe = regexp.MustCompile(`=|\b[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)+\s*:|-{3,}\s*BEGIN`)
	// tokenRe is a long run of letters, digits and the characters keys
	// are written with; one with both letters and digits looks like a key.
	tokenRe = regexp.MustCompile(`[A-Za-z0-9_\-+/]{24,}`)
)

// unsafe returns what a sentence (citation markers removed) looks like
// when it is not plain prose from its cited sources, hay: markup, a link
// they do not hold, configuration or a secret, or instructions. It
// returns "" for a sentence that looks like none of these. The sentence's
// own text is not repeated, so that the warning does not pass it on.
func unsafe(sent string, hay []*source) string {
	if markupRe.MatchString(sent) {
		return "markup"
	}
	for _, link := range linkRe.FindAllString(sent, -1) {
		if !linkHeld(link, hay) {
			return "a link that is not in the cited records"
		}
	}
	lx := words()
	folded := " " + textfold.Words(sent) + " "
	unheld := func(p string) bool { // the sentence has p, its sources do not
		return strings.Contains(folded, p) && !slices.ContainsFunc(hay, func(s *source) bool { return strings.Contains(s.text, p) })
	}
	if slices.ContainsFunc(lx.secrets, unheld) {
		return "configuration or a secret"
	}
	for _, m := range configRe.FindAllString(sent, -1) {
		if !slices.ContainsFunc(hay, func(s *source) bool { return strings.Contains(s.raw, strings.ToLower(m)) }) {
			return "configuration or a secret" // "Domus year of foundation = 1972" is kept when its record says so
		}
	}
	for _, t := range tokenRe.FindAllString(sent, -1) {
		if strings.ContainsFunc(t, unicode.IsDigit) && strings.ContainsFunc(t, unicode.IsLetter) &&
			!slices.ContainsFunc(hay, func(s *source) bool { return strings.Contains(s.raw, strings.ToLower(t)) }) {
			return "configuration or a secret"
		}
	}
	if slices.ContainsFunc(lx.instructions, unheld) {
		return "instructions"
	}
	if role, rest, ok := strings.Cut(strings.TrimLeftFunc(sent, func(r rune) bool { return !unicode.IsLetter(r) }), ":"); ok &&
		lx.roles[textfold.Words(role)] && rest != "" {
		return "instructions"
	}
	return ""
}

// linkHeld reports whether a link is in one of hay: as written (without
// its scheme, "www." and a final "/"), or as the URL of an identifier
// hay holds. A link with a scheme of words/schemes.txt ("javascript:")
// is never held.
func linkHeld(link string, hay []*source) bool {
	link = strings.TrimRight(link, `.,;:!?)]}'"’”`)
	lower := strings.ToLower(link)
	if scheme, rest, ok := strings.Cut(lower, ":"); ok && !strings.HasPrefix(rest, "//") {
		if words().schemes[scheme] {
			return false
		}
	}
	if ms := ident.Find(link); len(ms) == 1 && ms[0].Start == 0 && ms[0].End == len(link) {
		return holds(hay, textfold.Words(ms[0].ID.Value))
	}
	bare := lower
	if _, rest, ok := strings.Cut(bare, "://"); ok {
		bare = rest
	}
	bare = strings.TrimSuffix(strings.TrimPrefix(bare, "www."), "/")
	return bare != "" && slices.ContainsFunc(hay, func(s *source) bool { return strings.Contains(s.raw, bare) })
}
