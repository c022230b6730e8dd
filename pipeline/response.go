package pipeline

import (
	"github.com/hybridrag/hybridrag/answer"
	ragcontext "github.com/hybridrag/hybridrag/context"
	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/wikidata"
)

// Response is the answer to one question: the plan, the answer, the fused
// hits with per-retriever provenance, the context handed to a reader, the
// citations, and what went wrong along the way.
type Response struct {
	Question string `json:"question"`
	// Lang is the language the answer is written in: the request's
	// (Request.Lang, --lang, Accept-Language), else the question's.
	Lang      locale.Lang           `json:"lang"`
	Plan      plan.Plan             `json:"plan"`
	Answer    Answer                `json:"answer"`
	Hits      []fusion.Fused        `json:"hits"`
	Context   ContextView           `json:"context"`
	Citations []ragcontext.Citation `json:"citations"`
	Warnings  []string              `json:"warnings"`
	Errors    []SourceError         `json:"errors"`
	// BySource counts the hits each retriever returned.
	BySource map[string]int `json:"by_source"`
	Timings  Timings        `json:"timings"`
	Cached   bool           `json:"cached"`
	// Wikidata holds the facts a configured SPARQL endpoint states about
	// the answer's institutions, each with its citation.
	Wikidata []WikidataFacts `json:"wikidata,omitempty"`
	// Generated is the language model's checked answer, when one was
	// asked for (Request.LLM) and passed the check; Answer stays the
	// extractive answer either way.
	Generated *Generated `json:"generated,omitempty"`
	// DataVersion identifies the data the answer was computed on.
	DataVersion string   `json:"data_version"`
	Explain     *Explain `json:"explain,omitempty"`

	// expectedErrors is how many of Errors every response carried when
	// this one was asked: backends missing, not failures of this answer.
	expectedErrors int
}

// Answer is what the pipeline answers (see answer.Answer).
type Answer = answer.Answer

// AnswerGroup is one side of a comparative answer.
type AnswerGroup = answer.AnswerGroup

// Answer kinds.
const (
	KindField  = answer.KindField
	KindSet    = answer.KindSet
	KindRanked = answer.KindRanked
	KindNone   = answer.KindNone
	KindYesNo  = answer.KindYesNo
)

// ContextView is the assembled context as the response shows it.
type ContextView struct {
	Text      string `json:"text"`
	Tokens    int    `json:"tokens"`
	Budget    int    `json:"budget"`
	Truncated bool   `json:"truncated"`
}

// WikidataFacts are what the SPARQL endpoint states about one answer
// institution; Citation numbers into Response.Citations.
type WikidataFacts struct {
	ID       string          `json:"id"`
	Entity   wikidata.Entity `json:"entity"`
	Citation int             `json:"citation"`
}

// SourceError is a failure of one source; the rest of the response still
// stands.
type SourceError struct {
	Source string `json:"source"`
	Error  string `json:"error"`
}

// Timings are durations in milliseconds.
type Timings struct {
	RouteMS    float64            `json:"route_ms"`
	RetrieveMS float64            `json:"retrieve_ms"`
	Legs       map[string]float64 `json:"legs_ms"`
	FuseMS     float64            `json:"fuse_ms"`
	RerankMS   float64            `json:"rerank_ms,omitempty"`
	AnswerMS   float64            `json:"answer_ms"`
	ContextMS  float64            `json:"context_ms"`
	EnrichMS   float64            `json:"enrich_ms,omitempty"`
	GenerateMS float64            `json:"generate_ms,omitempty"`
	TotalMS    float64            `json:"total_ms"`
}

// Explain shows why the response looks the way it does.
type Explain struct {
	Legs []LegReport `json:"legs"`
	// Fusion is how the legs were merged; each hit's sources carry every
	// leg's normalised and weighted score.
	Fusion FusionReport `json:"fusion"`
	Cache  CacheStats   `json:"cache"`
	// Frames is the frame classifier's reading of the question beside the
	// plan's (Components.Frames); nil without one.
	Frames *FrameReading `json:"frames,omitempty"`
}

// FusionReport names the fusion of one answer and who chose it.
type FusionReport struct {
	Method fusion.Method `json:"method"`
	// K is RRF's rank constant (RRF only).
	K float64 `json:"k,omitempty"`
	// Sigmas is DBSF's half-width in standard deviations (DBSF only).
	Sigmas float64 `json:"sigmas,omitempty"`
	// ChosenBy is FusionByRequest, FusionByPlan or FusionByDefault.
	ChosenBy string `json:"chosen_by"`
}

// Who chose the fusion (FusionReport.ChosenBy).
const (
	// FusionByRequest: the request named one (Request.Fusion).
	FusionByRequest = "request"
	// FusionByPlan: the router's fusion table, for the plan's intent.
	FusionByPlan = "plan"
	// FusionByDefault: neither; RRF.
	FusionByDefault = "default"
)

// LegReport is one retriever's own ranking before fusion.
type LegReport struct {
	Source     string          `json:"source"`
	Weight     float64         `json:"weight"`
	K          int             `json:"k"`
	Filters    int             `json:"filters"`
	Hits       []retrieval.Hit `json:"hits"`
	Error      string          `json:"error,omitempty"`
	DurationMS float64         `json:"duration_ms"`
}

// CacheStats counts cache hits and misses since start.
type CacheStats struct {
	QueryHits    uint64 `json:"query_hits"`
	QueryMisses  uint64 `json:"query_misses"`
	EntityHits   uint64 `json:"entity_hits"`
	EntityMisses uint64 `json:"entity_misses"`
}
