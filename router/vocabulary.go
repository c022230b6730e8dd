package router

import (
	"iter"
	"maps"
	"strings"
)

// buildKnownWords fills knownWords, the words the rules understand:
// question words, cue phrases, type, governance, size and status words. A
// free word outside them (and outside names, places and subjects, which
// consume their words) is a word the router did not understand. It fills
// fillerSet from fillerWords too.
func (lex *Lexicon) buildKnownWords() {
	lex.knownWords = map[string]bool{}
	add := func(phrases ...string) {
		for _, p := range phrases {
			for _, w := range strings.Fields(p) {
				lex.knownWords[w] = true
			}
		}
	}
	addKeys := func(phrases iter.Seq[string]) {
		for p := range phrases {
			add(p)
		}
	}
	addKeys(maps.Keys(lex.commonWords))
	addKeys(maps.Keys(lex.plainNouns))
	addKeys(maps.Keys(lex.typeWords))
	addKeys(maps.Keys(lex.listStarts))
	addKeys(maps.Keys(lex.locatives))
	addKeys(maps.Keys(lex.negations))
	addKeys(maps.Keys(lex.governancePhrases))
	addKeys(maps.Keys(lex.accreditationWords))
	addKeys(maps.Keys(lex.sizeWords))
	addKeys(maps.Keys(lex.closeWords))
	addKeys(maps.Keys(lex.openWords))
	addKeys(maps.Keys(lex.yesNoStarts))
	addKeys(maps.Keys(lex.sayVerbs))
	addKeys(maps.Keys(lex.askVerbs))
	addKeys(maps.Keys(lex.remarkSubjects))
	addKeys(maps.Keys(lex.reasonConjunctions))
	add(lex.askerWork...)
	add(lex.askerPurposes...)
	addKeys(maps.Keys(lex.kindQuestionWords))
	addKeys(maps.Keys(lex.whetherWords))
	add(lex.everyStatusPhrases...)
	addKeys(maps.Keys(lex.personWords))
	addKeys(maps.Keys(lex.coordinators))
	add(lex.tagQuestions...)
	add(lex.knowTags...)
	add(lex.declineTails...)
	addKeys(maps.Keys(lex.pairCues))
	addKeys(maps.Keys(lex.superlatives))
	addKeys(maps.Keys(lex.ordinalEnds))
	addKeys(maps.Keys(lex.recentWords))
	addKeys(maps.Keys(lex.groupLevels))
	addKeys(maps.Keys(lex.fewestCues))
	addKeys(maps.Keys(lex.ordinals))
	add(lex.exceptCues...)
	addKeys(maps.Keys(lex.moreCues))
	addKeys(maps.Keys(lex.fewerCues))
	addKeys(maps.Keys(lex.statusWords))
	addKeys(maps.Keys(lex.operateVerbs))
	add(lex.partOfCues...)
	add(lex.operatedByCues...)
	add(lex.housesCues...)
	add(lex.whenWords...)
	add(lex.countCues...)
	add(lex.compareCues...)
	add(lex.collectionCues...)
	for _, fc := range lex.fieldCues {
		// the words of a field the data does not record are read only
		// where the phrase stands (see markFieldCue): "Telephone" in
		// "Guernsey Telephone Musemu" is part of a name to read
		if !lex.unrecordedFields[fc.field] {
			add(fc.phrase)
		}
	}
	addKeys(maps.Keys(lex.fieldParts))
	add(lex.placeWhere...)
	add(lex.similarCues...)
	add(lex.similarAfterCues...)
	addKeys(maps.Keys(lex.distributives))
	addKeys(maps.Keys(lex.politeModals))
	add(lex.postcodeCues...)
	add(lex.knowAfterDo...)
	add(lex.idNouns...)
	add(lex.childrenWords...)
	add(lex.fillerWords...)
	addKeys(maps.Keys(lex.requestWords))
	addKeys(maps.Keys(lex.openingTimes))
	lex.fillerSet = make(map[string]bool, len(lex.fillerWords))
	for _, w := range lex.fillerWords {
		lex.fillerSet[w] = true
	}
}

// unknownWords are the free words of the question that no rule explains:
// an unknown topic ("whisky"), a place the data does not hold, a name not
// in the data, or an off-topic request ("weather").
// Adjacent unknown words are one phrase ("Zentralbibliothek
// Fantasiestadt").
//
// dropped are the phrases among them that stand where a constraint would
// ("sushi museums", "collections about karaoke", "in Bayern"): the answer
// ignores a constraint there and must not call itself exact.
func unknownWords(s *scan) (unknown, dropped []string) {
	start, last := -1, -1
	flush := func() {
		if start >= 0 {
			ph := s.original(start, last+1)
			unknown = append(unknown, ph)
			if constraintSlot(s, start, last+1) {
				dropped = append(dropped, ph)
			}
		}
		start = -1
	}
	mask := unknownMask(s)
	for i := range s.toks {
		if !mask[i] {
			continue
		}
		if start >= 0 && last != i-1 {
			flush()
		}
		if start < 0 {
			start = i
		}
		last = i
	}
	flush()
	return unknown, dropped
}

// unread returns the unknown phrases that hold a word of three letters or
// more that is no misspelling of a known word: "free", "Quakers", not
// "viit" (visit) or "Engkish". A word of the word list of the language
// the question's words stand in (all the lists when that is not told) is
// a word in its own right, however near a known one ("lace", not a typo
// of place).
func (lex *Lexicon) unread(s *scan, unknown []string) []string {
	dict := lex.dictionaryWords
	if lang := wordsLanguage(s); lang != "" {
		dict = lex.dictionaryOf[string(lang)]
	}
	var out []string
	for _, ph := range unknown {
		for _, w := range strings.Fields(normalize(ph)) {
			if len(w) >= 3 && (dict[w] || !lex.nearAnyKnown(w)) {
				out = append(out, ph)
				break
			}
		}
	}
	return out
}

// nearAnyKnown reports a word one edit from a known word of five letters
// or more, or of four letters one letter short of a known word of five
// ("viit" for visit): a four-letter word has too many neighbours ("cafe",
// "care") to be read as a typo of any of them.
func (lex *Lexicon) nearAnyKnown(w string) bool {
	if len(w) != 4 {
		return lex.nearKnownOf(w, 5)
	}
	for k := range lex.knownWords {
		if len(k) == 5 && osa(k, w, 1) <= 1 {
			return true
		}
	}
	return false
}

// nearKnown reports a misspelt function or cue word ("shojld", "regin"):
// one edit from a known word of five letters or more.
func (lex *Lexicon) nearKnown(w string) bool { return lex.nearKnownOf(w, 5) }

// nearKnownOf reports a word of at least minLen letters one edit from a
// known word of at least minLen letters.
func (lex *Lexicon) nearKnownOf(w string, minLen int) bool {
	if len(w) < minLen {
		return false
	}
	for k := range lex.knownWords {
		if len(k) >= minLen && abs(len(k)-len(w)) <= 1 && osa(k, w, 1) <= 1 {
			return true
		}
	}
	return false
}

// constraintSlot reports whether the unknown phrase [i, j) stands where
// a constraint would: before a type noun, after a topic preposition, or a
// capitalised word after a locative (an unknown place).
func constraintSlot(s *scan, i, j int) bool {
	// before the type noun, or before words no rule read that lead to it
	// ("perfume bottle museums")
	for k := j; k < len(s.toks) && k < j+3; k++ {
		if strings.TrimSpace(s.text[s.toks[k-1].end:s.toks[k].start]) != "" {
			break // "next week, what museums …"
		}
		if code := s.lex.typeWords[s.toks[k].norm]; code != "" {
			return true
		}
		if s.used[k] || s.lex.nameStop[s.toks[k].norm] || s.lex.fillerSet[s.toks[k].norm] {
			break
		}
	}
	if i > 0 {
		prev := s.toks[i-1].norm
		if s.lex.topicPreps[prev] || s.lex.topicOfWords[prev] && i > 1 && s.lex.typeWords[s.toks[i-2].norm] != "" {
			return true
		}
		// a topic preposition, then a word no rule read ("zum Them X"),
		// or articles ("dedicated to the X")
		k := i - 1
		for k > 0 && i-k <= 2 && (s.lex.nameStop[s.toks[k].norm] || s.lex.topicParticles[s.toks[k].norm]) {
			k--
		}
		if k < i-1 && s.lex.topicPreps[s.toks[k].norm] {
			return true
		}
		if i > 1 && s.lex.topicPreps[s.toks[i-2].norm] && !s.used[i-1] && !s.lex.nameStop[prev] {
			return true
		}
		if s.lex.locatives[prev] && s.toks[i].upper && !s.lex.notPlaceLocatives[prev] {
			return true
		}
	}
	return false
}

// isNumeric accepts digits and decades ("1980s").
func (lex *Lexicon) isNumeric(w string) bool {
	return lex.isNumber(w) || len(w) == 5 && w[4] == 's' && lex.isNumber(w[:4])
}
