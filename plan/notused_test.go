package plan

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNotUsedKeepsOneEntryPerKindInOrder(t *testing.T) {
	var p Plan
	require.Nil(t, p.Unused(UnusedUnknown))
	require.Empty(t, p.UnusedPhrase(UnusedName))

	p.SetUnused(UnusedName, "Museum of Lost Umbrellas")
	p.SetUnused(UnusedUnread, "free")
	p.SetUnused(UnusedUnknown, "lost", "umbrellas", "free")
	p.SetUnused(UnusedDropped)   // none: no entry
	p.SetUnused(UnusedPlace, "") // an empty phrase: no entry
	require.Equal(t, NotUsedList{
		{Kind: UnusedUnknown, Words: []string{"lost", "umbrellas", "free"}},
		{Kind: UnusedUnread, Words: []string{"free"}},
		{Kind: UnusedName, Words: []string{"Museum of Lost Umbrellas"}},
	}, p.NotUsed)
	require.Equal(t, []string{"free"}, p.Unused(UnusedUnread))
	require.Equal(t, "Museum of Lost Umbrellas", p.UnusedPhrase(UnusedName))

	p.SetUnused(UnusedUnread, "dogs") // replaces
	p.SetUnused(UnusedName)           // removes
	require.Equal(t, []string{"dogs"}, p.Unused(UnusedUnread))
	require.Len(t, p.NotUsed, 2)

	b, err := json.Marshal(p.NotUsed)
	require.NoError(t, err)
	require.JSONEq(t, `[{"kind":"unknown","words":["lost","umbrellas","free"]},{"kind":"unread","words":["dogs"]}]`, string(b))

	c := p.Clone()
	c.NotUsed[0].Words[0] = "changed"
	require.Equal(t, "lost", p.NotUsed[0].Words[0], "a clone shares no words")
}
