package fusion

import (
	"testing"

	"github.com/hybridrag/hybridrag/internal/clone"
)

func TestCloneCopiesEveryField(t *testing.T) { clone.Check(t, Fused.Clone) }
