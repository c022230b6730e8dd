package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGCPercentBoundsTheGrowth(t *testing.T) {
	for _, c := range []struct {
		live uint64
		want int
	}{
		{0, 100},
		{100 << 20, 100}, // small heaps keep the default
		{256 << 20, 100}, // growth 256 MiB
		{512 << 20, 50},  // growth 256 MiB
		{1 << 30, 25},    // growth 256 MiB
		{2560 << 20, 10}, // growth 256 MiB, a tenth
		{10 << 30, 10},   // never less than a tenth
	} {
		assert.Equal(t, c.want, gcPercent(c.live), "live %d MiB", c.live>>20)
	}
}
