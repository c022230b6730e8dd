package router

import (
	"fmt"
	"testing"
)

func TestZZDebug(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Ik ga binnenkort naar Devon; hoeveel grote musea zijn daar eigenlijk?", "Ik wil me aansluiten bij Leibniz Association; welke instellingen zijn al lid?"} {
		as, ask := r.splitReason(q)
		fmt.Printf("splitReason %q | %q\n", as, ask)
		f, ok := r.referredTo(ask, as)
		fmt.Printf("referredTo %q %v\n", f, ok)
		p := r.reread(ask)
		fmt.Println("standsAlone", r.standsAlone(p, ask), r.refines(p, as, false))
	}
}
