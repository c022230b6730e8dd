package linking

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/names"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// reorderedForms write the words of record in's name in another order,
// or with words that do not change it: the words swapped or the first
// moved to the end, the parts around a comma swapped, the town repeated
// after a name that holds it, "&" for "and", "und" or "en", a legal form
// after a German name.
func reorderedForms(in *heritage.Institution, k int) []string {
	var out []string
	f := strings.Fields(in.Name)
	switch {
	case len(f) == 2:
		out = append(out, f[1]+" "+f[0])
	case len(f) > 2:
		out = append(out, strings.Join(append(f[1:], f[0]), " "))
	}
	if a, b, ok := strings.Cut(in.Name, ", "); ok && !strings.Contains(b, ",") {
		out = append(out, b+", "+a)
	}
	if in.City != "" && strings.Contains(in.Name, in.City) {
		out = append(out, in.Name+", "+in.City)
	}
	for _, and := range []string{" and ", " und ", " en "} {
		if strings.Contains(in.Name, and) {
			out = append(out, strings.Replace(in.Name, and, " & ", 1))
			break
		}
	}
	if in.Country == "DE" {
		out = append(out, in.Name+[]string{" e.V.", " gGmbH"}[k%2])
	}
	return out
}

// madeUpWord replaces the longest word of record in's name in text by a
// word of no name: a made-up institution written the same way.
func madeUpWord(in *heritage.Institution, text string) string {
	long := ""
	for _, w := range strings.Fields(in.Name) {
		if w = strings.Trim(w, ",.&"); len(w) > len(long) {
			long = w
		}
	}
	if len(long) < 4 || !strings.Contains(text, long) {
		return ""
	}
	return strings.Replace(text, long, "Brindlemoor", 1)
}

// Every fourth record whose name alone links it as a match, written in
// another order or with words that do not change it, links it again;
// made-up names written the same way link nothing.
func TestReorderedReferencesOverTheData(t *testing.T) {
	requireLinkedOverTheData(t, "reordered", 4, 500, reorderedForms, madeUpWord)
}

// Names with the same words as another record's name in another order
// or with a legal form: the one record whose name they are, not the
// records whose names hold them and more ("Museum Folkwang,
// Museumsbibliothek"), nor when the differing word is an article or a
// preposition that other names hold too ("Guildhall" for "The
// Guildhall").
func TestReorderedNames(t *testing.T) {
	l := testLinker(t)
	for text, want := range map[string]string{
		"Folkwang Museum":            "wd:Q125634",
		"Stadtarchiv Hennef, Hennef": "wd:Q28720300",
		"Museum Orkney":              "mm:mm.domus.SC080",
	} {
		c := linkMatch(t, l, text)
		require.NotNil(t, c, text)
		require.Equal(t, want, c.ID, text)
	}
	for _, text := range []string{"Guildhall", "Local History Museum", "Workhouse Museum"} {
		require.Nil(t, linkMatch(t, l, text), text)
	}
}

// kindWords are the words a reference writes after a name for the kind
// of institution it is, by type code, in English and German.
var kindWords = map[string][2]string{
	"M": {"museum", "Museum"}, "L": {"library", "Bibliothek"}, "A": {"archive", "Archiv"}, "G": {"gallery", "Galerie"},
}

// describedForms write record in's name with the kind of institution it
// is after it: in parentheses, in brackets or after a dash.
func describedForms(in *heritage.Institution, k int) []string {
	w, ok := kindWords[in.TypeCode]
	if !ok {
		return nil
	}
	word := w[k%2]
	return []string{in.Name + " (" + word + ")", in.Name + " [" + word + "]", in.Name + " - " + strings.ToUpper(word[:1]) + word[1:]}
}

// Every fifth record whose name alone links it as a match, with the kind
// of institution it is after its name, links it again; made-up names
// written the same way link nothing.
func TestDescribedReferencesOverTheData(t *testing.T) {
	requireLinkedOverTheData(t, "described", 5, 500, describedForms, madeUpWord)
}

// A kind after a name is no part of it, unless another record's name
// holds the whole reference as written ("Hexenturm - Museum der Stadt
// Lahnstein" for "Hexenturm - Museum", besides the museum Hexenturm).
func TestDescribedNames(t *testing.T) {
	l := testLinker(t)
	for text, want := range map[string]string{
		"Bamburgh Castle (museum)": "mm:mm.aim.0054",
		"Museum Folkwang [Museum]": "wd:Q125634",
	} {
		c := linkMatch(t, l, text)
		require.NotNil(t, c, text)
		require.Equal(t, want, c.ID, text)
	}
	require.Nil(t, linkMatch(t, l, "Hexenturm - Museum"))
	require.Nil(t, linkMatch(t, l, "Upper Wyvern Teapot (museum)"))
}

func TestTrailingKind(t *testing.T) {
	for _, c := range []struct {
		in, rest, kind string
		isNew          bool
	}{
		{"Bowes Museum (museum)", "Bowes Museum", "M", false},
		{"Bamburgh Castle - Museum", "Bamburgh Castle", "M", true},
		{"Leeds Central Library [Library]", "Leeds Central Library", "L", false},
		{"Stadtarchiv Worms (Archiv)", "Stadtarchiv Worms", "A", true},
		// not a kind: part of the name, a code, or nothing left
		{"Public Library & Museum (Camborne)", "Public Library & Museum (Camborne)", "", false},
		{"Rijksmuseum (M)", "Rijksmuseum (M)", "", false},
		{"Hexenturm - Museum der Stadt Lahnstein", "Hexenturm - Museum der Stadt Lahnstein", "", false},
		{"(Museum)", "(Museum)", "", false},
	} {
		rest, kind, isNew := trailingKind(c.in)
		require.Equal(t, c.rest, rest, c.in)
		require.Equal(t, c.kind, kind, c.in)
		require.Equal(t, c.isNew, isNew, c.in)
	}
}

// englishKinds are the English names of the kinds of institution that
// translatedForms writes for a German or Dutch name's first word, folded.
var englishKinds = func() map[string][]string {
	out := map[string][]string{}
	for en, natives := range kindTranslations {
		for _, n := range natives {
			if !strings.Contains(n, " ") {
				out[n] = append(out[n], en)
			}
		}
	}
	for _, ens := range out {
		slices.Sort(ens)
	}
	return out
}()

// translatedForms write a record whose name starts with a German or
// Dutch word for a kind ("Stadtmuseum Bocholt") with its English name
// ("City Museum Bocholt", "Bocholt Town Museum", "City Museum, Bocholt").
func translatedForms(in *heritage.Institution, k int) []string {
	first, rest, ok := strings.Cut(in.Name, " ")
	ens := englishKinds[kg.NormalizeName(first)]
	if !ok || len(ens) == 0 {
		return nil
	}
	words := strings.Fields(ens[k%len(ens)])
	for j, w := range words {
		words[j] = strings.ToUpper(w[:1]) + w[1:]
	}
	en := strings.Join(words, " ")
	return []string{en + " " + rest, rest + " " + en, en + ", " + rest}
}

// Every second record whose name starts with a German or Dutch word for
// a kind of institution and alone links it as a match, with that word in
// English, links it again; made-up names written the same way ("City
// Museum Brindlemoor") link nothing.
func TestTranslatedReferencesOverTheData(t *testing.T) {
	requireLinkedOverTheData(t, "translated", 2, 500, translatedForms, func(in *heritage.Institution, text string) string {
		_, rest, _ := strings.Cut(in.Name, " ")
		return strings.Replace(text, rest, "Brindlemoor", 1)
	})
}

func TestTranslations(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"City Museum Bocholt", []string{"stadtmuseum Bocholt", "stadsmuseum Bocholt"}},
		{"Bocholt City Archives", []string{"Bocholt stadtarchiv", "Bocholt stadsarchief"}},
		{"Local History Museum, Löhne", []string{"heimatmuseum, Löhne"}},
		{"Bowes Museum", nil},
	} {
		require.Equal(t, c.want, translations(c.in), c.in)
	}
}

// A name placed by its country alone, after a comma: the country is no
// word of the name ("Military Museum, England" is not The East England
// Military Museum), and a name that the names of ten records or more of
// that country hold as written names a kind of institution there rather
// than one of them. Every third record whose name alone links it as a
// match, with its country after a comma: a generic name (counted here
// over every record's names) links nothing, any other links its record.
func TestCountryPlacedGenericNames(t *testing.T) {
	testfixture.SkipUnderRace(t)
	t.Parallel()
	l := testLinker(t)
	// per country, the names of each record, each between spaces
	keys := map[string][]string{}
	for i := range l.ds.Institutions {
		var b strings.Builder
		for _, f := range l.names.Forms(int32(i)) {
			b.WriteString(" " + f.Key + " |")
		}
		c := l.ds.Institutions[i].Country
		keys[c] = append(keys[c], b.String())
	}
	// generic reports whether the names of ten records or more of the
	// country hold name as written.
	generic := func(name, country string) bool {
		phrase, n := " "+names.Key(name)+" ", 0
		for _, k := range keys[country] {
			if strings.Contains(k, phrase) {
				if n++; n == 10 {
					return true
				}
			}
		}
		return false
	}
	generics, genericMatched, specific, specificLinked := 0, 0, 0, 0
	var wrong []string
	for i := range l.ds.Institutions {
		in := &l.ds.Institutions[i]
		forms, ok := countryForms[in.Country]
		if i%3 != 0 || !ok || strings.ContainsAny(in.Name, "/(),\"") {
			continue
		}
		if c := linkMatch(t, l, in.Name); c == nil || c.ID != in.ID {
			continue
		}
		text := in.Name + ", " + forms[i%len(forms)]
		c := linkMatch(t, l, text)
		if generic(in.Name, in.Country) {
			generics++
			if c != nil {
				genericMatched++
				wrong = append(wrong, text)
			}
			continue
		}
		specific++
		if c != nil && c.ID == in.ID {
			specificLinked++
		} else if len(wrong) < 10 {
			wrong = append(wrong, text)
		}
	}
	t.Logf("generic names placed by their country: %d of %d matched; other names: %d of %d linked; wrong: %v",
		genericMatched, generics, specificLinked, specific, wrong)
	require.Greater(t, generics, 5)
	require.Zero(t, genericMatched)
	require.GreaterOrEqual(t, float64(specificLinked), 0.98*float64(specific))
	require.Nil(t, linkMatch(t, l, "Military Museum, England"))
	require.Nil(t, linkMatch(t, l, "Military Museum (GB)"))
	for text, want := range map[string]string{
		"Science Museum, England": "mm:mm.domus.SE507",
		"Tank Museum, UK":         "mm:mm.domus.SW131",
		"Jewish Museum, England":  "mm:mm.domus.SE040",
	} {
		c := linkMatch(t, l, text)
		require.NotNil(t, c, text)
		require.Equal(t, want, c.ID, text)
	}
}

// townRenamedForms write a record whose name holds a town with names in
// other languages (heritage.TownNames) with the town named each other
// way ("Stadtarchiv Munich" for the Stadtarchiv München), and, where
// its name starts with a German or Dutch word for a kind, with that word
// in English too ("City Archive Munich").
func townRenamedForms(in *heritage.Institution, k int) []string {
	var out []string
	for _, name := range append([]string{in.Name}, translatedForms(in, k)...) {
		f := strings.Fields(name)
		for j := range f {
			for n := 1; n <= 2 && j+n <= len(f); n++ {
				town := strings.Join(f[j:j+n], " ")
				for _, other := range heritage.TownNames(town) {
					out = append(out, strings.Join(slices.Concat(f[:j], []string{other}, f[j+n:]), " "))
				}
			}
		}
	}
	return out
}

// Every record whose name holds a town with names in other languages and
// alone links it as a match, with the town named another way, links it
// again; made-up names written the same way link nothing.
func TestTownRenamedReferencesOverTheData(t *testing.T) {
	requireLinkedOverTheData(t, "town renamed", 1, 100, townRenamedForms, madeUpWord)
}

func TestOtherLanguages(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"Stadtarchiv Munich", []string{"Stadtarchiv München"}},
		{"Toy Museum, Nuremberg", []string{"spielzeugmuseum, Nuremberg", "Toy Museum, Nürnberg", "Toy Museum, Neurenberg",
			"spielzeugmuseum, Nürnberg", "spielzeugmuseum, Neurenberg"}},
		{"Gemeentemuseum The Hague", []string{"Gemeentemuseum Den Haag", "Gemeentemuseum 's-Gravenhage"}},
		{"Stadtarchiv Aken", nil}, // a town of its own, not Aachen
		{"Bowes Museum", nil},
	} {
		require.Equal(t, c.want, otherLanguages(c.in), c.in)
	}
	l := testLinker(t)
	for text, want := range map[string]string{
		"Toy Museum Nuremberg": "wd:Q2310413", // not the Toy-Museum that states no town
		"Stadtarchiv Munich":   "wd:Q2326571",
		"Stadtarchiv Aken":     "wd:Q28720362",
	} {
		c := linkMatch(t, l, text)
		require.NotNil(t, c, text)
		require.Equal(t, want, c.ID, text)
	}
}

// transliteratedForms write a German name with its umlauts and ß as
// typewriters and spreadsheets write them: "Stadtbibliothek Koeln",
// "Heimatstube Groessen", and all in capitals once in three.
func transliteratedForms(in *heritage.Institution, k int) []string {
	if !strings.ContainsAny(in.Name, "äöüÄÖÜß") {
		return nil
	}
	t := strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue", "ß", "ss").Replace(in.Name)
	if k%3 == 0 {
		t = strings.ToUpper(t)
	}
	return []string{t}
}

// Every second record whose name has an umlaut or ß and alone links it,
// written with "ae", "oe", "ue" and "ss", links it again; made-up names
// written the same way link nothing.
func TestTransliteratedReferencesOverTheData(t *testing.T) {
	requireLinkedOverTheData(t, "transliterated", 2, 300, transliteratedForms, madeUpWord)
}
