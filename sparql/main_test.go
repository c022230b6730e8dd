package sparql

import (
	"testing"

	"go.uber.org/goleak"
)

// ttlCleaner is the expirable LRU's clean-up goroutine behind cache.TTL,
// which golang-lru v2 never stops.
const ttlCleaner = "github.com/hashicorp/golang-lru/v2/expirable.NewLRU[...].func1"

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.IgnoreCurrent(), goleak.IgnoreTopFunction(ttlCleaner))
}
