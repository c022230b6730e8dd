// Package router classifies a heritage question's intent, extracts typed
// entities and constraints, and plans which retrievers to run. It is
// rule-based: no model, deterministic, and fast enough for every request.
//
// The plan types live in package plan so that retrievers can read plans
// without depending on the router; the names below keep them reachable as
// router.Plan, router.Constraints and so on.
package router

import "github.com/hybridrag/hybridrag/plan"

// The plan types, declared in package plan.
type (
	Plan        = plan.Plan
	IntentScore = plan.IntentScore
	Leg         = plan.Leg
	Fusion      = plan.Fusion
	Constraints = plan.Constraints
	NameMatch   = plan.NameMatch
	Body        = plan.Body
	Place       = plan.Place
	YearRange   = plan.YearRange
	Unstated    = plan.Unstated
	Intent      = plan.Intent
	Frame       = plan.Frame
	Test        = plan.Test
	Pair        = plan.Pair
	Then        = plan.Then
	Order       = plan.Order
	Group       = plan.Group
	NotUsed     = plan.NotUsed
	NotUsedKind = plan.NotUsedKind
)

// The six intents.
const (
	Factual      = plan.Factual
	Exploratory  = plan.Exploratory
	Relationship = plan.Relationship
	Temporal     = plan.Temporal
	Comparative  = plan.Comparative
	Collection   = plan.Collection
)

// Intents lists every intent in a fixed order.
var Intents = plan.Intents

// Retriever names used in plans, fusion provenance and responses.
const (
	RetrieverVector   = plan.RetrieverVector
	RetrieverBM25     = plan.RetrieverBM25
	RetrieverKG       = plan.RetrieverKG
	RetrieverWikidata = plan.RetrieverWikidata
)

// Place levels.
const (
	LevelCountry   = plan.LevelCountry
	LevelRegion    = plan.LevelRegion
	LevelSubregion = plan.LevelSubregion
	LevelCounty    = plan.LevelCounty
	LevelDistrict  = plan.LevelDistrict
	LevelCity      = plan.LevelCity
	LevelAdmin     = plan.LevelAdmin
)

// The question frames.
const (
	FrameField    = plan.FrameField
	FrameYesNo    = plan.FrameYesNo
	FrameSet      = plan.FrameSet
	FrameCount    = plan.FrameCount
	FrameCompare  = plan.FrameCompare
	FrameMore     = plan.FrameMore
	FrameSimilar  = plan.FrameSimilar
	FramePair     = plan.FramePair
	FrameRelation = plan.FrameRelation
	FrameLookup   = plan.FrameLookup
	FrameRanking  = plan.FrameRanking
	FrameOffTopic = plan.FrameOffTopic
)

// The kinds of words a plan does not use.
const (
	UnusedUnknown = plan.UnusedUnknown
	UnusedDropped = plan.UnusedDropped
	UnusedUnread  = plan.UnusedUnread
	UnusedName    = plan.UnusedName
	UnusedPlace   = plan.UnusedPlace
	UnusedAside   = plan.UnusedAside
)
