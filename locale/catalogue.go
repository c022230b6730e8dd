package locale

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
)

//go:embed messages/*.json
var messageFiles embed.FS

// Catalogue holds the translations of the answer text, by language, keyed
// by the exact English format string or word. Build it with
// LoadCatalogue or DefaultCatalogue; it is read-only afterwards and safe
// for concurrent use.
type Catalogue struct {
	cat catalog.Catalog
	// entries are the messages of each language, by key.
	entries  map[Lang]map[string]Entry
	printers map[Lang]*Printer
}

// File is one catalogue file, messages/<lang>.json.
type File struct {
	// Language is the file's language: "nl" in nl.json.
	Language Lang    `json:"language"`
	Messages []Entry `json:"messages"`
}

// Entry is the translation of one English message: Text; or Plural when
// the words depend on a number ("%d years": "%d Jahre", "1 Jahr"); or Noun
// for an English noun the answer code counts (Printer.Plural).
type Entry struct {
	// ID is the English text, exactly as the answer code writes it (for a
	// noun, its singular).
	ID     string  `json:"id"`
	Text   string  `json:"text,omitempty"`
	Plural *Plural `json:"plural,omitempty"`
	// Noun maps plural forms ("one", "other", …) to the noun's forms
	// ("museum", "musea"); "one" and "other" are required.
	Noun map[string]string `json:"noun,omitempty"`
}

// Plural selects a translation by the plural form of one argument.
type Plural struct {
	// Arg is the argument (1-based) whose number selects the case.
	Arg int `json:"arg"`
	// Cases map a CLDR plural form ("one", "other", …) or an exact value
	// ("=0") to the translation; "other" is required.
	Cases map[string]string `json:"cases"`
}

// pluralForms are the selectors a case may have besides "=N", in the
// order they are tried.
var pluralForms = []string{"zero", "one", "two", "few", "many", "other"}

var defaultCatalogue = sync.OnceValues(func() (*Catalogue, error) { return LoadCatalogue(messageFiles) })

// DefaultCatalogue is the catalogue bundled with the package, parsed once.
func DefaultCatalogue() *Catalogue {
	c, err := defaultCatalogue()
	if err != nil {
		// the bundled files are checked by the package's tests
		panic(fmt.Sprintf("locale: bundled catalogue: %v", err))
	}
	return c
}

// ErrCatalogue is wrapped by every error of a catalogue file.
var ErrCatalogue = errors.New("bad catalogue")

// LoadCatalogue reads messages/nl.json and messages/de.json from fsys (a
// missing file leaves its language untranslated: English text). It is
// strict: an unknown field, a file of another language, an empty or
// duplicate key, a translation whose placeholders differ from the
// English ones (an unknown placeholder, a missing verb, another spec),
// or a plural without "other" is an error.
func LoadCatalogue(fsys fs.FS) (*Catalogue, error) {
	b := catalog.NewBuilder(catalog.Fallback(language.English))
	c := &Catalogue{entries: map[Lang]map[string]Entry{}, printers: map[Lang]*Printer{}}
	for _, l := range []Lang{NL, DE} {
		name := "messages/" + string(l) + ".json"
		data, err := fs.ReadFile(fsys, name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("locale: %w", err)
		}
		entries, err := parseFile(data, l)
		if err != nil {
			return nil, fmt.Errorf("locale: %s: %w", name, err)
		}
		for _, e := range entries {
			if err := b.Set(l.Tag(), e.ID, e.message()); err != nil {
				return nil, fmt.Errorf("locale: %s: %q: %w: %w", name, e.ID, ErrCatalogue, err)
			}
		}
		c.entries[l] = entries
	}
	c.cat = b
	for _, l := range Langs {
		// the English singulars first, then the translated forms that
		// are no English singular, in a fixed order
		nouns := map[string]Entry{}
		ids := slices.Sorted(maps.Keys(c.entries[l]))
		for _, id := range ids {
			if e := c.entries[l][id]; e.Noun != nil {
				nouns[id] = e
			}
		}
		for _, id := range ids {
			e := c.entries[l][id]
			for _, f := range pluralForms {
				if form, ok := e.Noun[f]; ok {
					if _, taken := nouns[form]; !taken {
						nouns[form] = e
					}
				}
			}
		}
		c.printers[l] = &Printer{lang: l, p: message.NewPrinter(l.Tag(), message.Catalog(b)), texts: c.entries[l], nouns: nouns}
	}
	return c, nil
}

func parseFile(data []byte, l Lang) (map[string]Entry, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f File
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCatalogue, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%w: data after the catalogue", ErrCatalogue)
	}
	if f.Language != l {
		return nil, fmt.Errorf("%w: language %q in the file of %q", ErrCatalogue, f.Language, l)
	}
	out := make(map[string]Entry, len(f.Messages))
	for i, e := range f.Messages {
		if err := e.check(); err != nil {
			return nil, fmt.Errorf("%w: message %d (%.60q): %w", ErrCatalogue, i+1, e.ID, err)
		}
		if _, dup := out[e.ID]; dup {
			return nil, fmt.Errorf("%w: message %d: %.60q is translated twice", ErrCatalogue, i+1, e.ID)
		}
		out[e.ID] = e
	}
	return out, nil
}

func (e Entry) check() error {
	if e.ID == "" {
		return errors.New("empty id")
	}
	given := 0
	for _, b := range []bool{e.Text != "", e.Plural != nil, e.Noun != nil} {
		if b {
			given++
		}
	}
	switch {
	case given != 1:
		return errors.New("give one of text, plural and noun")
	case e.Text != "":
		return checkVerbs(e.ID, e.Text, 0)
	case e.Noun != nil:
		return e.checkNoun()
	}
	want, err := directives(e.ID)
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(want, func(d directive) bool { return d.arg == e.Plural.Arg }) {
		return fmt.Errorf("plural: argument %d is not in the English", e.Plural.Arg)
	}
	if _, ok := e.Plural.Cases["other"]; !ok {
		return errors.New(`plural: no "other" case`)
	}
	for sel, text := range e.Plural.Cases {
		if n, ok := strings.CutPrefix(sel, "="); ok {
			if _, err := strconv.Atoi(n); err != nil {
				return fmt.Errorf("plural: bad case %q", sel)
			}
		} else if !slices.Contains(pluralForms, sel) {
			return fmt.Errorf("plural: unknown case %q (one of %s or =N)", sel, strings.Join(pluralForms, ", "))
		}
		if text == "" {
			return fmt.Errorf("plural: case %q is empty", sel)
		}
		if err := checkVerbs(e.ID, text, e.Plural.Arg); err != nil {
			return fmt.Errorf("plural case %q: %w", sel, err)
		}
	}
	return nil
}

func (e Entry) checkNoun() error {
	if strings.Contains(e.ID, "%") {
		return errors.New("noun: a noun is no format")
	}
	for _, f := range []string{"one", "other"} {
		if e.Noun[f] == "" {
			return fmt.Errorf("noun: no %q form", f)
		}
	}
	for f, form := range e.Noun {
		if !slices.Contains(pluralForms, f) {
			return fmt.Errorf("noun: unknown form %q (one of %s)", f, strings.Join(pluralForms, ", "))
		}
		if form == "" || strings.Contains(form, "%") {
			return fmt.Errorf("noun: form %q is empty or holds a verb", f)
		}
	}
	return nil
}

// message is e as a catalogue message: the text, or the plural cases with
// exact values first, then the forms, "other" last.
func (e Entry) message() catalog.Message {
	switch {
	case e.Noun != nil:
		return catalog.String(e.Noun["one"])
	case e.Plural == nil:
		return catalog.String(e.Text)
	}
	var cases []any
	sels := make([]string, 0, len(e.Plural.Cases))
	for sel := range e.Plural.Cases {
		if strings.HasPrefix(sel, "=") {
			sels = append(sels, sel)
		}
	}
	slices.Sort(sels)
	for _, f := range pluralForms {
		if _, ok := e.Plural.Cases[f]; ok {
			sels = append(sels, f)
		}
	}
	for _, sel := range sels {
		cases = append(cases, sel, e.Plural.Cases[sel])
	}
	return plural.Selectf(e.Plural.Arg, "", cases...)
}

// Printer is the Printer of l; the English one for a zero or unknown Lang.
func (c *Catalogue) Printer(l Lang) *Printer {
	if p, ok := c.printers[l]; ok {
		return p
	}
	return c.printers[EN]
}

// Has reports whether l has a translation of the English text id.
func (c *Catalogue) Has(l Lang, id string) bool {
	_, ok := c.entries[l][id]
	return ok
}

// Entries are l's translations, by English text.
func (c *Catalogue) Entries(l Lang) map[string]Entry {
	out := make(map[string]Entry, len(c.entries[l]))
	for k, e := range c.entries[l] {
		out[k] = e
	}
	return out
}
