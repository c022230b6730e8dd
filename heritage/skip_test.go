package heritage

import "testing"

// skipUnderRace skips a test with no concurrency of its own when the race
// detector is on, as testfixture.SkipUnderRace does (which this package's
// tests cannot import): scripts/test.sh runs every package without the
// detector as well.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("no concurrency of its own: runs without the race detector (scripts/test.sh runs every package so)")
	}
}
