package cache

import (
	"testing"

	"go.uber.org/goleak"
)

// ttlCleaner is the expirable LRU's clean-up goroutine, which golang-lru v2
// never stops (see TTL). Other packages that check for leaks with goleak
// and hold a TTL cache ignore it the same way.
const ttlCleaner = "github.com/hashicorp/golang-lru/v2/expirable.NewLRU[...].func1"

func TestMain(m *testing.M) {
	// IgnoreCurrent skips goroutines that imported packages start in init.
	goleak.VerifyTestMain(m, goleak.IgnoreCurrent(), goleak.IgnoreTopFunction(ttlCleaner))
}
