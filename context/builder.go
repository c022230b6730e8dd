package ragcontext

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrievers"
)

// Input is what a context is built from.
type Input struct {
	// Hits are the fused hits, in fused order.
	Hits []fusion.Fused
	// Record returns the full record of a hit; a hit without one gets a
	// block made from the hit alone. It may be nil.
	Record func(id string) (*heritage.Institution, bool)
	// Budget is the most tokens the context text may have.
	Budget Tokens
	// Notes are short remarks placed before the blocks (a failed backend,
	// a dropped filter); a note that does not fit is left out.
	Notes []string
	// Pinned are ids of hits that must be covered first (the institutions
	// an answer names): their blocks lead, ordered among themselves like
	// the others. Ids not among Hits are ignored.
	Pinned []string
}

// Context is the built context.
type Context struct {
	// Text is the context handed to the model.
	Text string `json:"text"`
	// Tokens is the token count of Text; it never exceeds Budget.
	Tokens Tokens `json:"tokens"`
	Budget Tokens `json:"budget"`
	// Blocks are the institutions in Text, in order.
	Blocks []Block `json:"blocks"`
	// Citations match Blocks one to one: Citations[i].N == Blocks[i].N == i+1.
	Citations []Citation `json:"citations"`
	// Truncated is true when anything was cut or left out to fit Budget.
	Truncated bool `json:"truncated"`
	// Omitted lists the ids of hits left out for lack of room.
	Omitted []string `json:"omitted,omitempty"`
}

// Block is one institution's part of the context.
type Block struct {
	N       int           `json:"n"` // citation number
	ID      string        `json:"id"`
	Name    string        `json:"name"`
	Sources []string      `json:"sources"` // the retrievers that found it
	Tier    heritage.Tier `json:"tier"`
	Score   float64       `json:"score"` // fused score
	Text    string        `json:"text"`
	// Tokens is the token count of Text on its own.
	Tokens Tokens `json:"tokens"`
	// Relations is the number of relationship lines (memberships, related
	// institutions, events) included in Text.
	Relations int `json:"relations"`
	// Truncated is true when Text was cut to fit.
	Truncated bool `json:"truncated"`
}

// Citation says where a block's facts come from.
type Citation struct {
	N           int           `json:"n"`
	ID          string        `json:"id"`
	Name        string        `json:"name"`
	Source      string        `json:"source"` // dataset source: mapping_museums, ror, wikidata, …
	License     string        `json:"license"`
	Attribution string        `json:"attribution,omitempty"`
	Tier        heritage.Tier `json:"tier"`
}

// String renders the citation as a reference line.
func (c Citation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "[%d] %s (%s)", c.N, c.Name, c.ID)
	for _, s := range []string{c.Source, c.License, c.Attribution} {
		if s != "" {
			b.WriteString(" — ")
			b.WriteString(s)
		}
	}
	return b.String()
}

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
		var blk lineSet
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
			ctx.Blocks = append(ctx.Blocks, b.block(n, e, cut.text(), cut.cost, 0, true))
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
		ctx.Blocks = append(ctx.Blocks, b.block(n, e, blk.text(), blk.cost, rels, false))
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
	return ctx
}

// entry is a hit with its record (nil when unknown).
type entry struct {
	hit fusion.Fused
	rec *heritage.Institution
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
// tier, score, rank and id.
func (b *Builder) order(in Input) []entry {
	seen := make(map[string]bool, len(in.Hits))
	out := make([]entry, 0, len(in.Hits))
	for _, h := range in.Hits {
		if h.ID == "" || seen[h.ID] {
			continue
		}
		seen[h.ID] = true
		e := entry{hit: h}
		if in.Record != nil {
			if rec, ok := in.Record(h.ID); ok {
				e.rec = rec
			}
		}
		out = append(out, e)
	}
	pinned := make(map[string]bool, len(in.Pinned))
	for _, id := range in.Pinned {
		pinned[id] = true
	}
	group := func(e entry) int {
		if pinned[e.hit.ID] {
			return 0
		}
		return 1
	}
	slices.SortStableFunc(out, func(x, y entry) int {
		return cmp.Or(
			cmp.Compare(group(x), group(y)),
			cmp.Compare(x.tier().Rank(), y.tier().Rank()),
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

func (b *Builder) block(n int, e entry, text string, tokens Tokens, rels int, truncated bool) Block {
	return Block{
		N:         n,
		ID:        e.hit.ID,
		Name:      e.name(),
		Sources:   sourceNames(e.hit),
		Tier:      e.tier(),
		Score:     e.hit.Score,
		Text:      text,
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

// coreLines returns the header and the block's key lines (header first).
func (b *Builder) coreLines(n int, e entry) (string, []string) {
	header := fmt.Sprintf("[%d] %s (%s)", n, oneLine(e.name()), e.hit.ID)
	if src := sourceNames(e.hit); len(src) > 0 {
		header += " — sources: " + strings.Join(src, ", ")
	}
	if t := e.tier(); t != "" {
		header += " — " + string(t)
	}
	lines := []string{header}
	add := func(label, value string) {
		if value = oneLine(value); value != "" {
			lines = append(lines, label+": "+value)
		}
	}
	r := e.rec
	if r == nil {
		add("Identifiers", joinNonEmpty(", ",
			prefixed("ISIL ", e.hit.Identifiers.ISIL),
			prefixed("QID ", e.hit.Identifiers.Wikidata),
			prefixed("GHCID ", e.hit.Identifiers.GHCID)))
		add("Description", e.hit.Snippet)
		return header, lines
	}

	add("Type", r.Type)
	add("Place", joinNonEmpty(", ", dedupe(r.City, r.District, r.County, r.Subregion, r.Region, r.Country)...))
	address := r.Address
	if r.Postcode != "" && !strings.Contains(address, r.Postcode) {
		address = joinNonEmpty(", ", address, r.Postcode)
	}
	add("Address", address)
	add("Identifiers", identifiers(r))
	add("Website", r.Website)
	add("Opened", heritage.YearsText(r.Opened()))
	closed := heritage.YearsText(r.Closed())
	if closed == "" && r.Status == "closed" {
		closed = "yes, year unknown"
	}
	add("Closed", closed)
	add("Status", r.Status)
	add("Governance", r.Governance)
	add("Accreditation", r.Accreditation)
	add("Size", r.Size)
	add("Subjects", strings.Join(r.Subjects, "; "))
	var former []string
	for _, fn := range r.FormerNames() {
		s := oneLine(fn.Name)
		period := fn.Period
		if period == "" {
			period = joinNonEmpty("–", fn.From, fn.Until)
		}
		if period != "" {
			s += " (" + period + ")"
		}
		former = append(former, s)
	}
	add("Former names", strings.Join(former, "; "))
	add("Description", retrievers.Snippet(r.Description, b.descRunes))
	return header, lines
}

// relationLines lists a record's relationships, most specific first:
// memberships, related institutions, then events.
func (b *Builder) relationLines(r *heritage.Institution) []string {
	if r == nil {
		return nil
	}
	var out []string
	for _, m := range r.MemberOf {
		s := "Member of: " + oneLine(m.Name) + " (" + strings.ReplaceAll(m.Relation, "_", " ")
		if m.ID != "" {
			s += ", " + m.ID
		}
		if m.Until != "" {
			s += ", until " + m.Until
		}
		out = append(out, s+")")
	}
	for _, rel := range r.Related {
		s := "Related: " + strings.ReplaceAll(rel.Relation, "_", " ") + " " + oneLine(rel.Name)
		if rel.ID != "" {
			s += " (" + rel.ID + ")"
		}
		out = append(out, s)
	}
	for _, ev := range r.Events {
		s := "Event: " + joinNonEmpty(" ", ev.Date, ev.Type)
		if d := oneLine(ev.Description); d != "" {
			s += " — " + retrievers.Snippet(d, 160)
		}
		out = append(out, s)
	}
	if len(out) > b.maxRelations {
		out = out[:b.maxRelations]
	}
	return out
}

func identifiers(r *heritage.Institution) string {
	parts := []string{prefixed("ISIL ", r.ISIL)}
	qid := r.Wikidata
	if qid == "" {
		qid = r.Identifiers.Wikidata
	}
	parts = append(parts, prefixed("QID ", qid))
	for _, g := range r.Identifiers.GND {
		parts = append(parts, prefixed("GND ", g))
	}
	parts = append(parts,
		prefixed("ROR ", r.Identifiers.ROR),
		prefixed("GHCID ", r.GHCID))
	return joinNonEmpty(", ", parts...)
}

func prefixed(prefix, v string) string {
	if v == "" {
		return ""
	}
	return prefix + v
}

func joinNonEmpty(sep string, parts ...string) string {
	out := parts[:0:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}

// dedupe drops repeated values, keeping the first.
func dedupe(vals ...string) []string {
	out := make([]string, 0, len(vals))
	for _, v := range vals {
		if v != "" && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// oneLine folds white space, newlines included, to single spaces so a value
// never breaks the block layout.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// Token accounting.
//
// The cl100k_base pre-tokeniser always splits between a newline and a
// following non-space character, and before a space that follows a
// non-space character. So a text made of single-spaced lines that start
// with a non-space character counts as the sum of its lines, each line
// counted with the newlines that follow it, and appending a newline to a
// line changes only its last word's tokens. Each line is therefore
// counted once, plus two counts of its last word, instead of re-counting
// the text as it grows. Build still counts the final text and, for a
// Counter where this does not hold, drops trailing parts until it fits.

// measured is a line with its token count alone, followed by one newline
// and followed by a blank line.
type measured struct {
	text      string
	n, nl, nn Tokens
}

// lineSet is the lines of one part and their cost as a standalone text.
type lineSet struct {
	lines []measured
	cost  Tokens
}

// costWith is the cost of the lines with m appended.
func (s *lineSet) costWith(m measured) Tokens {
	if len(s.lines) == 0 {
		return m.n
	}
	last := s.lines[len(s.lines)-1]
	return s.cost - last.n + last.nl + m.n
}

func (s *lineSet) push(m measured) {
	s.cost = s.costWith(m)
	s.lines = append(s.lines, m)
}

func (s *lineSet) text() string {
	var b strings.Builder
	for i, l := range s.lines {
		if i > 0 {
			b.WriteString(lineSep)
		}
		b.WriteString(l.text)
	}
	return b.String()
}

// assembler joins parts with partSep and keeps a running token count.
type assembler struct {
	c     Counter
	parts []part
	total Tokens // tokens of the text so far
	full  bool
}

type part struct {
	lines []measured
	block int // index into Context.Blocks, -1 for a note
}

func (a *assembler) measure(line string) measured {
	n := a.c.Count(line)
	tail := line
	if i := strings.LastIndexByte(line, ' '); i > 0 {
		tail = line[i:]
	}
	t := a.c.Count(tail)
	return measured{
		text: line,
		n:    n,
		nl:   n - t + a.c.Count(tail+lineSep),
		nn:   n - t + a.c.Count(tail+partSep),
	}
}

// costWith returns the total token count if a part costing cost alone
// were appended; with cost 0 it is the count up to the next part.
func (a *assembler) costWith(cost Tokens) Tokens {
	if len(a.parts) == 0 {
		return cost
	}
	last := a.lastLine()
	return a.total - last.n + last.nn + cost
}

func (a *assembler) lastLine() measured {
	ls := a.parts[len(a.parts)-1].lines
	return ls[len(ls)-1]
}

func (a *assembler) add(lines []measured, block int) {
	var s lineSet
	for _, l := range lines {
		s.push(l)
	}
	a.total = a.costWith(s.cost)
	a.parts = append(a.parts, part{lines: lines, block: block})
}

func (a *assembler) text() string {
	var b strings.Builder
	for i, p := range a.parts {
		if i > 0 {
			b.WriteString(partSep)
		}
		for j, l := range p.lines {
			if j > 0 {
				b.WriteString(lineSep)
			}
			b.WriteString(l.text)
		}
	}
	return b.String()
}
