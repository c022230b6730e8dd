package gen

import (
	"fmt"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
)

// pairs offers up to quota×20 random pairs from pool to mk until quota
// questions were added.
func (b *qbuilder) pairs(quota int, pool []*heritage.Institution, mk func(a, c *heritage.Institution) (draft, bool)) {
	if len(pool) < 2 {
		return
	}
	b.attempt(quota, quota*20, func() (draft, bool) {
		a, c := pick(b.r, pool), pick(b.r, pool)
		if a == c {
			return draft{}, false
		}
		return mk(a, c)
	})
}

func exactOpened(in *heritage.Institution) (int, bool) {
	from, to, ok := in.Opened()
	return from, ok && from == to
}

func pairDraft(name string, a, c *heritage.Institution, ps para, answer, rule string) draft {
	return draft{
		frame: name, intent: plan.Comparative, paras: ps, vars: []string{"{a}", a.Name, "{b}", c.Name},
		expected: []string{a.ID, c.ID}, answer: answer,
		notes: fmt.Sprintf("Rule: %s (%s, %s); pairs with equal or unknown values are not asked.", rule, a.ID, c.ID),
	}
}

func pairOpenedFirst(b *qbuilder, quota int) {
	ps := para{
		LangEN: {"Which opened first, {a} or {b}?", "Which is older, {a} or {b}?", "Did {a} or {b} open earlier?", "{a} vs {b}: which opened first?"},
		LangNL: {"Welke ging eerder open, {a} of {b}?", "Wat is ouder, {a} of {b}?"},
		LangDE: {"Was wurde früher eröffnet, {a} oder {b}?", "Was ist älter, {a} oder {b}?"},
	}
	pool := b.where(func(in *heritage.Institution) bool { _, ok := exactOpened(in); return ok && b.x.unique(in) })
	b.pairs(quota, pool, func(a, c *heritage.Institution) (draft, bool) {
		ya, _ := exactOpened(a)
		yc, _ := exactOpened(c)
		if ya == yc {
			return draft{}, false
		}
		win := a
		if yc < ya {
			win = c
		}
		return pairDraft("pair_opened_first", a, c, ps, win.Name, fmt.Sprintf("opening years %d and %d; answer = the earlier", ya, yc)), true
	})
}

func pairOlder(b *qbuilder, quota int) {
	ps := para{
		LangEN: {"Is {a} older than {b}?", "Did {a} open before {b}?", "Was {a} opened earlier than {b}?", "Is {a} older than {b} or not?"},
		LangNL: {"Is {a} ouder dan {b}?", "Ging {a} eerder open dan {b}?"},
		LangDE: {"Ist {a} älter als {b}?", "Wurde {a} vor {b} eröffnet?"},
	}
	pool := b.where(func(in *heritage.Institution) bool { _, ok := exactOpened(in); return ok && b.x.unique(in) })
	b.pairs(quota, pool, func(a, c *heritage.Institution) (draft, bool) {
		ya, _ := exactOpened(a)
		yc, _ := exactOpened(c)
		if ya == yc {
			return draft{}, false
		}
		return pairDraft("pair_older", a, c, ps, yesno(ya < yc), fmt.Sprintf("opening years %d and %d; yes when the first is earlier", ya, yc)), true
	})
}

func pairBigger(b *qbuilder, quota int) {
	ps := para{
		LangEN: {"Which is bigger, {a} or {b}?", "Which is the larger museum, {a} or {b}?", "Is {a} or {b} bigger?", "{a} or {b} - which one is larger?"},
		LangNL: {"Welke is groter, {a} of {b}?", "Wat is het grootste museum, {a} of {b}?"},
		LangDE: {"Was ist größer, {a} oder {b}?", "Welches Museum ist größer, {a} oder {b}?"},
	}
	pool := b.where(func(in *heritage.Institution) bool { return sizeRank(in.Size()) > 0 && b.x.unique(in) })
	b.pairs(quota, pool, func(a, c *heritage.Institution) (draft, bool) {
		ra, rc := sizeRank(a.Size()), sizeRank(c.Size())
		if ra == rc {
			return draft{}, false
		}
		win := a
		if rc > ra {
			win = c
		}
		return pairDraft("pair_bigger", a, c, ps, win.Name, fmt.Sprintf("sizes %s and %s (small<medium<large<huge); answer = the bigger", a.Size(), c.Size())), true
	})
}
