package router

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/locale"
)

// Route classifies the question, extracts its constraints and plans the
// retriever legs. It never fails: an empty or unclear question yields a
// broad, low-confidence plan.
func (r *Router) Route(question string) Plan {
	asked, aside := splitAside(question)
	own := aside != "" && r.asksWith(aside) && namesNoOne(r.reread(asked)) && !namesNoOne(r.reread(aside))
	if own {
		// a question of the asker's own, then the one a question word
		// asks about what the sentence after it names
		asked, aside = aside, asked
	}
	if aside != "" && r.topicAfter(asked, aside) {
		// a name alone after a question that names no institution is
		// its topic, as one put first ("located in X? — the name")
		asked, aside = strings.TrimLeft(aside, "—–-:; ")+" — "+asked, ""
		question = asked
	}
	if aside == "" {
		// a yes/no question's closing doubt (see splitDoubt)
		asked, aside = r.splitDoubt(asked)
	}
	// a name as the topic of the question after it (X, a dash, then
	// "who belongs to it"), or a leading clause of the asker's reason or
	// occasion; a relative clause said of the topic first is an aside
	asked = r.withoutTopicRelative(asked)
	if filled, ok := r.fillTopic(asked); ok {
		asked = filled
	} else if aside == "" {
		aside, asked = r.splitReason(asked)
	}
	plan := r.reread(asked)
	filledIn := false
	if after := strings.HasSuffix(question, asked); aside != "" && !own && asked != question && (after && !r.standsAlone(plan, asked) || !after && namesNoOne(plan)) {
		if filled, ok := r.referredTo(asked, aside); ok && after {
			// the question's "there" or "it" is what the clause names
			asked, plan = filled, r.reread(filled)
			// a topic filled in ("… cover railways") is what the clause
			// adds; a clause that adds a kind or size is read whole below
			filledIn = len(plan.Constraints.Subjects) > 0
		} else {
			// the question after a leading clause refers back to what
			// the clause names: the clause is its topic, no reason
			asked, aside = question, ""
			plan = r.reread(asked)
		}
	}
	if aside != "" && !filledIn && r.refines(plan, aside, strings.HasSuffix(strings.TrimSpace(question), strings.TrimSpace(aside))) {
		asked, aside = question, ""
		plan = r.reread(asked)
	}
	dropPartOfLonger(&plan)
	dropMisspeltPhrase(&plan)
	moreFields(&plan, r.lex)
	r.thenTest(&plan)
	r.valueSides(&plan)
	if aside != "" {
		plan.Question = question
		plan.SetUnused(UnusedAside, append([]string{aside}, plan.Unused(UnusedAside)...)...)
	}
	return plan
}

// kindsOwn reports a possessive anaphor at token i after a plural kind
// ("museums … as their subject"): it refers to the kind asked, nothing
// said before the question.
func (r *Router) kindsOwn(toks []token, i int) bool {
	return r.lex.possessiveAnaphora[toks[i].norm] && slices.ContainsFunc(toks[:i], func(t token) bool { return r.lex.pluralKind(t.norm) })
}

// asksWith reports a question word in the text.
func (r *Router) asksWith(text string) bool {
	return slices.ContainsFunc(tokenize(text, false), func(t token) bool { return r.lex.whWords[t.norm] })
}

// standsAlone reports whether a question read without a clause before
// it names what it asks about (an institution, an organisation, an
// identifier, a place or a kind) and refers back to nothing (anaphora:
// "it", "es", "het"; backPhrases: "which one"; a noun of a field's value
// after a word of which, valueNouns: "which code").
func (r *Router) standsAlone(p Plan, question string) bool {
	if namesNothing(p) {
		return false
	}
	toks := tokenize(question, false)
	toks = toks[:r.tagStart(question, toks)]                // a tag ("…, isn't it") refers to the statement
	toks = toks[:tailStart(question, toks, r.lex.knowTags)] // a closing "do you know that" refers to the question
	for i, t := range toks {
		// a word between two capitalised words is a word of a name
		inName := i > 0 && i+1 < len(toks) && toks[i-1].upper && toks[i+1].upper
		if r.lex.anaphora[t.norm] && !inName && !r.articleAt(toks, i) && !r.existentialAt(question, toks, i) && !r.namedBefore(p, t.norm, question[:t.start]) && !r.kindsOwn(toks, i) {
			return false
		}
		if n, _ := placeAnaphorAt(toks, i, r.lex); n > 1 {
			return false // "in that town"
		}
		if i > 0 && r.lex.valueNouns[t.norm] && r.lex.whWords[toks[i-1].norm] {
			return false // "which code": of the field said before
		}
	}
	words := " " + joinTokens(toks) + " "
	return !slices.ContainsFunc(r.lex.backPhrases, func(p string) bool { return strings.Contains(words, " "+p+" ") })
}

// describesTopic reports a phrase in apposition at token k that an
// article and a noun of no kind open ("X, the building with the big
// glass doors on my street:"): it describes the topic, and its words ask
// nothing of the question.
func (r *Router) describesTopic(toks []token, k int) bool {
	if k+1 >= len(toks) || !r.lex.articles[toks[k].norm] {
		return false
	}
	w := toks[k+1].norm
	return !toks[k+1].upper && r.lex.typeWords[w] == "" && !r.lex.kindNouns[w] && !r.lex.pluralTypeWords[w]
}

// namedBefore reports what an anaphor refers back to named in the text
// before it: an institution the plan names for a word of nameAnaphora
// ("es"), a place for one of placeAnaphora ("da"). The anaphor refers to
// that, not to a clause before the question.
func (r *Router) namedBefore(p Plan, word, before string) bool {
	if r.lex.nameAnaphora[word] {
		return slices.ContainsFunc(p.Constraints.Names, func(n NameMatch) bool { return n.Text != "" && strings.Contains(before, n.Text) })
	}
	if _, ok := r.lex.placeAnaphora[word]; ok {
		return slices.ContainsFunc(p.Constraints.Places, func(pl Place) bool { return pl.Text != "" && strings.Contains(before, pl.Text) })
	}
	return false
}

// tagStart returns the token where a phrase of tagQuestions ends the
// question after a comma, semicolon, colon or dash, or len(toks).
func (r *Router) tagStart(question string, toks []token) int { return r.lex.tagStart(question, toks) }

// tagStart is Router.tagStart on the lexicon's tags.
func (lex *Lexicon) tagStart(question string, toks []token) int {
	return tailStart(question, toks, lex.tagQuestions)
}

// tailStart returns the token where one of the phrases ends the question
// after a comma, semicolon, colon or dash, or len(toks).
func tailStart(question string, toks []token, phrases []string) int {
	for _, p := range phrases {
		words := strings.Fields(p)
		k := len(toks) - len(words)
		if k >= 1 && strings.ContainsAny(question[toks[k-1].end:toks[k].start], ",;:—–-") && wordsAt(toks, k, words) {
			return k
		}
	}
	return len(toks)
}

// namesNothing reports a plan that names no institution, body, place,
// kind or identifier: a question that asks of something said beside it.
func namesNothing(p Plan) bool {
	return namesNoOne(p) && len(p.Constraints.TypeCodes) == 0
}

// namesNoOne reports a plan that names no institution, body, place or
// identifier (a kind alone at most): a question of something said after
// it.
func namesNoOne(p Plan) bool {
	c := p.Constraints
	return len(c.Names)+len(c.Bodies)+len(c.Places) == 0 && !c.HasIDs()
}

// articleAt reports a word that may refer back ("das", "het") standing
// as the article of a superlative or a kind right after it ("das
// älteste", "het langst", "het museum").
func (r *Router) articleAt(toks []token, i int) bool {
	if i+1 >= len(toks) || !r.lex.articles[toks[i].norm] {
		return false
	}
	next := toks[i+1].norm
	_, sup := r.lex.superlatives[next]
	return sup || r.lex.durationSuperlatives[next] || r.lex.typeWords[next] != ""
}

// splitDoubt splits off the asker's doubt that closes a yes/no question:
// a word of "or", one word, and a word of the asker (remarkSubjects)
// within the last maxRemark words ("or am I wrong", "oder irre ich
// mich", "of vergis ik me"). It offers no alternative:
// the question asks what it asks without it.
func (r *Router) splitDoubt(question string) (asked, doubt string) {
	toks := tokenize(question, false)
	if k := r.doubtTailAt(question, toks); k > 0 {
		return strings.TrimRight(question[:toks[k].start], " ,;–—-") + "?", strings.TrimSpace(question[toks[k].start:])
	}
	if k := r.declinedFieldAt(question, toks); k > 0 {
		return strings.TrimRight(question[:toks[k].start], " ,;–—-"), strings.TrimSpace(question[toks[k].start:])
	}
	if k := r.remarkTailAt(question, toks); k > 0 {
		return strings.TrimRight(question[:toks[k].start], " ,;–—-"), strings.TrimSpace(question[toks[k].start:])
	}
	if len(toks) < 5 || !r.lex.yesNoStarts[toks[0].norm] {
		return question, ""
	}
	for k := max(2, len(toks)-maxRemark); k+2 < len(toks); k++ {
		if r.lex.orWords[toks[k].norm] && !r.lex.whWords[toks[k+1].norm] && r.lex.remarkSubjects[pronounOf(question, toks[k+2])] {
			return strings.TrimRight(question[:toks[k].start], " ,;–—-") + "?", strings.TrimSpace(question[toks[k].start:])
		}
	}
	return question, ""
}

// doubtTailAt returns the token where a phrase of doubtTails opens the
// last maxRemark words after a comma, semicolon or dash that ends a
// statement (a question with no question word before it), or 0.
func (r *Router) doubtTailAt(question string, toks []token) int {
	for k := max(3, len(toks)-maxRemark); k < len(toks); k++ {
		if !strings.ContainsAny(question[toks[k-1].end:toks[k].start], ",;–—-") && !r.lex.orWords[toks[k].norm] {
			continue // a tail after a clause sign, or one that "or" opens
		}
		for _, p := range r.lex.doubtTails {
			if wordsAt(toks, k, strings.Fields(p)) {
				if slices.ContainsFunc(toks[:k], func(t token) bool { return r.lex.whWords[t.norm] }) {
					return 0
				}
				return k
			}
		}
	}
	return 0
}

// withoutTopicRelative drops a relative clause said of a capitalised
// topic that opens the question, between a comma and a colon, semicolon
// or dash before the question proper (X, "where my sister lives", then
// the question: X, a colon, the question); other questions come back as
// they are.
func (r *Router) withoutTopicRelative(question string) string {
	if !strings.Contains(question, ",") {
		return question
	}
	toks := tokenize(question, false)
	if len(toks) < 4 || !toks[0].upper {
		return question
	}
	for k := 1; k < len(toks) && k <= maxFrontedTopic; k++ {
		if strings.Contains(question[toks[k-1].end:toks[k].start], ",") && !toks[k].upper {
			// a relative clause, or a phrase in apposition, after the
			// topic; or else a comma inside its name ("X, Bibliothek";
			// "Compton, nr Guildford")
			if out, ok := r.topicAside(question, toks, k); ok {
				return out
			}
		}
		if w := toks[k].norm; !toks[k].upper && !r.lex.ofWords[w] && !r.lex.locatives[w] && !r.lex.articles[w] && !r.lex.andWords[w] && !insideCapitals(toks, k, 1) {
			return question // a clause, not a name ("Meine Tante behauptet, das …")
		}
	}
	return question
}

// topicAside reads the words from token k, after a comma that follows a
// capitalised topic, up to a clause sign and a question: a relative
// clause there is an aside, unless it names a subject the question refers
// back to; any other phrase is one in apposition ("the two places on our
// list", "from a list of places to visit"), an aside when it adds no
// condition. It returns the question without the aside, or the question
// as it is and true when the clause is part of it, or false when the
// words are no such clause.
func (r *Router) topicAside(question string, toks []token, k int) (string, bool) {
	relative := r.lex.relativeWords[toks[k].norm] || r.lex.whichPlaceWords[toks[k].norm]
	for m := k + 1; m < len(toks) && m-k <= maxRemark; m++ {
		if !closesRemark(question[toks[m-1].end:toks[m].start], false) || !r.opensQuestion(question, toks, m) {
			continue
		}
		clause := question[toks[k].start:toks[m-1].end]
		switch {
		case relative && r.topicOfClause(clause, toks[m:]):
			return question, true // "about it": the clause's topic is asked about
		case relative && r.lex.pluralKind(toks[k-1].norm):
			return question, true // a clause that says which of a kind ("Museen, deren …")
		case !relative && !r.describesTopic(toks, k) && !r.reread(clause).Constraints.Empty():
			return "", false
		}
		return question[:toks[k-1].end] + ": " + question[toks[m].start:], true
	}
	return "", false
}

// topicOfClause reports a relative clause that names a topic (a
// subject) which the question after it refers back to by a word such as
// "it": the clause says what is asked, and is no aside.
func (r *Router) topicOfClause(clause string, rest []token) bool {
	return slices.ContainsFunc(rest, func(t token) bool { return r.lex.nameAnaphora[t.norm] }) &&
		len(r.reread(clause).Constraints.Subjects) > 0
}

// fillTopic reads a question whose first clause is only the name of what
// it asks about, closed by a colon or dash, and whose question after it,
// opened by a question word, refers back to it (X, a dash, then "who
// belongs to it"; X, a colon, then "what is its website"): it
// returns the question after the clause with the name in place of the
// word that refers to it, when that question stands alone.
func (r *Router) fillTopic(question string) (string, bool) {
	toks := tokenize(question, false)
	for k := 1; k < len(toks) && k <= maxRemark; k++ {
		if !strings.ContainsAny(question[toks[k-1].end:toks[k].start], ":—–") {
			continue
		}
		head, rest := question[:toks[k-1].end], question[toks[k].start:]
		if !r.lex.whWords[toks[k].norm] || r.asksWith(head) || r.tagOnly(toks[k:]) {
			return "", false // a yes/no question about it, or a tag, reads as it stands
		}
		hp := r.reread(head)
		if len(hp.Constraints.Names) != 1 || len(hp.Unused(UnusedUnknown)) > 0 {
			return "", false
		}
		return r.referredTo(rest, head)
	}
	return "", false
}

// declinedFieldAt returns the token where a closing phrase declines a
// field after a comma, semicolon or dash: a word of negation, perhaps an
// article, and a field's words to the end ("…, no address", "—
// nicht die Adresse"), when the words before it ask a field of their
// own; or 0. The field declined is no field asked.
func (r *Router) declinedFieldAt(question string, toks []token) int {
	if k := r.fieldThenDeclined(question, toks); k > 0 {
		return k
	}
	for k := max(2, len(toks)-4); k+1 < len(toks); k++ {
		if !strings.ContainsAny(question[toks[k-1].end:toks[k].start], ",;–—-") || !r.lex.negationWords[toks[k].norm] {
			continue
		}
		from := k + 1
		if r.lex.articles[toks[from].norm] && from+1 < len(toks) {
			from++
		}
		head, rest := question[:toks[k-1].end], question[toks[from].start:]
		_, fieldWord := r.lex.trailingFields[toks[from].norm]
		if (fieldWord && from+1 == len(toks) || field(newScan(rest, r.lex)) != "") && r.reread(head).Constraints.Field != "" {
			return k
		}
	}
	return 0
}

// fieldThenDeclined returns the token where a closing phrase declines a
// field by a tail of declining after it ("…? address not needed", "adres
// niet nodig"), after a clause sign or question mark, when the words
// before it ask a field of their own; or 0.
func (r *Router) fieldThenDeclined(question string, toks []token) int {
	if end := r.declineTailAt(toks); end >= 3 {
		for k := max(2, end-3); k < end; k++ {
			if !strings.ContainsAny(question[toks[k-1].end:toks[k].start], ",;:?–—-") {
				continue
			}
			head, declined := question[:toks[k-1].end], question[toks[k].start:toks[end-1].end]
			if field(newScan(declined, r.lex)) != "" && r.reread(head).Constraints.Field != "" {
				return k
			}
		}
	}
	return 0
}

// declineTailAt returns the token where a phrase of declineTails ends
// the words ("not needed", "niet nodig"), or -1.
func (r *Router) declineTailAt(toks []token) int {
	for _, p := range r.lex.declineTails {
		words := strings.Fields(p)
		if end := len(toks) - len(words); end >= 1 && wordsAt(toks, end, words) {
			return end
		}
	}
	return -1
}

// pronounOf is the word of a token that a pronoun may be: the letters
// before its apostrophe in a contraction ("I'm", "we're"), so that none
// folds into another word ("im", "were").
func pronounOf(q string, t token) string {
	raw := q[t.start:t.end]
	if at := strings.IndexFunc(raw, isApostrophe); at > 0 {
		return strings.ToLower(raw[:at])
	}
	return t.norm
}

// referredTo reads a word that refers back, in a question after a
// leading clause, as what the clause names: a phrase of placeAnaphora
// ("there", "in that town") as the one place it names, after the phrase's
// locative; a word of nameAnaphora ("it", "het") as the one institution
// or body it names, or else as the one place. It returns the question
// with the word replaced, when that then stands alone. A word of
// existentialWords ("there") that follows a verb of being inside its
// clause is the existential one ("are there …"), no place.
func (r *Router) referredTo(asked, clause string) (string, bool) {
	return r.referredToIn(asked, r.reread(clause).Constraints, false)
}

// referredToIn is referredTo with the clause read as c. When the place
// of "there" was filled in (placeDone) and the question still refers
// back ("which museums there are about it", "is X there, in that
// town"), a word of the place is the same place, another word what else
// the clause names.
func (r *Router) referredToIn(asked string, c Constraints, placeDone bool) (string, bool) {
	toks := tokenize(asked, false)
	for i, t := range toks {
		n, locative := placeAnaphorAt(toks, i, r.lex)
		if insideCapitals(toks, i, max(n, 1)) {
			continue // "Museu da Amazonia": a word of a name
		}
		var with string
		switch {
		case n > 0 && len(c.Places) == 1 && c.Places[0].Text != "":
			if r.existentialAt(asked, toks, i) {
				continue // "are there", no place: a place may follow ("… in town")
			}
			with = placeWords(locative, c)
		case n > 1 && len(c.Places) == 0 && len(c.Names) == 1 && !r.existentialAt(asked, toks, i):
			with = c.Names[0].Text // "that place" of a clause that names one institution
		case r.lex.possessiveAnaphora[t.norm] && len(c.Names) == 1:
			n, with = 1, c.Names[0].Text
		case r.lex.possessiveAnaphora[t.norm] && len(c.Names)+len(c.Bodies) == 0 && len(c.Places) == 1 && c.Places[0].Text != "" && i+1 < len(toks) && r.lex.typeWords[toks[i+1].norm] != "":
			n, with = 1, c.Places[0].Text+"'s" // the place's ("its museums")
		case r.lex.nameAnaphora[t.norm]:
			cn := c
			if placeDone {
				cn.Places = nil // the place is filled in already
			}
			var ok bool
			if with, ok = r.nameReferent(cn, asked, toks, i); !ok {
				return "", false
			}
			if with == "" {
				continue
			}
			n = 1
		default:
			continue
		}
		filled := asked[:t.start] + with + asked[toks[i+n-1].end:]
		if placeDone && locative != "" {
			// the place is in the question already: its second mention goes
			filled = strings.TrimRight(asked[:t.start], " ,;") + asked[toks[i+n-1].end:]
		}
		if r.standsAlone(r.reread(filled), filled) {
			return filled, true
		}
		if locative != "" && len(c.Places) == 1 {
			if again, ok := r.referredToIn(filled, c, true); ok {
				return again, true
			}
		}
		return filled, false
	}
	return "", false
}

// placeWords are the words that stand for the one place a clause read as
// c names, after the locative: the place, and the broader place the
// clause names it in ("in St Ives, Cornwall").
func placeWords(locative string, c Constraints) string {
	with := strings.TrimSpace(locative + " " + c.Places[0].Text)
	for _, w := range c.Within {
		if w.Text != "" {
			with += ", " + w.Text
		}
	}
	return with
}

// insideCapitals reports the tokens [i, i+n) between two words written
// with a capital, as a name's inner words are ("Museu da Amazonia").
func insideCapitals(toks []token, i, n int) bool {
	return i > 0 && i+n < len(toks) && toks[i-1].upper && toks[i+n].upper && !toks[i].upper
}

// nameReferent is what the word at token i of asked ("it", "dat", "es")
// stands for in a clause read as c: a name, a body, a topic or a place
// the clause names, or "" when it names none of them. It reports false
// when the word refers to something no words can stand in for: a field
// the clause names (unless the question asks a field or relation of its
// own), or the set the clause names.
func (r *Router) nameReferent(c Constraints, asked string, toks []token, i int) (string, bool) {
	if c.Field != "" {
		if own := r.reread(asked).Constraints; own.Field == "" && own.Relation == "" {
			return "", false // "it" is the field the clause names
		}
	}
	switch {
	case c.List && len(c.Names)+len(c.Bodies) > 0 && !r.asksAKind(toks):
		return "", false // "those" are the set the clause names
	case len(c.Names) == 1 && len(c.Bodies) == 0:
		return c.Names[0].Text, true
	case len(c.Bodies) == 1 && len(c.Names) == 0:
		return cmp.Or(c.Bodies[0].Text, c.Bodies[0].Name), true
	case c.Topic != "" && len(c.Names)+len(c.Bodies)+len(c.Places) == 0 && len(c.TypeCodes) == 0:
		return c.Topic, true // "… about railways; which museums cover it"
	case len(c.Places) == 1 && len(c.Names)+len(c.Bodies) == 0 && c.Places[0].Text != "" &&
		(i == 0 || !r.lex.existenceFirsts[toks[i-1].norm]):
		return c.Places[0].Text, true // "how many museums does it have"
	}
	return "", true
}

// asksAKind reports a word of a kind of institution among toks, or a
// word for the members of one (childrenWords).
func (r *Router) asksAKind(toks []token) bool {
	return slices.ContainsFunc(toks, func(t token) bool {
		return r.lex.typeWords[t.norm] != "" || slices.Contains(r.lex.childrenWords, t.norm)
	})
}

// existentialAt reports an existential word (existentialWords: "there")
// at token i, beside a verb of being: after it ("are there …") with what
// exists after it, or before it and a place after ("… there are in
// Bath").
func (r *Router) existentialAt(q string, toks []token, i int) bool {
	if !r.lex.existentialWords[toks[i].norm] {
		return false
	}
	return i > 0 && r.lex.existenceFirsts[toks[i-1].norm] && !r.fillersToClauseEnd(q, toks, i) ||
		i+2 < len(toks) && r.lex.existenceFirsts[toks[i+1].norm] && r.lex.locatives[toks[i+2].norm]
}

// fillersToClauseEnd reports whether only filler words follow token i
// to the end of its clause ("is there too"): an existential "there"
// has what exists after it.
func (r *Router) fillersToClauseEnd(q string, toks []token, i int) bool {
	for j := i; !clauseEnds(q, toks, j); j++ {
		if !r.lex.fillerSet[toks[j+1].norm] {
			return false
		}
	}
	return true
}

// placeAnaphorAt returns the words of the longest phrase of placeAnaphora
// at token i ("there", "this town") and the locative it stands for with
// it, or 0.
func placeAnaphorAt(toks []token, i int, lex *Lexicon) (n int, locative string) {
	for phrase, loc := range lex.placeAnaphora {
		if words := strings.Fields(phrase); len(words) > n && wordsAt(toks, i, words) {
			n, locative = len(words), loc
		}
	}
	return n, locative
}

// splitReason splits off a leading clause of the asker's reason, occasion
// or situation: a semicolon, colon or dash closing the clause within
// maxRemark words, or a comma within maxPreamble words when a word of
// reasonConjunctions opens it or a word of the asker (remarkSubjects:
// "I", "wir") stands in its first words; then, after a word that may
// join the clauses (remarkJoins), a question word, a request or a verb
// that opens a yes/no question. The first such clause is taken; one
// nobody is said to say must name nothing. It returns "" and the whole
// question when there is none. Route keeps the clause as an aside unless
// it asks something of the question (refines: a year, a subject) or the
// question refers back to it (standsAlone).
func (r *Router) splitReason(question string) (clause, rest string) {
	toks := tokenize(question, false)
	if len(toks) < 4 {
		return "", question
	}
	reason := r.lex.reasonConjunctions[toks[0].norm]
	for k := 1; k < len(toks)-1 && clauseWords(toks[:k]) <= maxRemark; k++ {
		// the asker's word in the first words, or anywhere in a clause a
		// semicolon, colon or dash closes ("X, the subject of my …:")
		said := reason || r.saidBy(question, toks[:k], closesRemark(question[toks[k-1].end:toks[k].start], false))
		closed, joined := r.reasonClosesAt(question, toks, k, said, reason)
		if !closed {
			continue
		}
		q := k
		if (joined || r.lex.remarkJoins[toks[q].norm]) && q+1 < len(toks) {
			q++
		}
		if !r.opensQuestion(question, toks, q) || r.tagOnly(toks[q:]) {
			continue
		}
		clause = strings.TrimSpace(question[:toks[k-1].end])
		if opener, ok := r.lex.frontingEnds[toks[k-1].norm]; ok && wordsAt(toks, 0, strings.Fields(opener)) ||
			asideAt(toks, 0, r.lex.frontingPhrases) > 0 && !slices.ContainsFunc(toks[q:], func(t token) bool { return r.lex.anaphora[t.norm] }) {
			// a topic put first ("as for …", "as far as … goes") that
			// the question does not refer back to
			return "", question
		}
		// one joined to it ("…, so is it …") that refers back is no topic
		joinedBack := q > k && r.namesBack(toks[q:])
		if !said && !joinedBack && !r.reread(clause).Constraints.Empty() {
			// a topic put first, then the question: no clause said beside
			return "", question
		}
		return clause, question[toks[q].start:]
	}
	return "", question
}

// reasonClosesAt reports whether a clause said before the question
// (said: the asker's, or one of reason) closes before token k, and
// whether a word that joins clauses joins it to the question there.
func (r *Router) reasonClosesAt(question string, toks []token, k int, said, reason bool) (closed, joined bool) {
	gap := question[toks[k-1].end:toks[k].start]
	// a comma closes a clause said in the first words (a clause of
	// reason, or one a question word follows, in as many as a remark
	// may have), or one a word that joins clauses follows ("Sorry to
	// ask, but …")
	comma := said && (k <= maxPreamble || reason || r.lex.whWords[toks[k].norm] || r.whAfterPreposition(toks, k)) || r.lex.remarkJoins[toks[k].norm]
	// a request in the first person after "and" opens the question
	// without a comma ("… and I'd like to know …")
	joined = said && r.lex.andWords[toks[k].norm] && r.openerAt(toks, k+1)
	// a question asked by someone the asker names, the question word
	// right after the verb of asking ("my son asks which …")
	reported := said && r.lex.askVerbs[toks[k-1].norm] && r.lex.whWords[toks[k].norm]
	// a sentence of the asker's, closed by a full stop ("My sister
	// lives in Bristol. How many …")
	sentence := said && strings.Contains(gap, ". ")
	return closesRemark(gap, comma) || joined || reported || sentence, joined
}

// whAfterPreposition reports a question word right after a preposition
// at token k ("zu welchem Land", "in which town").
func (r *Router) whAfterPreposition(toks []token, k int) bool {
	w := toks[k].norm
	return k+1 < len(toks) && (r.lex.locatives[w] || r.lex.ofWords[w] || r.lex.valuePrepositions[w]) && r.lex.whWords[toks[k+1].norm]
}

// namesBack reports a word that refers back to an institution or body
// (nameAnaphora, possessiveAnaphora) among the words: the question asks
// of what the clause before it names.
func (r *Router) namesBack(toks []token) bool {
	return slices.ContainsFunc(toks, func(t token) bool { return r.lex.nameAnaphora[t.norm] || r.lex.possessiveAnaphora[t.norm] })
}

// tagOnly reports words that are a phrase of tagQuestions and nothing
// else: they ask whether the statement before them holds.
func (r *Router) tagOnly(toks []token) bool {
	return slices.ContainsFunc(r.lex.tagQuestions, func(p string) bool {
		words := strings.Fields(p)
		return len(words) == len(toks) && wordsAt(toks, 0, words)
	})
}

// saidBy reports a word of the asker (remarkSubjects) among the first
// remarkSubjectWords of a question, or among all the words of a clause
// closed by a semicolon, colon or dash, before any question word ("Next
// week I am in York").
func (r *Router) saidBy(question string, toks []token, closed bool) bool {
	n := remarkSubjectWords
	if closed {
		n = len(toks)
	}
	for _, t := range toks[:min(len(toks), n)] {
		if r.lex.whWords[t.norm] {
			return false
		}
		if r.lex.remarkSubjects[pronounOf(question, t)] {
			return true
		}
	}
	return false
}

// remarkSubjectWords bounds the words before the asker's word in a
// clause said before the question.
const remarkSubjectWords = 6

// opensQuestion reports a question that starts at token q: a question
// word (after a preposition: "in welk jaar"), a verb that opens a yes/no
// question, a word that opens a list, a request (requestWords,
// requestOpeners) or the opener of a yes/no question inside one
// (yesNoOpeners), or a statement a tag question closes.
func (r *Router) opensQuestion(question string, toks []token, q int) bool {
	if r.openerAt(toks, q) {
		return true
	}
	if t := r.tagStart(question, toks); q < t && t < len(toks) {
		return true // a statement that a tag closes ("it is …, isn't it")
	}
	w := toks[q].norm
	if r.lex.locatives[w] && q+1 < len(toks) {
		return r.lex.whWords[toks[q+1].norm]
	}
	return r.whAfterPreposition(toks, q) || r.lex.whWords[w] || r.lex.yesNoStarts[w] || r.lex.listStarts[w] || r.lex.requestWords[w] ||
		r.lex.politeModals[w] && q+1 < len(toks) // "might you know …"
}

// openerAt reports a request in the first person ("I'd like to know"),
// the opener of a yes/no question asked inside a request, or of a
// statement to check, at token q.
func (r *Router) openerAt(toks []token, q int) bool {
	at := func(p string) bool { return wordsAt(toks, q, strings.Fields(p)) }
	return slices.ContainsFunc(r.lex.requestOpeners, at) || slices.ContainsFunc(r.lex.yesNoOpeners, at) || slices.ContainsFunc(r.lex.statementOpeners, at)
}

// clauseWords counts the words of a clause, a run of capitalised words (a
// name) as one.
func clauseWords(toks []token) int {
	n := 0
	for i, t := range toks {
		if i == 0 || !t.upper || !toks[i-1].upper {
			n++
		}
	}
	return n
}

// maxRemark is the most words of a clause said before the question that
// a semicolon, colon or dash closes.
const maxRemark = 16

// closesRemark reports whether the text between two words closes a
// clause said before the question: a semicolon, a colon or a dash
// between spaces, or a comma after a clause that opens as one said
// (comma).
func closesRemark(gap string, comma bool) bool {
	return strings.ContainsAny(gap, ";:—–") || strings.Contains(gap, " - ") || comma && strings.Contains(gap, ",")
}

// refines reports whether a statement beside the question asks something
// of it: a field ("I need the address"), or, of a list or a count, a
// condition ("I like railways"). Of one institution only a field does,
// and none of an order or a comparison, which name their own terms
// (the oldest of a list is an order); a statement about an institution
// it names asks nothing of the question.
func (r *Router) refines(asked Plan, aside string, afterQuestion bool) bool {
	p := r.reread(aside)
	if len(p.Constraints.Names) > 0 {
		return false
	}
	if asked.Frame == FrameYesNo {
		// a yes/no question asks all it asks, unless a request for the
		// value follows it ("Does X have a website? Send me the link.")
		return afterQuestion && p.Constraints.Field != "" && r.opensRequest(aside)
	}
	toks := tokenize(aside, false)
	if len(toks) > 0 && (r.lex.negations[toks[0].norm] || r.lex.negationWords[toks[0].norm]) {
		return false // what the asker does not want ("no need for …", "no address")
	}
	if r.declineTailAt(toks) > 0 {
		return false // a field declined ("address not needed")
	}
	if p.Constraints.Field != "" && p.Constraints.Field == asked.Constraints.Field {
		return false // the field asked, said again ("my satnav wants the town first")
	}
	if p.Constraints.Field != "" {
		// a field said after a question that asks its own says which
		// one it means ("I need the address"), unless the data does not
		// record it or the asker says what they will do with the answer,
		// a question word inside ("Ik wil kijken wanneer ze open zijn");
		// one said before it is the asker's reason, no field asked
		ownReason := len(toks) > 0 && r.lex.remarkSubjects[pronounOf(aside, toks[0])] &&
			slices.ContainsFunc(toks[1:], func(t token) bool { return r.lex.whWords[t.norm] })
		return asked.Constraints.Field == "" || afterQuestion && !ownReason && !r.lex.unrecordedFields[p.Constraints.Field]
	}
	switch {
	case asked.Constraints.Order != nil:
		return false
	case asked.Frame == FrameSet, asked.Frame == FrameCount:
		said := p.Constraints
		own := r.askersOwnKinds(toks)
		said.TypeCodes = slices.DeleteFunc(slices.Clone(said.TypeCodes), func(code string) bool { return own[code] })
		if len(own) > 0 {
			// the sizes and governance said of the asker's own institution
			said.Sizes, said.GovernanceCodes = nil, nil
		}
		if !r.sizesOfKinds(toks) {
			said.Sizes = nil // the size of something else the remark names
		}
		if r.subjectOfOther(toks, said.Topic) {
			said.Subjects = nil // "a local heritage quiz": the quiz's subject
		}
		if said.StatusByTense {
			// the tense of a remark says when it is said, no status asked
			said.Status, said.StatusByTense = "", false
		}
		if said.Years != nil && !r.opensOrCloses(toks) && !r.opensOrCloses(tokenize(asked.Question, false)) {
			said.Years = nil // a year of the asker's life ("I was born in 1975"), no opening or closing
		}
		if len(asked.Constraints.Places) > 0 && len(toks) > 0 && r.lex.remarkSubjects[pronounOf(aside, toks[0])] {
			// where the asker or theirs live or travel from, beside a
			// question that names its own place ("My sister lives in …")
			said.Places, said.Within = nil, nil
		}
		return addsTo(asked.Constraints, said)
	}
	return false
}

// opensOrCloses reports a word of opening or closing among toks.
func (r *Router) opensOrCloses(toks []token) bool {
	return slices.ContainsFunc(toks, func(t token) bool { return r.lex.openWords[t.norm] || r.lex.closeWords[t.norm] })
}

// sizesOfKinds reports whether every word of size among a clause's
// words has a kind of institution within the two words after it.
func (r *Router) sizesOfKinds(toks []token) bool {
	for i, t := range toks {
		if _, ok := r.lex.sizeWords[t.norm]; !ok {
			continue
		}
		if !slices.ContainsFunc(toks[i+1:min(i+3, len(toks))], func(u token) bool {
			return r.lex.typeWords[u.norm] != "" || r.lex.kindNouns[u.norm] || r.lex.pluralTypeWords[u.norm]
		}) {
			return false
		}
	}
	return true
}

// subjectOfOther reports a topic written right before a noun no reader
// takes for a kind ("a local heritage quiz", "a railway podcast"): the
// subject of that thing, not of the institutions asked about.
func (r *Router) subjectOfOther(toks []token, topic string) bool {
	words := strings.Fields(normalize(topic))
	if len(words) == 0 {
		return false
	}
	for i := range toks {
		if !wordsAt(toks, i, words) {
			continue
		}
		next := i + len(words)
		if next >= len(toks) {
			return false
		}
		w := toks[next].norm
		return r.lex.typeWords[w] == "" && !r.lex.kindNouns[w] && !r.lex.pluralTypeWords[w] && !r.lex.andWords[w] &&
			!r.lex.orWords[w] && !r.lex.locatives[w] && !r.lex.relativeWords[w] && !r.lex.complementizers[w] && !r.lex.genitiveOf[w] &&
			!r.lex.commonWords[w] && len(w) > 2
	}
	return false
}

// askersOwnKinds returns the kinds a clause's words name only shortly after a
// word of the asker ("our museum", "mijn archief"): they say what the
// asker is, no condition of the question.
func (r *Router) askersOwnKinds(toks []token) map[string]bool {
	own := map[string]bool{}
	other := map[string]bool{}
	for i, t := range toks {
		code := r.lex.typeWords[t.norm]
		switch {
		case code == "":
		case askerPossessiveBefore(r.lex, toks, i, func(int) bool { return false }):
			own[code] = true
		default:
			other[code] = true
		}
	}
	for code := range other {
		delete(own, code)
	}
	return own
}

// opensRequest reports a text that opens with a request (requestWords,
// requestOpeners).
func (r *Router) opensRequest(text string) bool {
	toks := tokenize(text, false)
	return len(toks) > 0 && (r.lex.requestWords[toks[0].norm] ||
		slices.ContainsFunc(r.lex.requestOpeners, func(p string) bool { return wordsAt(toks, 0, strings.Fields(p)) }))
}

// addsTo reports whether the constraints of a statement hold one the
// question's lack: a place, body or relation the question names already
// adds nothing, nor does any kind when the question names its own.
func addsTo(asked, said Constraints) bool {
	if len(asked.TypeCodes) > 0 {
		said.TypeCodes = nil // the question's kind is the kind asked
	}
	said.Places = slices.DeleteFunc(slices.Clone(said.Places), func(p Place) bool {
		return slices.ContainsFunc(asked.Places, func(q Place) bool { return q.Name == p.Name })
	})
	said.Bodies = slices.DeleteFunc(slices.Clone(said.Bodies), func(b Body) bool {
		return slices.ContainsFunc(asked.Bodies, func(c Body) bool { return c.Name == b.Name })
	})
	if len(said.Bodies) == 0 {
		said.Relation = "" // the relation to a body the question names
	}
	return !said.Empty()
}

// topicAfter reports an aside after the question that is one name read
// and nothing else, where the question names no institution.
func (r *Router) topicAfter(asked, aside string) bool {
	if open := strings.LastIndex(aside, "("); open > 0 && strings.HasSuffix(aside, ")") {
		aside = strings.TrimSpace(aside[:open]) // a remark in brackets after the name
	}
	p := r.reread(aside)
	said := 0 // the words said aside beside the name ("- for my scrapbook")
	for _, w := range p.Unused(UnusedAside) {
		said += len(tokenize(w, false))
	}
	if len(p.Constraints.Names) != 1 || len(tokenize(aside, false)) != len(tokenize(p.Constraints.Names[0].Text, false))+said {
		return false
	}
	c := r.reread(asked).Constraints
	return len(c.Names)+len(c.Bodies) == 0 && !c.HasIDs()
}

// splitAside splits a question followed by a statement ("Is X an
// archive? I am sorting my list of places.") into the question and the
// statement said beside it. A second question is no aside (it may ask
// more of the same institution), nor are words before the question.
func splitAside(question string) (asked, aside string) {
	i := strings.Index(question, "?")
	if i < 0 {
		return question, ""
	}
	rest := strings.TrimSpace(question[i+1:])
	if rest == "" || strings.Contains(rest, "?") || len(strings.Fields(question[:i])) < 2 {
		return question, ""
	}
	return question[:i+1], rest
}

// route reads the question in phases (identifiers, the shape of the
// question, names, places, years, what is asked of a list), chooses its
// frame and plans its legs; it returns the plan and the scan read.
func (r *Router) route(question string) (Plan, *scan) {
	g := r.g
	plan := Plan{Question: question}
	s := newScan(question, r.lex)
	var c Constraints

	ids := g.readIDs(question, s, &c)
	postcodes(s, &c)
	readCoordinates(s, &c)
	readWrittenYears(s)
	g.correctWords(s)
	rd := &reading{ids: ids, idUsed: append([]bool(nil), s.used...)}
	g.readShape(s, &c, rd)
	g.readEntities(s, &c, rd)
	g.readMisspeltNames(s, &c, rd)
	neg := g.readPlaces(s, &c, rd)
	readYears(s, &c)
	readListConditions(s, &c, rd)
	r.readMembersAsked(s, &c, rd, neg)

	if len(c.Names)+len(c.Bodies) == 0 && idHolderAsked(s, rd) {
		// the identifier is what is had or belonged: its holder is asked
		c.Field, rd.rel = "", ""
	}
	intent, conf, frame := frameQuestion(&plan, s, &c, rd)
	intent, conf, frame = r.resolve(&plan, s, &c, intent, conf, frame)
	r.finishPlan(&plan, s, &c, intent, conf, frame)
	return plan, s
}

// reading is what route has read of a question's shape so far: the cues
// read before the names, which the later phases consult and revise.
type reading struct {
	ids    identifiers // the identifiers written in the question
	idUsed []bool      // the tokens used once identifiers, postcodes and written years are read

	share     bool     // a share of a set is asked ("What percentage of …")
	rel       string   // the relation a verb or cue names ("operated_by", "part_of", …)
	relEnd    int      // the token after the relation cue, or 0
	housesEnd int      // the token after a "houses" cue, or -1
	listQ     bool     // the question asks for a list
	exists    bool     // the question asks whether a set has members
	ord       *Order   // the order asked ("the oldest", "the three newest")
	grp       *Group   // the grouping asked ("per county", "which city has the most")
	nameHas   []string // words the names must have ("war in their name")
	plural    bool     // a plural type noun asks for a set
	listCue   bool     // listQ or plural, as read before the misspelt names
	noEntity  bool     // no name, body nor identifier was read before the misspelt names
}

// readIDs reads the identifiers written in the question (ISIL, QID,
// GHCID, GND, ROR) and the malformed ones into c, and marks their tokens
// used.
func (g *gazetteer) readIDs(question string, s *scan, c *Constraints) identifiers {
	ids := g.extractIDs(question)
	c.ISILs, c.QIDs, c.GHCIDs, c.GNDs, c.RORs = ids.isils, ids.qids, ids.ghcids, ids.gnds, ids.rors
	c.Malformed = s.lex.malformedIDs(question, ids.spans)
	for i, t := range s.toks {
		if overlaps(ids.spans, t.start, t.end) {
			s.used[i] = true
		}
	}
	return ids
}

// readShape reads the cues of the question's shape before any name: a
// share, a relation, "houses", a list or an existence question, the order
// and the grouping asked, and words the names must have.
func (g *gazetteer) readShape(s *scan, c *Constraints, rd *reading) {
	markOpenAlternatives(s)
	markEveryStatus(s)
	readRelationShape(s, rd)
	g.readListShape(s, c, rd)
	g.writtenSubjects(s, c)
	s.oneEntity = oneEntityShape(s, rd)
	readOrderAndGroup(s, rd)
	rd.nameHas = nameWords(s)
	if n := len(s.toks); n > 3 && isWhQuestion(s) && s.lex.strandedPrepositions[s.toks[n-1].norm] && !s.used[n-1] {
		// a preposition left at the end of a question is no word of
		// the name before it (a name and a stranded "in" is no longer
		// name ending in "in"), nor of one read again below
		s.mark(n-1, n)
		rd.idUsed[n-1] = true
	}
}

// markEveryStatus reads, and marks, a phrase of everyStatusPhrases in a
// question of a plural kind ("museums in Bath, open or closed"): the
// list holds the kind of every status, read before any rule takes its
// words for one status or for openings and closings. Of one institution
// the words ask which status it has.
func markEveryStatus(s *scan) {
	if !pluralType(s) {
		return
	}
	for _, p := range s.lex.everyStatusPhrases {
		if at := s.find(p); at >= 0 {
			s.mark(at, at+strings.Count(p, " ")+1)
			s.everyStatus = true
		}
	}
}

// oneEntityShape reports whether the question's shape asks about one
// institution: a relation or the parent of one, a yes/no question, two named, a field
// or history of one, or where to find one named institution.
func oneEntityShape(s *scan, rd *reading) bool {
	return (rd.rel != "" || parentQuestion(s)) && !rd.listQ || (yesNoShape(s) || s.yesNoInside) && !rd.exists || twoNamed(s) && !pluralType(s) ||
		!rd.listQ && !pluralType(s) && (fieldShape(s) || historyCue(s) >= 0 || describeShort(s)) ||
		whereCanI(s) && !pluralType(s) && !kindDescribed(s) && fieldShape(s) && s.field == "city"
}

// readRelationShape reads a yes/no question inside a request, a share,
// a relation and "houses".
func readRelationShape(s *scan, rd *reading) {
	// a yes/no question inside a request: its opener read before any
	// place or name can take its words
	s.yesNoInside = s.yesNoInside || embeddedYesNo(s)
	// so is a request's opener in the first person ("Mag ik …")
	markRequestOpener(s)
	// a share's cue first: Dutch "welk deel van" is no "part of"
	rd.share = shareAsked(s)
	rd.rel, rd.relEnd = relationCue(s)
	rd.housesEnd = housesCue(s)
	if rd.ids.any() && rd.rel == "part_of" {
		// a question for the institution an identifier belongs to asks
		// for the holder of the identifier, not for members of a group
		rd.rel = ""
	}
}

// readListShape reads whether the question asks for a list or whether a
// set has members.
func (g *gazetteer) readListShape(s *scan, c *Constraints, rd *reading) {
	rd.listQ = len(s.toks) > 0 && (s.lex.listStarts[s.toks[0].norm] || listStartAfterFronted(s) || kindAskedFirst(s)) && !whichFieldIs(s) ||
		s.hasAny(s.lex.listCues...) ||
		whereCanI(s)
	// an existence question with an indefinite article asks whether a
	// set has members, not about one institution of that name
	rd.exists = existenceOfType(s) || g.havePlace(s, c)
	rd.listQ = rd.listQ || rd.exists
	// a question for the organisation that runs one institution asks
	// for one organisation, not a list, unless it names kinds of institution
	if rd.listQ && !rd.exists && !pluralType(s) && s.hasAny(s.lex.organisationAsked...) {
		rd.listQ = false
	}
}

// kindAskedFirst reports a question word of kindQuestionWords first, right
// before a kind ("what museum in Cornwall …").
func kindAskedFirst(s *scan) bool {
	return len(s.toks) > 2 && s.lex.kindQuestionWords[s.toks[0].norm] && typeWordAt(s, 1)
}

// listStartAfterFronted reports a word that opens a list question
// ("which", "list") right after a phrase put first and closed by a
// clause sign, of up to maxFrontedPlace words and no question word ("In
// Gwynedd, which museum …").
func listStartAfterFronted(s *scan) bool {
	for k := 1; k < len(s.toks) && k <= maxFrontedPlace+1; k++ {
		if s.lex.whWords[s.toks[k-1].norm] {
			return false
		}
		if clauseSignBefore(s, k) {
			return s.lex.listStarts[s.toks[k].norm]
		}
	}
	return false
}

// readOrderAndGroup reads the order and the grouping asked: "the
// oldest", "the three newest", read before the names, so that no
// misspelt name takes them ("newest" is not "Newent").
func readOrderAndGroup(s *scan, rd *reading) {
	rd.ord = order(s)
	rd.grp = group(s)
	if rd.grp == nil {
		// a count or a superlative per kind of place ("per county", "in
		// each county")
		rd.grp = eachGroup(s)
	}
	if rd.grp == nil {
		// the subjects of a set (see setSubjects)
		rd.grp = setSubjects(s)
	}
}

// readYears reads the span of years the question names, or the one of a
// same-year cue, and inverts or negates a negated span; a second span is
// a condition left unread.
func readYears(s *scan, c *Constraints) {
	var yEnd int
	c.Years, yEnd = yearsFrom(s, 0)
	for from := 0; c.Years != nil; {
		at, end := eventVerbAround(s, from, yEnd)
		if at < 0 {
			break
		}
		// "renamed in 2010", "moved in 2015": years of an event no field
		// of the list holds, no opening; a condition the list leaves
		// out, and the next span is the question's
		s.unreadCues = append(s.unreadCues, s.original(min(at, end), max(at+1, end)))
		from = max(at+1, end)
		c.Years, yEnd = yearsFrom(s, from)
	}
	if c.Years == nil {
		c.Years = s.sameYears
	} else if at := negatedYears(s, yEnd); at >= 0 {
		// "not opened before 1900": opened in 1900 or later
		s.used[at] = true
		if !invertYears(c.Years) {
			// "not in the 1980s": the span has two rests; the members
			// must not have years inside it (see Constraints.Not)
			negate(c).Years = c.Years
			c.Years = nil
		}
	}
	if second, end := yearsFrom(s, yEnd); c.Years != nil && second != nil {
		// "opened in the 1970s and closed in the 1990s": one span of
		// years is read; the other is a condition the list leaves out
		at := end - 1
		for at > yEnd && !s.lex.openWords[s.toks[at].norm] && !s.lex.closeWords[s.toks[at].norm] {
			at--
		}
		s.unreadCues = append(s.unreadCues, s.original(at, end))
	}
}

// eventVerbAround returns the token of a verb of an event other than an
// opening or closing (eventVerbs: renamed, moved, umbenannt) nearest
// before the span of years that ends at token end, after token from and
// with no verb of opening or closing between, or one of the two tokens
// after the span ("2010 umbenannt"), and the span's end; -1 when there is
// none.
func eventVerbAround(s *scan, from, end int) (int, int) {
	for k := min(end, len(s.toks)) - 1; k >= from; k-- {
		t := s.toks[k].norm
		if s.lex.openWords[t] || s.lex.closeWords[t] {
			break // the years of an opening or closing
		}
		if s.lex.eventVerbs[t] {
			return k, end
		}
	}
	for k := end; k < len(s.toks) && k < end+2; k++ {
		if s.lex.eventVerbs[s.toks[k].norm] {
			return k, end
		}
	}
	return -1, end
}

// frameQuestion classifies the question and chooses its frame; it sets
// the plan's frame, test, pair, intent, scores and confidence and returns
// the intent, confidence and frame chosen.
func frameQuestion(plan *Plan, s *scan, c *Constraints, rd *reading) (Intent, float64, Frame) {
	intent, scores, conf := classify(s, c, rd.ids.any(), rd.listQ, rd.rel, rd.housesEnd)
	if len(c.Postcodes) > 0 && c.Field == "postcode" {
		// a reverse look-up: the postcode is given, the institution asked
		c.Field = ""
	}
	if len(c.Postcodes) > 0 && len(c.Names) == 0 && c.Field == "" {
		// a postcode, whole or its outward district
		c.List = true
		if intent == Factual || intent == Temporal {
			intent = Exploratory
		}
	}
	if at := negatedTopicIndex(s); at >= 0 {
		// "not about railways": the topic read is the one left out. A
		// part of a subject read as the whole ("not about coal mining")
		// would leave out too much: no rule leaves it out, and the list
		// of the rest is not exact.
		if len(c.Subjects) > 0 && len(c.Broader) == 0 {
			negate(c).Subjects = c.Subjects
			s.used[at] = true
		}
		c.DropSubjects()
	}
	frame, test, pair := frameOf(s, c, rd.ids.any(), intent, len(sides(*c)))
	if c.Similar {
		// those like a named institution: a list, its filters kept
		frame, test, pair, intent = FrameSimilar, nil, nil, Exploratory
		c.List, c.Field = true, ""
	}
	if (frame == FrameSet || frame == FrameCount) && len(c.Bodies) > 0 && c.Field == "" && allDomainKinds(c.TypeCodes, s.lex) {
		c.TypeCodes = nil // the members of every kind
	}
	if c.Group != nil && frame == FrameCount {
		// "the largest number of museums" ranks places by a count; it
		// does not ask for one
		frame = FrameSet
	}
	if len(c.Malformed) > 0 && !rd.ids.any() && len(c.Names) == 0 {
		frame, intent = FrameLookup, Factual
	}
	plan.Frame, plan.Test, plan.Pair = frame, test, pair
	if fi := frameIntent(frame, pair, test, intent); fi != intent {
		intent = fi
		conf = math.Max(conf, 0.5)
	}
	plan.Intent, plan.Scores, plan.Confidence = intent, scores, conf
	return intent, conf, frame
}

// allDomainKinds reports kinds that are the domain's kinds, every one.
func allDomainKinds(codes []string, lex *Lexicon) bool {
	if len(codes) != len(lex.domainKinds) {
		return false
	}
	for _, code := range lex.domainKinds {
		if !slices.Contains(codes, code) {
			return false
		}
	}
	return true
}

// finishPlan keeps the constraints the intent uses, sets the plan's
// constraints, sides, unknown and unread words, and plans its legs.
func (r *Router) finishPlan(plan *Plan, s *scan, c *Constraints, intent Intent, conf float64, frame Frame) {
	keepUsedConstraints(s, c, intent, frame)
	plan.Constraints = *c
	if intent == Comparative || frame == FrameMore {
		plan.Sides = sides(*c)
	}
	setUnusedWords(plan, s, c)
	if (frame == FrameSet || frame == FrameCount) && c.List && c.Relation == "" && !c.NearPlace && !c.Similar && c.Selective() {
		// a list selects by its conditions, not by a name (unless it
		// lies near or is like the one named): a name read in it is a
		// word the list does not hold to
		unread := plan.Unused(UnusedUnread)
		for _, n := range c.Names {
			unread = append(unread, n.Text)
		}
		plan.SetUnused(UnusedUnread, unread...)
	}
	if w := r.g.unreadPlaceWord(s, c); w != "" {
		// a list of no place beside a place's name no reader took is
		// no exact list
		plan.SetUnused(UnusedUnread, append(plan.Unused(UnusedUnread), w)...)
	}
	if plan.UnusedPhrase(UnusedName) == "" {
		plan.SetUnused(UnusedName, r.g.longerName(s, c))
	}
	plan.Unstated = s.unstated
	pairOfOneNamed(plan, s, c, frame)
	if len(plan.Unused(UnusedUnknown)) > 0 && len(c.Names)+len(c.Bodies) == 0 && !c.HasIDs() {
		plan.NamedBy = r.g.namedBy(plan.Unused(UnusedUnknown))
		if c.List && len(c.Places)+len(c.Postcodes) == 0 && plan.Frame != FramePair {
			plan.SetUnused(UnusedPlace, unknownPlace(s, unknownMask(s)))
		}
	}
	if c.Share {
		plan.Whole = wholeOf(s, *c)
	}
	if (frame == FrameRanking || frame == FrameCount || frame == FrameSet) && len(plan.Unused(UnusedUnknown)) > 0 && offTopic(*c) && len(plan.NamedBy) == 0 {
		plan.Frame = FrameOffTopic
	}
	plan.Exists = plan.Frame == FrameSet && c.List && existenceAsked(s)
	plan.Legs = r.legs(intent, conf, *c, plan.UnusedPhrase(UnusedName) != "")
	plan.Fusion = r.fusion.Intents[intent].Fusion()
}

// keepUsedConstraints keeps the constraints the intent uses and sets the
// status asked: single-entity questions keep only the entity, filters
// being for lists.
func keepUsedConstraints(s *scan, c *Constraints, intent Intent, frame Frame) {
	if !c.List && len(c.Names) > 0 && intent != Comparative {
		c.TypeCodes, c.Sizes, c.GovernanceCodes, c.Accreditation = nil, nil, nil, ""
	}
	if !c.List && intent == Factual {
		c.Years = nil
	}
	if c.Years != nil && intent == Factual {
		c.Years = nil
	}
	if frame == FrameSet && len(c.Bodies) > 0 {
		// the members of a body are a list, whatever the words: one
		// status policy for every wording of it
		c.List = true
	}
	c.Status, c.StatusByTense = status(s, c, intent, frame)
	if c.Change {
		c.Status, c.StatusByTense = "", false // openings and closings both
	}
}

// setUnusedWords sets the words of the question the plan does not use:
// unknown, dropped and unread words, and an unknown name.
func setUnusedWords(plan *Plan, s *scan, c *Constraints) {
	unknown, dropped := unknownWords(s)
	plan.SetUnused(UnusedUnknown, unknown...)
	plan.SetUnused(UnusedDropped, dropped...)
	unread := append(append(s.lex.unread(s, plan.Unused(UnusedUnknown)), qualities(s, c.Years != nil)...), danglingAnaphora(s, c)...)
	unread = append(unread, unappliedConditions(s, c)...)
	plan.SetUnused(UnusedUnread, outermost(append(unread, unappliedExcept(s, c)...))...)
	plan.SetUnused(UnusedName, unknownName(s, unknownMask(s)))
	plan.SetUnused(UnusedAside, askerWorkWords(s)...)
	plan.Unstated = s.unstated
}

// askerWorkWords returns the runs of the asker's work (askerWork) that
// hold a word no table knows: said, not used.
func askerWorkWords(s *scan) []string {
	work := askerWork(s)
	var out []string
	for k := 0; k < len(work); k++ {
		if !work[k] {
			continue
		}
		j := k
		unknown := false
		for ; j < len(work) && work[j]; j++ {
			unknown = unknown || !s.lex.knownWords[s.toks[j].norm]
		}
		if unknown {
			out = append(out, s.original(k, j))
		}
		k = j
	}
	return out
}

// unappliedConditions returns the words of accreditation, size or
// governance in a question for a list that no reader applied ("… are
// accredited and independent" had read the first only): the list does
// not hold to them.
func unappliedConditions(s *scan, c *Constraints) []string {
	if !c.List {
		return nil
	}
	var out []string
	for i, t := range s.toks {
		if !s.used[i] && !s.lex.negations[t.norm] && !s.lex.negationWords[t.norm] && s.predicateWord(i) {
			out = append(out, s.original(i, i+1))
		}
	}
	return out
}

// unappliedExcept returns the words from a cue of leaving out (except,
// apart from, außer) to the end of its clause, in a question for a list
// where no reader applied the cue ("except the Roman Baths" read as a
// subject): the list does not leave that out.
func unappliedExcept(s *scan, c *Constraints) []string {
	if !c.List || c.Negates() || len(c.Except) > 0 {
		return nil
	}
	i, _ := exceptCue(s, true)
	if i < 0 {
		return nil
	}
	j := i + 1
	for j < len(s.toks) && !s.breakBefore(j) {
		j++
	}
	return []string{s.original(i, j)}
}

// danglingAnaphora returns a word that refers back ("it", "es", "het")
// in a question for a list that names nothing it could refer to: the
// list is not the one asked for.
func danglingAnaphora(s *scan, c *Constraints) []string {
	if !c.List || len(c.Names)+len(c.Bodies)+len(c.Places)+len(c.Postcodes) > 0 || c.HasIDs() {
		return nil
	}
	for i, t := range s.toks {
		if s.lex.nameAnaphora[t.norm] && !s.used[i] {
			return []string{s.original(i, i+1)}
		}
	}
	return nil
}

// pairOfOneNamed keeps a comparison of which the data holds one side as
// an institution, the other as an organisation or not at all, a
// comparison, and the answer says why it cannot compare; it is no list
// of the organisation's members, nor a field of the one institution.
func pairOfOneNamed(plan *Plan, s *scan, c *Constraints, frame Frame) {
	if frame != FramePair && len(c.Names) == 1 && len(sides(*c)) < 2 && twoNamed(s) && !pluralType(s) &&
		(len(c.Bodies) == 1 || plan.UnusedPhrase(UnusedName) != "") {
		p, ok := pairCue(s)
		if !ok {
			// "Compare the Ashmolean Museum and the Fitzwilliam Museum"
			p, ok = Pair{Attribute: "profile"}, true
		}
		p.YesNo = p.Attribute != "profile" && yesNoStart(s) && !isWhQuestion(s) && !offersChoice(s)
		plan.Frame, plan.Pair, plan.Intent = FramePair, &p, Comparative
		plan.Constraints.List, plan.Constraints.Field = false, ""
	}
}

// WordsLanguage is the language of the lexicon's rows that the words of a
// question routed to plan stand in, outside its names, places and
// identifiers, when one language has more of them than each other; else
// "". The pipeline asks it of a question whose function words show no
// language ("Deutsches Museum Eröffnungsjahr").
func (r *Router) WordsLanguage(plan Plan) locale.Lang {
	return wordsLanguage(newScan(withoutNames(plan.Question, plan.Constraints), r.lex))
}
