package ragcontext

import (
	"cmp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
)

// Builder builds contexts. It is safe for concurrent use.
type Builder struct {
	counter       Counter
	relationShare float64
	minBlock      Tokens
	descRunes     int
	maxRelations  int
}

// Option configures a Builder.
type Option func(*Builder)

// WithRelationShare sets the share of the budget under which relationship
// lines are still added (default 0.8).
func WithRelationShare(f float64) Option { return func(b *Builder) { b.relationShare = f } }

// WithMinBlockTokens sets the least room worth filling with a truncated
// block (default 40); with less room the block is skipped.
func WithMinBlockTokens(n Tokens) Option { return func(b *Builder) { b.minBlock = n } }

// WithDescriptionRunes sets the longest description excerpt, in runes
// (default 600).
func WithDescriptionRunes(n int) Option { return func(b *Builder) { b.descRunes = n } }

// WithMaxRelations caps the relationship lines of one block (default 12).
func WithMaxRelations(n int) Option { return func(b *Builder) { b.maxRelations = n } }

// NewBuilder returns a Builder that counts tokens with c.
func NewBuilder(c Counter, opts ...Option) *Builder {
	b := &Builder{counter: c, relationShare: 0.8, minBlock: 40, descRunes: 600, maxRelations: 12}
	for _, o := range opts {
		o(b)
	}
	return b
}

// Separators: blocks and notes are separated by a blank line, the lines of
// a block by a newline.
const (
	partSep = "\n\n"
	lineSep = "\n"
)

// Build assembles the context.
//
// Blocks are ordered by tier (heritage.Tier.Rank, most authoritative
// first), then by fused score, fused rank and id; pinned hits come before
// all others. Each block starts with its citation number, name, id, the
// retrievers that found it and its tier, then the record's key fields and
// a description excerpt.
// Relationship lines (memberships, related institutions, events) follow,
// each added only while the running total, that line included, stays
// within the relationship share (80%) of the budget.
//
// A block that does not fit is cut at a token boundary when at least the
// minimum block size is left and its header survives; otherwise it is
// skipped and later, smaller blocks may still be used. Citations are
// numbered 1..n in block order. The final text, separators included, is
// counted again: Tokens is its exact count and never exceeds Budget.
func (b *Builder) Build(in Input) Context {
	ctx := Context{Budget: in.Budget, Blocks: []Block{}, Citations: []Citation{}}
	if in.Budget <= 0 {
		for _, e := range b.order(in) {
			ctx.Omitted = append(ctx.Omitted, e.hit.ID)
		}
		ctx.Truncated = len(ctx.Omitted) > 0 || len(in.Notes) > 0
		return ctx
	}

	a := assembler{c: b.counter}
	for _, note := range in.Notes {
		note = oneLine(note)
		if note == "" {
			continue
		}
		ls := []measured{a.measure(note)}
		if a.costWith(ls[0].n) <= in.Budget {
			a.add(ls, -1)
		} else {
			ctx.Truncated = true
		}
	}

	relLimit := Tokens(b.relationShare * float64(in.Budget))
	for _, e := range b.order(in) {
		if a.full {
			ctx.Truncated = true
			ctx.Omitted = append(ctx.Omitted, e.hit.ID)
			continue
		}
		n := len(ctx.Blocks) + 1
		header, core := b.coreLines(n, e)
		blk := lineSet{lines: make([]measured, 0, len(core)+max(b.maxRelations, 0))}
		for _, l := range core {
			blk.push(a.measure(l))
		}
		if a.costWith(blk.cost) > in.Budget {
			cut, ok := b.cut(&a, header, blk.text(), in.Budget)
			if !ok {
				ctx.Truncated = true
				ctx.Omitted = append(ctx.Omitted, e.hit.ID)
				continue
			}
			ctx.Truncated = true
			a.add(cut.lines, len(ctx.Blocks))
			a.full = true
			ctx.Blocks = append(ctx.Blocks, b.block(n, e, cut.cost, 0, true))
			ctx.Citations = append(ctx.Citations, citation(n, e))
			continue
		}
		rels := 0
		if a.costWith(blk.cost) <= relLimit {
			for _, line := range b.relationLines(e.rec) {
				m := a.measure(line)
				if a.costWith(blk.costWith(m)) > relLimit {
					break
				}
				blk.push(m)
				rels++
			}
		}
		a.add(blk.lines, len(ctx.Blocks))
		ctx.Blocks = append(ctx.Blocks, b.block(n, e, blk.cost, rels, false))
		ctx.Citations = append(ctx.Citations, citation(n, e))
	}

	ctx.Text = a.text()
	ctx.Tokens = b.counter.Count(ctx.Text)
	// The running count is exact for cl100k_base; this keeps the guarantee
	// for any Counter by dropping trailing parts until the text fits.
	for ctx.Tokens > in.Budget && len(a.parts) > 0 {
		last := a.parts[len(a.parts)-1]
		a.parts = a.parts[:len(a.parts)-1]
		if last.block >= 0 {
			ctx.Omitted = append(ctx.Omitted, ctx.Blocks[last.block].ID)
			ctx.Blocks = ctx.Blocks[:last.block]
			ctx.Citations = ctx.Citations[:last.block]
		}
		ctx.Truncated = true
		ctx.Text = a.text()
		ctx.Tokens = b.counter.Count(ctx.Text)
	}
	a.blockTexts(ctx.Text, ctx.Blocks)
	return ctx
}

// entry is a hit with its record (nil when unknown), and the keys of the
// blocks' order that are not the hit's own.
type entry struct {
	hit      fusion.Fused
	rec      *heritage.Institution
	group    int // 0 for a pinned hit, 1 for the others
	tierRank int // tier().Rank()
}

func (e entry) tier() heritage.Tier {
	if e.rec != nil && e.rec.Tier != "" {
		return e.rec.Tier
	}
	return e.hit.Tier
}

func (e entry) name() string {
	if e.hit.Name != "" {
		return e.hit.Name
	}
	if e.rec != nil {
		return e.rec.Name
	}
	return e.hit.ID
}

// order dedupes the hits by id and sorts them: pinned first, then by
// tier, score, rank and id. Each entry's group and tier are read once,
// not at each of a sort's n·log n comparisons (a pinned id is a look-up
// in a map, a tier a read of the record).
func (b *Builder) order(in Input) []entry {
	pinned := make(map[string]bool, len(in.Pinned))
	for _, id := range in.Pinned {
		pinned[id] = true
	}
	seen := make(map[string]bool, len(in.Hits))
	out := make([]entry, 0, len(in.Hits))
	for _, h := range in.Hits {
		if h.ID == "" || seen[h.ID] {
			continue
		}
		seen[h.ID] = true
		e := entry{hit: h, group: 1}
		if in.Record != nil {
			if rec, ok := in.Record(h.ID); ok {
				e.rec = rec
			}
		}
		if pinned[h.ID] {
			e.group = 0
		}
		e.tierRank = e.tier().Rank()
		out = append(out, e)
	}
	slices.SortStableFunc(out, func(x, y entry) int {
		return cmp.Or(
			cmp.Compare(x.group, y.group),
			cmp.Compare(x.tierRank, y.tierRank),
			cmp.Compare(y.hit.Score, x.hit.Score),
			cmp.Compare(x.hit.Rank, y.hit.Rank),
			cmp.Compare(x.hit.ID, y.hit.ID),
		)
	})
	return out
}

// cut truncates a block that does not fit into the room left, if that
// room is worth it and the header survives whole.
func (b *Builder) cut(a *assembler, header, text string, budget Tokens) (lineSet, bool) {
	room := budget - a.costWith(0)
	if room < b.minBlock || room < 2 {
		return lineSet{}, false
	}
	const ellipsis = " …"
	for max := room - 1; max > 0; {
		cut := strings.TrimRight(truncate(b.counter, text, max), " \t\n")
		if len(cut) <= len(header) {
			return lineSet{}, false
		}
		var ls lineSet
		for _, l := range strings.Split(cut+ellipsis, lineSep) {
			ls.push(a.measure(l))
		}
		over := a.costWith(ls.cost) - budget
		if over <= 0 {
			return ls, true
		}
		max -= over
	}
	return lineSet{}, false
}

// block is the block of entry e but its text, which blockTexts sets.
func (b *Builder) block(n int, e entry, tokens Tokens, rels int, truncated bool) Block {
	return Block{
		N:         n,
		ID:        e.hit.ID,
		Name:      e.name(),
		Sources:   sourceNames(e.hit),
		Tier:      e.tier(),
		Score:     e.hit.Score,
		Tokens:    tokens,
		Relations: rels,
		Truncated: truncated,
	}
}

func citation(n int, e entry) Citation {
	c := Citation{N: n, ID: e.hit.ID, Name: e.name(), Tier: e.tier()}
	if e.rec != nil {
		c.Source, c.License, c.Attribution = e.rec.Source, e.rec.License, e.rec.Attribution
	}
	return c
}

func sourceNames(f fusion.Fused) []string {
	out := make([]string, 0, len(f.Sources))
	for _, s := range f.Sources {
		out = append(out, s.Source)
	}
	return out
}
