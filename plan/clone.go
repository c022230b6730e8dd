package plan

import (
	"slices"

	"github.com/hybridrag/hybridrag/internal/clone"
)

// Clone returns a copy of p that shares no slice or pointer with it.
func (p Plan) Clone() Plan {
	p.Scores = slices.Clone(p.Scores)
	p.Constraints = p.Constraints.Clone()
	p.Legs = slices.Clone(p.Legs)
	p.Sides = clone.Each(p.Sides, Constraints.Clone)
	p.SideLabels = slices.Clone(p.SideLabels)
	if p.Whole != nil {
		w := p.Whole.Clone()
		p.Whole = &w
	}
	p.Test = clone.Ptr(p.Test, Test.clone)
	p.Pair = clone.Ptr(p.Pair, nil)
	p.Then = clone.Ptr(p.Then, func(t Then) Then {
		t.Test, t.Places, t.NotUsed = t.Test.clone(), slices.Clone(t.Places), t.NotUsed.clone()
		return t
	})
	p.NotUsed = p.NotUsed.clone()
	p.NamedBy = slices.Clone(p.NamedBy)
	p.Unstated = clone.Ptr(p.Unstated, nil)
	return p
}

// Clone returns a copy of c that shares no slice or pointer with it.
func (c Constraints) Clone() Constraints {
	c.ISILs = slices.Clone(c.ISILs)
	c.QIDs = slices.Clone(c.QIDs)
	c.GHCIDs = slices.Clone(c.GHCIDs)
	c.GNDs = slices.Clone(c.GNDs)
	c.RORs = slices.Clone(c.RORs)
	c.Malformed = slices.Clone(c.Malformed)
	c.Names = clone.Each(c.Names, func(n NameMatch) NameMatch { n.IDs = slices.Clone(n.IDs); return n })
	c.Bodies = clone.Each(c.Bodies, func(b Body) Body { b.IDs = slices.Clone(b.IDs); return b })
	c.TypeCodes = slices.Clone(c.TypeCodes)
	c.Places = slices.Clone(c.Places)
	c.Except = slices.Clone(c.Except)
	c.Within = slices.Clone(c.Within)
	c.Postcodes = slices.Clone(c.Postcodes)
	c.Years = clone.Ptr(c.Years, nil)
	c.Point = clone.Ptr(c.Point, nil)
	c.Order = clone.Ptr(c.Order, nil)
	c.Group = clone.Ptr(c.Group, nil)
	c.MoreFields = slices.Clone(c.MoreFields)
	c.Has = slices.Clone(c.Has)
	c.NameHas = slices.Clone(c.NameHas)
	c.Lacks = slices.Clone(c.Lacks)
	c.Subjects = slices.Clone(c.Subjects)
	c.SubjectGroups = clone.Each(c.SubjectGroups, slices.Clone)
	c.Broader = slices.Clone(c.Broader)
	c.GovernanceCodes = slices.Clone(c.GovernanceCodes)
	c.Sizes = slices.Clone(c.Sizes)
	c.Not = clone.Ptr(c.Not, Constraints.Clone)
	return c
}

func (t Test) clone() Test {
	t.Want = slices.Clone(t.Want)
	t.Years = clone.Ptr(t.Years, nil)
	if t.And != nil {
		and := make([]Test, len(t.And))
		for i, a := range t.And {
			and[i] = a.clone()
		}
		t.And = and
	}
	return t
}
