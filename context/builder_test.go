package ragcontext

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/cache"
	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

func dataset(t testing.TB) *heritage.Dataset { return testfixture.Dataset(t) }

func tokenizer(t testing.TB) *Tokenizer {
	t.Helper()
	tok, err := NewTokenizer()
	require.NoError(t, err)
	return tok
}

// fused turns records into fused hits found by the given sources, scored
// in the given order.
func fused(recs []*heritage.Institution, sources ...string) []fusion.Fused {
	out := make([]fusion.Fused, len(recs))
	for i, r := range recs {
		h := retrieval.NewHit(r, "", 0, i+1)
		f := fusion.Fused{
			ID: h.ID, Name: h.Name, Score: 1 / float64(61+i), Rank: i + 1,
			Identifiers: h.Identifiers, Snippet: h.Snippet, Tier: h.Tier,
		}
		for _, s := range sources {
			f.Sources = append(f.Sources, fusion.Contribution{Source: s, Rank: i + 1, Weight: 1, Weighted: 1 / float64(61+i)})
		}
		out[i] = f
	}
	return out
}

func get(t testing.TB, d *heritage.Dataset, id string) *heritage.Institution {
	t.Helper()
	r, ok := d.Get(id)
	require.True(t, ok, id)
	return r
}

func TestTokenizer(t *testing.T) {
	tok := tokenizer(t)
	// Reference ids from the cl100k_base vocabulary.
	require.Equal(t, []int{15339, 1917, 0, 57668, 53901, 3922, 3574, 244, 98220, 6447}, tok.Encode("hello world!你好，世界！"))
	require.Equal(t, Tokens(10), tok.Count("hello world!你好，世界！"))
	require.Equal(t, Tokens(0), tok.Count(""))
	require.Equal(t, Tokens(2), tok.Count("hello world"))
	// Special tokens are ordinary text here, not a panic.
	require.Positive(t, tok.Count("<|endoftext|>"))

	tok2, err := NewTokenizer()
	require.NoError(t, err)
	require.Same(t, tok.enc, tok2.enc, "the encoder is built once")
}

func TestTruncate(t *testing.T) {
	tok := tokenizer(t)
	s := "hello world!你好，世界！"
	tests := []struct {
		max  Tokens
		want string
	}{
		{0, ""},
		{2, "hello world"},
		{3, "hello world!"},
		{6, "hello world!你好，"},
		// Token 7 (3574) is the first half of 世: the partial character goes.
		{7, "hello world!你好，"},
		{8, "hello world!你好，世"},
		{10, s},
		{50, s},
	}
	for _, tt := range tests {
		got := tok.Truncate(s, tt.max)
		require.Equal(t, tt.want, got, "max %d", tt.max)
		require.LessOrEqual(t, tok.Count(got), tt.max)
		require.True(t, utf8.ValidString(got))
	}
	// The fallback for a Counter without Truncate gives a valid prefix too.
	for max := Tokens(0); max <= 11; max++ {
		got := truncate(countOnly{tok}, s, max)
		require.True(t, strings.HasPrefix(s, got))
		require.LessOrEqual(t, tok.Count(got), max)
	}
}

// countOnly hides the Truncator capability.
type countOnly struct{ c Counter }

func (c countOnly) Count(s string) Tokens { return c.c.Count(s) }

func TestBuildBlockLayoutAndCitations(t *testing.T) {
	testfixture.SkipUnderRace(t)
	d := dataset(t)
	rec := get(t, d, "mm:domus.NE043")
	b := NewBuilder(tokenizer(t))
	ctx := b.Build(Input{Hits: fused([]*heritage.Institution{rec}, "bm25", "vector"), Record: d.Get, Budget: 2000})

	require.False(t, ctx.Truncated)
	require.Len(t, ctx.Blocks, 1)
	lines := strings.Split(ctx.Text, "\n")
	require.Equal(t, "[1] Morpeth Chantry Bagpipe Museum (mm:domus.NE043) — sources: bm25, vector — TIER_2_VERIFIED", lines[0])
	for _, want := range []string{
		"Type: MUSEUM",
		"Place: Morpeth, Northumberland, North East, England, GB",
		"Address: Bridge Street, Morpeth, NE61 1PJ",
		"Identifiers: GHCID GB-ENG-MOR-M-MCBM",
		"Opened: 1987",
		"Status: open",
		"Governance: local authority",
		"Accreditation: Accredited",
		"Subjects: Arts / Music",
		"Former names: North of England Bagpipe Museum",
		"Member of: Woodhorn Charitable Trust (operated by)",
		"Event: 1987 founded — Opened in 1987.",
	} {
		require.Contains(t, lines, want)
	}
	require.NotContains(t, ctx.Text, "Closed:", "9999 means still open")
	require.Equal(t, 4, ctx.Blocks[0].Relations) // one membership, three events
	require.Equal(t, []string{"bm25", "vector"}, ctx.Blocks[0].Sources)
	require.Equal(t, []Citation{{
		N: 1, ID: "mm:domus.NE043", Name: "Morpeth Chantry Bagpipe Museum",
		Source: "mapping_museums", License: "CC-BY-4.0", Attribution: rec.Attribution,
		Tier: heritage.TierVerified,
	}}, ctx.Citations)
	require.NotEmpty(t, rec.Attribution)
	require.Contains(t, ctx.Citations[0].String(), rec.Attribution)
}

func TestBuildTierOrder(t *testing.T) {
	d := dataset(t)
	var wd, mm, ror *heritage.Institution
	for i := range d.Institutions {
		r := &d.Institutions[i]
		switch {
		case wd == nil && r.Tier == heritage.TierCrowdSourced:
			wd = r
		case mm == nil && r.Tier == heritage.TierVerified && r.ID != "mm:domus.NE043":
			mm = r
		case ror == nil && r.Tier == heritage.TierAuthoritative:
			ror = r
		}
	}
	// Fused order puts the least authoritative first.
	hits := fused([]*heritage.Institution{wd, mm, ror}, "bm25")
	ctx := NewBuilder(tokenizer(t)).Build(Input{Hits: hits, Record: d.Get, Budget: 4000})
	require.Len(t, ctx.Blocks, 3)
	require.Equal(t, []string{ror.ID, mm.ID, wd.ID}, blockIDs(ctx))
	for i, bl := range ctx.Blocks {
		require.Equal(t, i+1, bl.N)
		require.True(t, strings.HasPrefix(bl.Text, fmt.Sprintf("[%d] ", i+1)))
	}

	// Within one tier the fused score decides.
	a, b := get(t, d, "mm:domus.NE043"), mm
	hits = fused([]*heritage.Institution{a, b}, "bm25")
	hits[0].Score, hits[1].Score = 0.01, 0.02
	ctx = NewBuilder(tokenizer(t)).Build(Input{Hits: hits, Record: d.Get, Budget: 4000})
	require.Equal(t, []string{b.ID, a.ID}, blockIDs(ctx))
}

func TestBuildPinnedLead(t *testing.T) {
	d := dataset(t)
	mm, wd := get(t, d, "mm:mm.ace.1104"), &d.Institutions[len(d.Institutions)-1]
	require.Equal(t, heritage.TierCrowdSourced, wd.Tier)
	hits := fused([]*heritage.Institution{mm, wd}, "bm25")
	b := NewBuilder(tokenizer(t))
	ctx := b.Build(Input{Hits: hits, Record: d.Get, Budget: 4000})
	require.Equal(t, []string{mm.ID, wd.ID}, blockIDs(ctx))
	ctx = b.Build(Input{Hits: hits, Record: d.Get, Budget: 4000, Pinned: []string{wd.ID, "wd:not-a-hit"}})
	require.Equal(t, []string{wd.ID, mm.ID}, blockIDs(ctx))

	// With room for the pinned block only, it is the one kept.
	alone := b.Build(Input{Hits: hits[1:], Record: d.Get, Budget: 4000})
	ctx = b.Build(Input{Hits: hits, Record: d.Get, Budget: alone.Tokens + 5, Pinned: []string{wd.ID}})
	require.Equal(t, []string{wd.ID}, blockIDs(ctx))
	require.Equal(t, []string{mm.ID}, ctx.Omitted)
	require.Equal(t, alone.Text, ctx.Text)
}

func blockIDs(ctx Context) []string {
	out := make([]string, len(ctx.Blocks))
	for i, b := range ctx.Blocks {
		out[i] = b.ID
	}
	return out
}

func TestBuildRelationshipsGatedAt80Percent(t *testing.T) {
	d := dataset(t)
	tok := tokenizer(t)
	rec := get(t, d, "mm:domus.NE043")
	hits := fused([]*heritage.Institution{rec}, "kg")

	core := NewBuilder(tok, WithMaxRelations(0)).Build(Input{Hits: hits, Record: d.Get, Budget: 4000})
	require.Zero(t, core.Blocks[0].Relations)
	c := core.Tokens
	full := NewBuilder(tok).Build(Input{Hits: hits, Record: d.Get, Budget: 4000})
	require.Equal(t, 4, full.Blocks[0].Relations)
	f := full.Tokens
	require.Greater(t, f, c)

	b := NewBuilder(tok)
	// The core fits but is above 80% of the budget: no relationship lines,
	// nothing truncated.
	budget := c + 1
	ctx := b.Build(Input{Hits: hits, Record: d.Get, Budget: budget})
	require.Equal(t, core.Text, ctx.Text)
	require.Zero(t, ctx.Blocks[0].Relations)
	require.False(t, ctx.Truncated)

	// The whole block fits within the budget but not within 80% of it:
	// relationship lines stop at the 80% line.
	budget = f + 5
	require.Greater(t, f, Tokens(0.8*float64(budget)))
	ctx = b.Build(Input{Hits: hits, Record: d.Get, Budget: budget})
	require.Less(t, ctx.Blocks[0].Relations, 4)
	require.LessOrEqual(t, ctx.Tokens, Tokens(0.8*float64(budget)))

	// With the whole block under 80% every line is there.
	budget = Tokens(float64(f)/0.8) + 2
	ctx = b.Build(Input{Hits: hits, Record: d.Get, Budget: budget})
	require.Equal(t, full.Text, ctx.Text)
	require.Equal(t, 4, ctx.Blocks[0].Relations)
}

func TestBuildTruncatesOrSkips(t *testing.T) {
	d := dataset(t)
	tok := tokenizer(t)
	rec := get(t, d, "mm:domus.NE043")
	hits := fused([]*heritage.Institution{rec}, "bm25")
	b := NewBuilder(tok, WithMinBlockTokens(20))

	ctx := b.Build(Input{Hits: hits, Record: d.Get, Budget: 60})
	require.Len(t, ctx.Blocks, 1)
	require.True(t, ctx.Blocks[0].Truncated)
	require.True(t, ctx.Truncated)
	require.True(t, strings.HasSuffix(ctx.Text, " …"))
	require.LessOrEqual(t, ctx.Tokens, Tokens(60))
	require.Equal(t, tok.Count(ctx.Text), ctx.Tokens)

	// Below the minimum block size the block is skipped.
	ctx = b.Build(Input{Hits: hits, Record: d.Get, Budget: 19})
	require.Empty(t, ctx.Blocks)
	require.Empty(t, ctx.Citations)
	require.Empty(t, ctx.Text)
	require.Equal(t, []string{rec.ID}, ctx.Omitted)
	require.True(t, ctx.Truncated)
}

func TestBuildHitWithoutRecordAndNotes(t *testing.T) {
	tok := tokenizer(t)
	hits := []fusion.Fused{{
		ID: "wd:Q1", Name: "Unknown Library", Score: 0.1, Rank: 1,
		Identifiers: retrieval.HitIdentifiers{ISIL: "DE-1", Wikidata: "Q1"},
		Snippet:     "A library.", Tier: heritage.TierCrowdSourced,
		Sources: []fusion.Contribution{{Source: "bm25", Rank: 1, Weight: 1}},
	}}
	ctx := NewBuilder(tok).Build(Input{Hits: hits, Budget: 500, Notes: []string{"Note: the kg retriever failed.", "  "}})
	require.Equal(t, "Note: the kg retriever failed.\n\n"+
		"[1] Unknown Library (wd:Q1) — sources: bm25 — TIER_3_CROWD_SOURCED\n"+
		"Identifiers: ISIL DE-1, QID Q1\n"+
		"Description: A library.", ctx.Text)
	require.Equal(t, tok.Count(ctx.Text), ctx.Tokens)
	require.Equal(t, Citation{N: 1, ID: "wd:Q1", Name: "Unknown Library", Tier: heritage.TierCrowdSourced}, ctx.Citations[0])

	// A note that does not fit is dropped.
	ctx = NewBuilder(tok).Build(Input{Budget: 3, Notes: []string{"this note is much longer than three tokens"}})
	require.Empty(t, ctx.Text)
	require.True(t, ctx.Truncated)
}

func TestBuildZeroBudget(t *testing.T) {
	ctx := NewBuilder(tokenizer(t)).Build(Input{Hits: []fusion.Fused{{ID: "mm:x"}}, Budget: 0})
	require.Empty(t, ctx.Text)
	require.Zero(t, ctx.Tokens)
	require.True(t, ctx.Truncated)
	require.Equal(t, []string{"mm:x"}, ctx.Omitted)
}

// TestBuildProperties checks the invariants over random budgets and random
// hit sets drawn from the real dataset.
func TestBuildProperties(t *testing.T) {
	d := dataset(t)
	tok := tokenizer(t)
	b := NewBuilder(tok)
	r := rand.New(rand.NewPCG(2024, 11))
	iters := 150
	if testing.Short() {
		iters = 30
	}
	var cut, withRelations, omitted int
	for it := 0; it < iters; it++ {
		budget := Tokens(1 + r.IntN(4000))
		n := r.IntN(16)
		recs := make([]*heritage.Institution, n)
		for i := range recs {
			recs[i] = &d.Institutions[r.IntN(len(d.Institutions))]
		}
		hits := fused(recs, []string{"bm25", "vector", "kg"}[:1+r.IntN(3)]...)
		if n > 0 && r.IntN(4) == 0 {
			hits = append(hits, hits[0]) // a duplicate is ignored
		}
		var notes []string
		if r.IntN(3) == 0 {
			notes = []string{"Note: results may be incomplete."}
		}
		ctx := b.Build(Input{Hits: hits, Record: d.Get, Budget: budget, Notes: notes})
		msg := fmt.Sprintf("iteration %d, budget %d, %d hits", it, budget, n)

		require.LessOrEqual(t, ctx.Tokens, budget, msg)
		require.Equal(t, tok.Count(ctx.Text), ctx.Tokens, msg)
		require.Equal(t, budget, ctx.Budget)
		require.Len(t, ctx.Citations, len(ctx.Blocks), msg)

		seen := map[string]bool{}
		prevTier, pos := 0, 0
		for i, bl := range ctx.Blocks {
			require.Equal(t, i+1, bl.N, msg)
			require.Equal(t, i+1, ctx.Citations[i].N, msg)
			require.Equal(t, bl.ID, ctx.Citations[i].ID, msg)
			require.False(t, seen[bl.ID], msg)
			seen[bl.ID] = true
			require.GreaterOrEqual(t, bl.Tier.Rank(), prevTier, msg)
			prevTier = bl.Tier.Rank()
			require.True(t, strings.HasPrefix(bl.Text, fmt.Sprintf("[%d] ", bl.N)), msg)
			require.Equal(t, tok.Count(bl.Text), bl.Tokens, msg)

			// Blocks appear in the text in order.
			at := strings.Index(ctx.Text[pos:], bl.Text)
			require.GreaterOrEqual(t, at, 0, msg)
			end := pos + at + len(bl.Text)
			if bl.Truncated {
				cut++
			}
			if bl.Relations > 0 {
				withRelations++
				// The running total at the end of a block with
				// relationship lines is within 80% of the budget.
				require.LessOrEqual(t, tok.Count(ctx.Text[:end]), Tokens(0.8*float64(budget)), msg)
			}
			pos = end
		}
		for _, id := range ctx.Omitted {
			require.False(t, seen[id], msg)
		}
		omitted += len(ctx.Omitted)
		if !ctx.Truncated {
			require.Empty(t, ctx.Omitted, msg)
			require.Len(t, ctx.Blocks, len(seenIDs(hits)), msg)
			for _, bl := range ctx.Blocks {
				require.False(t, bl.Truncated, msg)
			}
		}
		require.Len(t, seenIDs(hits), len(ctx.Blocks)+len(ctx.Omitted), msg)
	}
	// The random cases reach every path.
	require.Positive(t, cut)
	require.Positive(t, withRelations)
	require.Positive(t, omitted)
}

func seenIDs(hits []fusion.Fused) map[string]bool {
	m := map[string]bool{}
	for _, h := range hits {
		m[h.ID] = true
	}
	return m
}

func BenchmarkBuild(b *testing.B) {
	d := dataset(b)
	tok := tokenizer(b)
	recs := make([]*heritage.Institution, 0, 10)
	for _, id := range []string{"mm:domus.NE043", "mm:mm.ace.1104"} {
		recs = append(recs, get(b, d, id))
	}
	for i := 1; len(recs) < 10; i += 1601 {
		recs = append(recs, &d.Institutions[i])
	}
	in := Input{Hits: fused(recs, "bm25", "vector"), Record: d.Get, Budget: 2000}
	bld := NewBuilder(tok)
	b.ReportAllocs()
	cpu0 := testfixture.CPUTime()
	for b.Loop() {
		ctx := bld.Build(in)
		if ctx.Tokens > in.Budget {
			b.Fatal("over budget")
		}
	}
	reportCPU(b, cpu0)
}

// reportCPU adds the process's CPU time per operation since cpu0.
func reportCPU(b *testing.B, cpu0 time.Duration) {
	b.ReportMetric(float64((testfixture.CPUTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// TestRunningCountIsExact checks the line-additive token accounting
// against counting the assembled text, on real record lines.
func TestRunningCountIsExact(t *testing.T) {
	d := dataset(t)
	tok := tokenizer(t)
	b := NewBuilder(tok)
	r := rand.New(rand.NewPCG(5, 8))
	for it := 0; it < 40; it++ {
		a := assembler{c: tok}
		for p := 0; p < 1+r.IntN(5); p++ {
			rec := &d.Institutions[r.IntN(len(d.Institutions))]
			_, lines := b.coreLines(p+1, entry{hit: fused([]*heritage.Institution{rec}, "bm25")[0], rec: rec})
			lines = append(lines, b.relationLines(rec)...)
			var ls lineSet
			for _, l := range lines {
				ls.push(a.measure(l))
			}
			require.Equal(t, tok.Count(ls.text()), ls.cost, "part %q", ls.text())
			a.add(ls.lines, p)
			require.Equal(t, tok.Count(a.text()), a.total)
		}
	}
}

func TestMemoCounter(t *testing.T) {
	d := dataset(t)
	tok := tokenizer(t)
	lru, err := cache.NewLRU[Tokens](4096)
	require.NoError(t, err)
	memo := NewMemoCounter(tok, lru)
	recs := []*heritage.Institution{get(t, d, "mm:domus.NE043"), get(t, d, "mm:mm.ace.1104"), &d.Institutions[9000]}
	in := Input{Hits: fused(recs, "bm25"), Record: d.Get, Budget: 900}

	want := NewBuilder(tok).Build(in)
	b := NewBuilder(memo)
	first := b.Build(in)
	misses := lru.Stats().Misses
	second := b.Build(in)
	require.Equal(t, want, first)
	require.Equal(t, want, second)
	require.Equal(t, misses, lru.Stats().Misses, "the second build counts from the memo")
	require.Positive(t, lru.Stats().Hits)

	// Without a Truncator underneath, truncation still holds the budget.
	small, err := cache.NewLRU[Tokens](64)
	require.NoError(t, err)
	plain := NewMemoCounter(countOnly{tok}, small)
	for _, max := range []Tokens{0, 1, 5, 9} {
		got := plain.Truncate("hello world!你好，世界！", max)
		require.LessOrEqual(t, tok.Count(got), max)
	}
}

func BenchmarkBuildMemo(b *testing.B) {
	d := dataset(b)
	lru, err := cache.NewLRU[Tokens](1 << 14)
	require.NoError(b, err)
	memo := NewMemoCounter(tokenizer(b), lru)
	recs := make([]*heritage.Institution, 0, 10)
	for _, id := range []string{"mm:domus.NE043", "mm:mm.ace.1104"} {
		recs = append(recs, get(b, d, id))
	}
	for i := 1; len(recs) < 10; i += 1601 {
		recs = append(recs, &d.Institutions[i])
	}
	in := Input{Hits: fused(recs, "bm25", "vector"), Record: d.Get, Budget: 2000}
	bld := NewBuilder(memo)
	b.ReportAllocs()
	cpu0 := testfixture.CPUTime()
	for b.Loop() {
		if ctx := bld.Build(in); ctx.Tokens > in.Budget {
			b.Fatal("over budget")
		}
	}
	reportCPU(b, cpu0)
}

func TestBuildConcurrent(t *testing.T) {
	d := dataset(t)
	lru, err := cache.NewLRU[Tokens](1024)
	require.NoError(t, err)
	b := NewBuilder(NewMemoCounter(tokenizer(t), lru))
	in := Input{Hits: fused([]*heritage.Institution{get(t, d, "mm:domus.NE043"), &d.Institutions[7000]}, "bm25"), Record: d.Get, Budget: 300}
	want := NewBuilder(tokenizer(t)).Build(in)
	var wg sync.WaitGroup
	results := make([]Context, 4)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = b.Build(in)
		}()
	}
	wg.Wait()
	for _, got := range results {
		require.Equal(t, want, got)
	}
}

// TestOneLineAsFields holds oneLine to splitting on white space and
// joining with single spaces, on every text field of the records and on
// white space of every kind.
func TestOneLineAsFields(t *testing.T) {
	plain := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	texts := []string{"", " ", "a", " a", "a ", "a  b", "a\tb", "a\nb", "a\u00a0b", "a\u2003b", "a\u0085b", "\xffa b\xfe", "a b c"}
	d := dataset(t)
	for i := range d.Institutions {
		in := &d.Institutions[i]
		texts = append(texts, in.Name, in.Description, in.Address(), in.City, in.Type, in.Governance())
	}
	for _, s := range texts {
		require.Equal(t, plain(s), oneLine(s), "%q", s)
	}
}
