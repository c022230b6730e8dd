package linking

// column holds one string a record, derived from the record (its
// normalised town, its postcode), as a number in a table of the distinct
// values: 4 bytes a record instead of a 16-byte string header, and each
// value once. The records repeat their towns and postcodes.
type column struct {
	of   []uint32 // by record: the number of its value in list
	list []string // the distinct values, "" first
}

// newColumn returns a column of n records, each "", whose values set
// derives from a record's raw value (each distinct raw value derived
// once).
func newColumn(n int) *column {
	return &column{of: make([]uint32, n), list: []string{""}}
}

// filler returns the function that sets record i's value to derive(raw),
// deriving each distinct raw value once.
func (c *column) filler(derive func(string) string) func(i int, raw string) {
	byRaw := map[string]uint32{}
	byValue := map[string]uint32{"": 0}
	return func(i int, raw string) {
		k, ok := byRaw[raw]
		if !ok {
			v := derive(raw)
			if k, ok = byValue[v]; !ok {
				k = uint32(len(c.list))
				c.list = append(c.list, v)
				byValue[v] = k
			}
			byRaw[raw] = k
		}
		c.of[i] = k
	}
}

// at returns record i's value.
func (c *column) at(i int32) string { return c.list[c.of[i]] }
