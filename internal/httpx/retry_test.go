package httpx

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tc := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"", 0, false},
		{"soon", 0, false},
		{"-3", 0, false},
		{" 5 ", 5 * time.Second, true},
		{"0", 0, true},
		{"99999999999999", (1 << 31) * time.Second, true},
		{now.Add(10 * time.Second).Format(http.TimeFormat), 10 * time.Second, true},
		{now.Add(-time.Hour).Format(http.TimeFormat), 0, true},
		{"Friday, 02-Jan-26 03:04:15 GMT", 10 * time.Second, true},
	} {
		d, ok := RetryAfter(tc.in, now)
		require.Equal(t, tc.ok, ok, tc.in)
		require.Equal(t, tc.want, d, tc.in)
	}
}

func TestBackoffBounds(t *testing.T) {
	for n := range 12 {
		d := Backoff(100*time.Millisecond, 2*time.Second, n)
		want := min(100*time.Millisecond<<n, 2*time.Second)
		require.GreaterOrEqual(t, d, want/2, n)
		require.LessOrEqual(t, d, want, n)
	}
	require.Zero(t, Backoff(0, time.Second, 3))
}

func TestSleepEndsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	require.ErrorIs(t, Sleep(ctx, time.Hour), context.Canceled)
	require.NoError(t, Sleep(context.Background(), time.Millisecond))
	require.NoError(t, Sleep(context.Background(), 0))
}
