package router

import "strings"

// The table subject.narrower (Lexicon.narrowerLabels) holds the words of
// the subject lexicon that name only a part of the subject they are read
// as: the data records "Mining and quarrying", not coal; "Fine and
// decorative arts", not painting; "Rugby and football", not football
// alone. A set read through one of them may hold institutions of the
// subject's other parts, so its answer is not exact (see
// Constraints.Broader). Each must be a label of the lexicon
// (TestNarrowerLabelsAreLexiconLabels). Words for the whole of a subject,
// or for what every institution of it holds ("railway" for Trains and
// railways), are not there.

// narrowerKey reports whether a stemmed lexicon phrase is one of the
// narrower labels.
func (lex *Lexicon) narrowerKey(k string) bool { return lex.narrowerKeys[strings.TrimSpace(k)] }
