package ragcontext

import (
	"fmt"
	"strings"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
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
