package router

// places finds place phrases with their qualifiers among the free tokens.
func (g *gazetteer) findPlaces(s *scan, c *Constraints) {
	for i := 0; i < len(s.toks); i++ {
		if s.used[i] {
			continue
		}
		if n := prefixQualifierAt(s, i); n > 0 {
			i += n - 1 // the place follows its qualifier
			continue
		}
		max := g.placeMax
		if n := len(s.toks) - i; n < max {
			max = n
		}
		for L := max; L >= 1; L-- {
			if !s.free(i, i+L) {
				continue
			}
			k := s.key(i, i+L)
			cands, ok := g.places[k]
			if !ok {
				continue
			}
			prevWord, _ := s.prev(i)
			t := s.toks[i]
			if L == 1 {
				loc := locatives[prevWord]
				if !t.upper && (!loc || commonWords[k]) {
					continue
				}
				if commonWords[k] && !loc {
					continue
				}
				if len(k) < 3 {
					continue
				}
			}
			level, qs, qe := qualifierAround(s, i, i+L)
			p, ok := choosePlace(cands, level)
			if !ok {
				continue
			}
			p.Text = s.original(qs, qe)
			c.Places = append(c.Places, p)
			s.mark(qs, qe)
			if n, ok := s.endsAt(qs, "or near"); ok {
				c.NearPlace = true
				s.mark(qs-n, qs)
			} else if s.hasAny("or near", "of bij", "oder bei", "in der nahe", "in de buurt", "nearby", "around") {
				c.NearPlace = true
			}
			i = qe - 1
			break
		}
	}
}

func prefixQualifierAt(s *scan, i int) int {
	for _, q := range prefixQualifiers {
		if n, ok := s.matchAt(i, q.words); ok {
			return n
		}
	}
	return 0
}

// qualifierAround reads an admin-level qualifier before or after the place
// tokens [i, j) and returns the level and the widened span.
func qualifierAround(s *scan, i, j int) (level string, qs, qe int) {
	qs, qe = i, j
	for _, q := range suffixQualifiers {
		if n, ok := s.matchAt(j, q.words); ok {
			level, qe = q.level, j+n
			break
		}
	}
	for _, q := range prefixQualifiers {
		if n, ok := s.endsAt(i, q.words); ok {
			if level == "" {
				level = q.level
			}
			qs = i - n
			break
		}
	}
	return level, qs, qe
}

// choosePlace picks the reading of a place phrase: the asked level when a
// qualifier names one, else the administrative county or UA, then a nation,
// a country, a town, an English region, a district.
func choosePlace(cands []placeCand, level string) (Place, bool) {
	find := func(pred func(placeCand) bool) (Place, bool) {
		best, bc := Place{}, -1
		for _, c := range cands {
			if pred(c) && c.count > bc {
				best, bc = c.place, c.count
			}
		}
		return best, bc >= 0
	}
	if level != "" {
		if p, ok := find(func(c placeCand) bool { return c.place.AdminLevel == level }); ok {
			return p, true
		}
	}
	for _, l := range unqualifiedOrder {
		if p, ok := find(func(c placeCand) bool { return c.place.AdminLevel == l }); ok {
			return p, true
		}
	}
	isNation := func(c placeCand) bool {
		if c.place.Level != LevelRegion {
			return false
		}
		for _, n := range nationNames {
			if n == c.place.Name {
				return true
			}
		}
		return false
	}
	steps := []func(placeCand) bool{
		isNation,
		func(c placeCand) bool { return c.place.Level == LevelCountry },
		func(c placeCand) bool { return c.place.Level == LevelCity && !c.inferred },
		func(c placeCand) bool { return c.place.AdminLevel == "English Region" },
		func(c placeCand) bool { return c.place.Level == LevelCity && c.count >= 2 },
		func(c placeCand) bool { return c.place.AdminLevel == "English District or Borough" },
		func(c placeCand) bool { return c.place.Level == LevelRegion },
		func(c placeCand) bool { return c.place.Level == LevelCity },
		func(c placeCand) bool { return true },
	}
	for _, st := range steps {
		if p, ok := find(st); ok {
			return p, true
		}
	}
	return Place{}, false
}
