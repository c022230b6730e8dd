package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/ident"
	"github.com/hybridrag/hybridrag/linking"
)

const linkUsage = `Usage: hybridrag link [flags] <ISIL | QID | GHCID | GND | ROR | name>

Resolves an identifier exactly or finds the best matching institutions for
a name (case, diacritics, word order, former names and small typos do not
matter; --city, --country and --type narrow it). Identifiers are read in
the forms people type and paste: ISILs bare, spaced or behind "ISIL"
(DE-MUS-165513, "DE MUS 165513", "ISIL: NL-AmRM"), Wikidata QIDs (Q891746,
wd:Q891746, "Wikidata Q891746", item URLs), GHCIDs, GND ids (4734382-5,
"GND 4734382-5", (DE-588)4734382-5, d-nb.info URLs), ROR ids ("ROR
02m69r871", ror.org/02m69r871) and record ids. An identifier inside a
name ("Kunsthalle Nürnberg, GND 2016830-5") is used when a record carries
it. A name's score is the probability that it is the referent, from a
model fitted on generated references; "match" marks the candidate that is
the referent with high confidence (an exact identifier, or the best name
when its probability reaches the model's threshold). --explain shows the
features the model read: name similarity, query and name coverage, city,
country, type and postcode agreement, the share among namesakes, the
evidence and its margin over the runner-up, whether another candidate
holds the query as well, and town_conflict (the name holds another town
than the reference's).

Examples:
  hybridrag link DE-MUS-165513
  hybridrag link "GND 2016830-5"
  hybridrag link https://www.wikidata.org/wiki/Q891746
  hybridrag link ror.org/02m69r871
  hybridrag link --limit 3 "Heimatstube im Elbtor"
  hybridrag link --explain --city Vessen "Stadtarchiv Wessen"
`

// linkResult is one institution found by link.
type linkResult struct {
	ID       string  `json:"id"`
	Name     string  `json:"name"`
	Score    float64 `json:"score"`
	Match    bool    `json:"match"`
	Via      string  `json:"via"`
	Type     string  `json:"type"`
	Place    string  `json:"place,omitempty"`
	ISIL     string  `json:"isil,omitempty"`
	Wikidata string  `json:"wikidata,omitempty"`
	GHCID    string  `json:"ghcid"`
	Source   string  `json:"source"`
	License  string  `json:"license"`
	// Features are the evidence behind the score (with --explain).
	Features []linking.Feature `json:"features,omitempty"`
}

func runLink(ctx context.Context, e *env, args []string) error {
	stdout := e.stdout
	fs := newFlagSet("link", linkUsage, stdout)
	var df dataFlags
	asJSON := fs.Bool("json", false, "print JSON")
	explain := fs.Bool("explain", false, "show the features behind each candidate's score, the match model's probability (name similarity, hint agreement, share among namesakes, margin, town conflict)")
	limit := fs.Int("limit", 5, "most name matches to show (1-100)")
	city := fs.String("city", "", "city hint for a name")
	country := fs.String("country", "", "country hint (ISO code or English name)")
	typ := fs.String("type", "", "type hint: museum, library, archive, … or a type code")
	df.register(fs)
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	q := strings.TrimSpace(strings.Join(pos, " "))
	switch {
	case q == "":
		return usagef("give an identifier or a name, e.g. hybridrag link DE-MUS-165513")
	case len(q) > 512:
		return usagef("the name is longer than 512 bytes")
	case *limit < 1 || *limit > 100:
		return usagef("--limit must be between 1 and 100")
	}
	if _, _, err := ident.Parse(q); err != nil {
		return usagef("%v", err)
	}
	ds, err := e.data(df)
	if err != nil {
		return err
	}
	linker := e.linker(ds)
	cands, err := linker.Link(ctx, linking.Query{Text: q, City: *city, Country: *country, Type: *typ}, *limit)
	if errors.Is(err, ident.ErrMalformed) {
		return usagef("%v", err)
	}
	if err != nil {
		return err
	}
	var results []linkResult
	for _, c := range cands {
		if in, ok := ds.Get(c.ID); ok {
			r := newLinkResult(in, c.Score, c.Match, c.Via)
			if *explain {
				r.Features = c.Features
			}
			results = append(results, r)
		}
	}
	if len(results) == 0 {
		return fmt.Errorf("nothing in the data matches %q", q)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(results)
	}
	for i, r := range results {
		fmt.Fprintf(stdout, "%d. %s [%s]  score %.3f (%s)%s\n", i+1, r.Name, r.ID, r.Score, r.Via, matchNote(r.Match))
		fmt.Fprintf(stdout, "   %s", strings.ToLower(r.Type))
		if r.Place != "" {
			fmt.Fprintf(stdout, " in %s", r.Place)
		}
		fmt.Fprintln(stdout)
		var ids []string
		if r.ISIL != "" {
			ids = append(ids, "ISIL "+r.ISIL)
		}
		if r.Wikidata != "" {
			ids = append(ids, "Wikidata "+r.Wikidata)
		}
		ids = append(ids, "GHCID "+r.GHCID)
		fmt.Fprintf(stdout, "   %s\n   source: %s, %s\n", strings.Join(ids, " · "), r.Source, r.License)
		if len(r.Features) > 0 {
			var fs []string
			for _, f := range r.Features {
				fs = append(fs, fmt.Sprintf("%s %.3g", f.ID, f.Value))
			}
			fmt.Fprintf(stdout, "   evidence: %s\n", strings.Join(fs, " · "))
		}
	}
	return nil
}

func matchNote(m bool) string {
	if m {
		return " — match"
	}
	return ""
}

func newLinkResult(in *heritage.Institution, score float64, match bool, via string) linkResult {
	var place []string
	for _, v := range []string{in.City, in.County(), in.Region(), in.Country} {
		if v != "" && (len(place) == 0 || place[len(place)-1] != v) {
			place = append(place, v)
		}
	}
	return linkResult{
		ID: in.ID, Name: in.Name, Score: score, Match: match, Via: via, Type: in.Type,
		Place: strings.Join(place, ", "), ISIL: in.ISIL, Wikidata: in.Wikidata, GHCID: in.GHCID,
		Source: in.Source, License: in.License,
	}
}
