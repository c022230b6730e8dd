package names

// csr is a list of int32 lists in one array ("compressed sparse rows").
type csr struct {
	off []uint32 // list k is ids[off[k]:off[k+1]]
	ids []int32
}

// at is list k; appending to it never writes into the next list.
func (c *csr) at(k int) []int32 { return c.ids[c.off[k]:c.off[k+1]:c.off[k+1]] }

// newCSR flattens lists.
func newCSR(lists [][]int32) csr {
	n := 0
	for _, l := range lists {
		n += len(l)
	}
	c := csr{off: make([]uint32, 1, len(lists)+1), ids: make([]int32, 0, n)}
	for _, l := range lists {
		c.ids = append(c.ids, l...)
		c.off = append(c.off, uint32(len(c.ids)))
	}
	return c
}
