package names

// strtab is a set of distinct strings numbered 0…n−1 in the order given,
// kept as one string and offsets with an open-addressing hash table of the
// numbers. For the short strings of a name index it takes a fraction of
// the memory of a map[string]int32 and of a []string.
type strtab struct {
	blob  string
	off   []uint32 // string k is blob[off[k]:off[k+1]]
	slots []int32  // 1 + a string's number; 0 is empty. A power of two long
}

// newStrtab numbers ss. A repeated string keeps its first number.
func newStrtab(ss []string) strtab {
	n := 0
	for _, s := range ss {
		n += len(s)
	}
	if uint64(n) > 1<<32-1 {
		panic("names: more than 4 GB of strings in one table")
	}
	blob := make([]byte, 0, n)
	t := strtab{off: make([]uint32, 1, len(ss)+1)}
	for _, s := range ss {
		blob = append(blob, s...)
		t.off = append(t.off, uint32(len(blob)))
	}
	t.blob = string(blob)
	size := 1
	for size < len(ss)+len(ss)/2+1 {
		size *= 2
	}
	t.slots = make([]int32, size)
	mask := uint64(size - 1)
	for k, s := range ss {
		i := hashString(s) & mask
		for ; t.slots[i] != 0; i = (i + 1) & mask {
			if t.at(t.slots[i]-1) == s {
				break
			}
		}
		if t.slots[i] == 0 {
			t.slots[i] = int32(k) + 1
		}
	}
	return t
}

// len is the number of strings.
func (t *strtab) len() int { return len(t.off) - 1 }

// at is string k.
func (t *strtab) at(k int32) string { return t.blob[t.off[k]:t.off[k+1]] }

// find returns the number of s.
func (t *strtab) find(s string) (int32, bool) {
	if len(t.slots) == 0 {
		return -1, false
	}
	mask := uint64(len(t.slots) - 1)
	for i := hashString(s) & mask; t.slots[i] != 0; i = (i + 1) & mask {
		if k := t.slots[i] - 1; t.at(k) == s {
			return k, true
		}
	}
	return -1, false
}

// hashString is 64-bit FNV-1a with its high bits folded into the low
// ones, which index the table. It has no random seed: an index read from
// its file has the very tables of the one built.
func hashString(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h ^ h>>32
}

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
