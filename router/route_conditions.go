package router

import "slices"

// finiteOperateVerb reports a Dutch or German verb of running that comes
// before its subject in a list question (a question word, a kind, the
// verb, then the organisation).
func finiteOperateVerb(s *scan) bool {
	return s.hasAny(s.lex.finiteOperateVerbs...)
}

// presenceFields are the fields a list may ask its members to have.
var presenceFields = map[string]bool{
	fieldISIL: true, fieldGND: true, fieldWikidata: true, fieldGHCID: true, fieldWebsite: true, fieldPostcode: true,
	fieldAddress: true, fieldFormerName: true,
}

// renamedVerb reports a verb of renaming ("renamed", "changed their
// name", "umbenannt", "hernoemd"): a list asked with it asks for the
// members that have a former name.
func renamedVerb(s *scan) bool {
	return s.hasAny(s.lex.renameWords...)
}

// hasVerb reports a verb or preposition of having ("have", "with",
// "haben", "met", "without") and whether the question negates it ("have
// no website", "without a website", "keine Website").
func hasVerb(s *scan) (has, negated bool) {
	for _, t := range s.toks {
		switch w := t.norm; {
		case s.lex.havingCues[w]:
			has = true
		case s.lex.lackingCues[w]:
			has, negated = true, true
		case s.lex.negatingCues[w]:
			negated = true
		case s.lex.exceptingCues[w]:
			// places left out, not a field lacked (see exceptPlaces)
		default:
			negated = negated || s.lex.negations[w]
		}
	}
	return has, negated
}

// negatedRelation is the token of a negation just before the relation cue
// that ends at end ("not run by", "nicht betrieben von"), or -1.
func negatedRelation(s *scan, end int) int {
	if end <= 0 {
		return -1
	}
	start := end - 1
	for start > 0 && !s.lex.negations[s.toks[start-1].norm] && end-start < 4 {
		start--
	}
	if start > 0 && s.lex.negations[s.toks[start-1].norm] && !s.used[start-1] {
		return start - 1
	}
	return -1
}

// readListConditions reads what the question asks of a list: a change,
// the relation to its bodies, a field it has or lacks, its status, words
// in its names, its grouping and order, and how many it asks for.
func readListConditions(s *scan, c *Constraints, rd *reading) {
	readChangeAsked(s, c, rd)
	readRelationAsked(s, c, rd)
	readFieldOfOne(s, c, rd)
	readFieldsOfList(s, c, rd)
	readSetOrder(s, c, rd)
	c.List = rd.listQ && !rd.ids.any() && c.Field == ""
	if c.List && c.Order == nil && c.Group == nil {
		c.Limit = countOfKind(s)
	}
}

// readChangeAsked reads a change over years in a count, and whether a
// plural with a condition asks for a list.
func readChangeAsked(s *scan, c *Constraints, rd *reading) {
	if len(c.Names) == 0 && !rd.ids.any() && c.Field == "" && (rd.plural || len(c.Places)+len(c.TypeCodes) > 0) && changeAsked(s) {
		// a change over years in a count, or the openings and closings
		// since a year
		c.Change, rd.listQ = true, true
	}
	rd.listQ = rd.listQ || (rd.plural || kindOfTopic(s, c)) && (len(c.Places)+len(c.Bodies)+len(c.Subjects)+len(c.GovernanceCodes)+len(c.Sizes) > 0 ||
		c.Accreditation != "" || c.Years != nil || c.Point != nil)
}

// kindOfTopic reports a kind in the singular right before a word that
// introduces a topic, in a question that names no institution and asks
// nothing with a question word ("museum about railways in Lincolnshire"),
// or beside a topic and a place read: a search for the kind, read as its
// plural is.
func kindOfTopic(s *scan, c *Constraints) bool {
	if len(c.Names) > 0 || isWhQuestion(s) {
		return false
	}
	for k := 0; k+1 < len(s.toks); k++ {
		if s.lex.typeWords[s.toks[k].norm] != "" && s.lex.topicPreps[s.toks[k+1].norm] {
			return true
		}
	}
	// a topic and a place said beside the kind are the same search
	return len(c.Subjects) > 0 && len(c.Places) > 0 && slices.ContainsFunc(s.toks, func(t token) bool { return s.lex.typeWords[t.norm] != "" })
}

// readRelationAsked reads the relation of the list or the named
// institution to the bodies the question names, and bodies it leaves out.
func readRelationAsked(s *scan, c *Constraints, rd *reading) {
	negRel := negatedRelation(s, rd.relEnd)
	if negRel >= 0 && len(c.Bodies)+len(c.GovernanceCodes) == 0 {
		negRel = -1
	}
	if negatedBodies(s, c, negRel) && len(c.Bodies) == 0 {
		// "accredited but not run by the National Trust", "neither
		// National Trust nor English Heritage": the members of the
		// bodies are left out of the list, which relates to no body
		rd.rel = ""
	}
	// a body is also an institution of its own: keep its record reachable
	// as a name when the question is not about its members.
	if rd.housesEnd >= 0 && len(c.Names) > 0 {
		c.Relation = "houses"
		if housedBy(s, c.Names[0].Text) {
			c.Relation = "located_in"
		}
	} else if rd.rel != "" && !(rd.grp != nil && rd.grp.Level == "operator" && len(c.Bodies) == 0) {
		// (a superlative of running counts by the organisations that
		// run them; it relates the list to no organisation)
		c.Relation = rd.rel
	}
	for i := range c.Bodies {
		if c.Bodies[i].Relation == "" && rd.rel != "" {
			c.Bodies[i].Relation = rd.rel
		}
	}
}

// readFieldOfOne reads the field asked of one institution given by an
// identifier or a relation: another field than the identifier's scheme,
// or the organisation that runs it.
func readFieldOfOne(s *scan, c *Constraints, rd *reading) {
	// reverse look-up: the identifier given is not the field asked for,
	// though another field may be (a field of the institution with an
	// identifier: the identifier's scheme names no field asked for)
	if rd.ids.any() && (c.Field == "isil" && len(c.ISILs) > 0 || c.Field == "wikidata" && len(c.QIDs) > 0 ||
		c.Field == "gnd" && len(c.GNDs) > 0 || c.Field == "ghcid" && len(c.GHCIDs) > 0) {
		c.Field = otherField(s, c.Field)
	}
	// a question for the organisation that runs one institution, or the
	// group it belongs to, asks about that one, not for a list
	if len(c.Names) > 0 && len(c.Bodies) == 0 && rd.rel != "" && rd.housesEnd < 0 && !rd.plural {
		rd.listQ = false
		if rd.rel == "operated_by" && c.Field == "" {
			c.Field = "operator"
		}
	}
}

// readFieldsOfList reads a field said of a plural as a condition of the
// list: having the field or not, lacking accreditation, a status.
func readFieldsOfList(s *scan, c *Constraints, rd *reading) {
	if has, negated := hasVerb(s); presenceFields[c.Field] && rd.plural && len(c.Names) == 0 && !rd.ids.any() &&
		(has || countAsked(s) || c.Field == "former_name" && renamedVerb(s)) {
		// having a field or not ("have a website", "have no website")
		// is a condition of the list, not a field of one institution
		// (an identifier with its value asks for the holder of the
		// identifier); so is a field counted ("how many … were known
		// by another name")
		if negated {
			c.Lacks = []string{c.Field}
		} else {
			c.Has = []string{c.Field}
		}
		c.Field, rd.listQ = "", true
	}
	if c.Field == "accreditation" && (rd.listQ || rd.plural) && len(c.Names) == 0 && !rd.ids.any() {
		if has, negated := hasVerb(s); has || negated {
			// having the quality or lacking it ("have accreditation",
			// "without accreditation"): a condition of the list
			markFieldCue(s, c.Field)
			if negated {
				negate(c).Accreditation = accredited
			} else {
				c.Accreditation = accredited
			}
			c.Field, rd.listQ = "", true
		}
	}
	if c.Field == "status" && (rd.listQ || rd.plural) && len(c.Names) == 0 && !rd.ids.any() {
		// a status said of a list ("still open"): a condition of the
		// list, not a field of one institution
		c.Field, c.Status = "", "open"
	}
}

// readSetOrder reads what selects or orders the members of a set rather
// than a field of one institution: words of names, a grouping by kind of
// place, an order and how many of it.
func readSetOrder(s *scan, c *Constraints, rd *reading) {
	if len(rd.nameHas) > 0 && len(c.Names) == 0 && !rd.ids.any() {
		// words the names must hold (see nameWords)
		c.NameHas, c.Field, rd.listQ = rd.nameHas, "", true
	}
	if rd.grp != nil && len(c.Names) == 0 && !rd.ids.any() {
		// a kind of place with the superlative of a count: the places,
		// not a field of one institution
		c.Group, c.Field, rd.listQ = rd.grp, "", true
	}
	if rd.ord != nil && len(c.Names) == 0 && !rd.ids.any() {
		// an order or a superlative of a set: its first members in
		// that order; a field before the superlative ("the address of
		// the oldest museum in …"): a field of the first
		if c.Field != "opened" && c.Field != "closed" {
			rd.ord.Field = c.Field
		}
		if rd.ord.N == 0 {
			rd.ord.N = 1
			// a plural after the superlative asks for several; a
			// singular after "which of the" asks for one
			if rd.plural && !s.hasAny(s.lex.whichOfCues...) {
				rd.ord.N = 10
			}
		}
		c.Order, c.Field, rd.listQ = rd.ord, "", true
	}
}

// readMembersAsked reads whether the question asks about each member of
// a set, a share of it, the members of one institution, the parent of
// one, or the size of a set; it narrows the names by the negated
// qualifiers neg.
func (r *Router) readMembersAsked(s *scan, c *Constraints, rd *reading, neg []string) {
	readEachMember(s, c, rd)
	readShareOrMembersOfOne(s, c, rd)
	r.narrowNames(c, neg)
	if len(neg) > 0 && len(c.Names) == 1 && len(c.TypeCodes) == 0 {
		// the kind one named institution is said not to be ("Is X not
		// an archive?"), a condition a yes/no question tests
		negate(c).TypeCodes = neg
	}
	readParentAsked(s, c, rd)
	readSizeAsked(s, c, rd)
}

// readEachMember reads a field asked of each member of a set: the
// organisation or group of each, or a field the data records.
func readEachMember(s *scan, c *Constraints, rd *reading) {
	eachMember := len(c.Names)+len(c.Bodies) == 0 && !rd.ids.any() && rd.plural &&
		(len(c.Places) > 0 || len(c.Subjects)+len(c.GovernanceCodes)+len(c.Sizes) > 0 || c.Accreditation != "")
	if eachMember && c.Field == "" && s.hasAny(s.lex.organisationAsked...) {
		// the organisation or group of the members of a set
		switch c.Field = relationField(s); {
		case c.Field != "":
		case rd.rel == "operated_by":
			c.Field = "operator"
		case rd.rel == "part_of":
			c.Field = "member_of"
		}
	}
	if eachMember && c.Field != "" && !s.lex.unrecordedFields[c.Field] {
		// a field of each member of a set (who runs them, their
		// websites), the relation its verb names being that field
		c.List = true
		if len(c.Bodies) == 0 && (c.Field == "operator" || c.Field == "member_of") {
			c.Relation, rd.rel = "", ""
		}
	}
}

// readShareOrMembersOfOne reads a share of a set, or the sites or
// members of one named body.
func readShareOrMembersOfOne(s *scan, c *Constraints, rd *reading) {
	if rd.share && len(c.Names) == 0 && !rd.ids.any() && c.Field == "" {
		// a share of a set (see wholeOf)
		c.Share, c.List = true, true
	}
	if len(c.Names) == 1 && len(c.Bodies) == 0 && rd.rel != "" && rd.housesEnd < 0 && !parentQuestion(s) && childrenAsked(s, rd.plural) &&
		(c.Field == "" || c.Field == "operator" || c.Field == "member_of") {
		// the sites or members of a named body: the institutions that
		// belong to the named one
		c.Field, c.List = "", true
	}
}

// readParentAsked reads a question for what a named institution or body
// belongs to.
func readParentAsked(s *scan, c *Constraints, rd *reading) {
	if c.Field == "" && len(c.Names) == 0 && len(c.Bodies) == 1 && parentQuestion(s) && !rd.plural {
		if b := c.Bodies[0]; len(b.IDs) > 0 {
			// a body with a record of its own, asked about as a member
			// of another
			c.Names = []NameMatch{{Text: b.Name, Name: b.Name, IDs: b.IDs, Score: 1}}
			c.Bodies = nil
		} else {
			// a body the data knows only as others' organisation,
			// asked what it is part of; the answer says it holds no
			// record of it
			c.Field = "member_of"
		}
		c.List = false
	}
	if c.Field == "" && len(c.Names) > 0 && len(c.Bodies) == 0 && rd.rel == "part_of" && rd.housesEnd < 0 && !c.List ||
		c.Field == "" && len(c.Names) == 1 && len(c.Bodies) == 0 && parentQuestion(s) {
		// the bodies a named institution belongs to
		c.Field = "member_of"
		c.List = false
	}
}

// readSizeAsked reads a count of a kind as the size of a set.
func readSizeAsked(s *scan, c *Constraints, rd *reading) {
	if countAsked(s) && !rd.ids.any() && len(c.Names) == 0 {
		// a count of a kind in a place asks for the size of a set
		c.List = true
		// a count of a kind with no place: of every one of that kind
		c.All = !c.Selective() && len(c.Postcodes) == 0 && rd.rel == ""
	}
}
