package plan

import (
	"fmt"
	"slices"
	"strings"
)

// A constraint key names one extracted constraint, as "kind:value" or a
// bare kind, for a caller that wants a question answered without it:
//
//	name:<NameMatch.Name>   place:<Place.Name>   body:<Body.Name>
//	type:<type code>        subject:<subject>    governance:<code>
//	size:<size>             postcode:<postcode>   has:<field>   lacks:<field>
//	except:<Place.Name>     name_has:<word>
//	years   accreditation   status   near   order   group   point
//
// Values compare case-insensitively.
var constraintKinds = []string{"name", "place", "body", "type", "subject", "governance", "size", "postcode", "has", "lacks", "except", "name_has",
	"years", "accreditation", "status", "near", "order", "group", "point"}

// ValidConstraintKey reports whether key names a kind of constraint
// Without can drop.
func ValidConstraintKey(key string) error {
	kind, value, hasValue := strings.Cut(key, ":")
	bare := kind == "years" || kind == "accreditation" || kind == "status" || kind == "near" || kind == "order" || kind == "group"
	switch {
	case !slices.Contains(constraintKinds, kind):
		return fmt.Errorf("unknown constraint %q (kinds: %s)", key, strings.Join(constraintKinds, ", "))
	case bare && hasValue:
		return fmt.Errorf("constraint %q takes no value", kind)
	case !bare && strings.TrimSpace(value) == "":
		return fmt.Errorf("constraint %q needs a value, as %s:<value>", key, kind)
	}
	return nil
}

// Without returns the constraints with those the keys name removed (see
// ValidConstraintKey); keys that name nothing present are ignored. c is
// not modified.
func (c Constraints) Without(keys []string) Constraints {
	has := func(kind, value string) bool {
		for _, k := range keys {
			kk, v, _ := strings.Cut(k, ":")
			if kk == kind && strings.EqualFold(strings.TrimSpace(v), value) {
				return true
			}
		}
		return false
	}
	drop := func(kind string, values []string) []string {
		out := slices.DeleteFunc(slices.Clone(values), func(v string) bool { return has(kind, v) })
		if len(out) == 0 {
			return nil
		}
		return out
	}
	c.Names = slices.DeleteFunc(slices.Clone(c.Names), func(n NameMatch) bool { return has("name", n.Name) })
	c.Places = slices.DeleteFunc(slices.Clone(c.Places), func(p Place) bool { return has("place", p.Name) })
	c.Within = slices.DeleteFunc(slices.Clone(c.Within), func(p Place) bool { return has("place", p.Name) })
	c.Except = slices.DeleteFunc(slices.Clone(c.Except), func(p Place) bool { return has("except", p.Name) })
	c.Bodies = slices.DeleteFunc(slices.Clone(c.Bodies), func(b Body) bool { return has("body", b.Name) })
	c.TypeCodes = drop("type", c.TypeCodes)
	c.Subjects = drop("subject", c.Subjects)
	c.GovernanceCodes = drop("governance", c.GovernanceCodes)
	c.Sizes = drop("size", c.Sizes)
	c.Postcodes = drop("postcode", c.Postcodes)
	c.Has = drop("has", c.Has)
	c.Lacks = drop("lacks", c.Lacks)
	c.NameHas = drop("name_has", c.NameHas)
	if len(c.Subjects) == 0 {
		c.Topic = ""
	}
	if slices.Contains(keys, "point") {
		c.Point = nil
	}
	if len(c.Postcodes) == 0 && c.Point == nil {
		c.RadiusKM = 0
	}
	for _, k := range keys {
		switch k {
		case "years":
			c.Years = nil
		case "accreditation":
			c.Accreditation = ""
		case "status":
			c.Status = ""
		case "near":
			c.NearPlace = false
		case "order":
			c.Order = nil
		case "group":
			c.Group = nil
		}
	}
	if len(c.Places) == 0 && c.Point == nil {
		c.NearPlace = false
	}
	return c
}

// Without returns the plan with the constraints the keys name removed from
// its constraints and from each compared side (Constraints.Without).
func (p Plan) Without(keys []string) Plan {
	if len(keys) == 0 {
		return p
	}
	p.Constraints = p.Constraints.Without(keys)
	if p.Sides != nil {
		sides := make([]Constraints, len(p.Sides))
		for i, s := range p.Sides {
			sides[i] = s.Without(keys)
		}
		p.Sides = sides
	}
	return p
}
