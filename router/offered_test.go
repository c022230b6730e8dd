package router

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A kind offered after a field's cue and a preposition ("the category of
// an archive") is checked, not a choice; a phrase of politeness ("be
// kind enough to") carries no kind.
func TestKindOfferedAfterAFieldCue(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Does Gaswerk Neustadt (Dosse) fall into the category of an archive?",
		"Would you say Gaswerk Neustadt (Dosse) falls into the category of a museum?",
		"Would you be kind enough to check whether Birmingham Museum Of Science & Industry is part of Weardale?",
	} {
		require.Equal(t, FrameYesNo, r.Route(q).Frame, q)
	}
}
