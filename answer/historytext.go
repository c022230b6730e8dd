package answer

import (
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// eventsText lists events as "1901: Opened in 1901.", dated ones first in
// order of date.
func eventsText(events []heritage.Event) string {
	evs := slices.Clone(events)
	slices.SortStableFunc(evs, func(a, b heritage.Event) int {
		af, _, aok := a.Years()
		bf, _, bok := b.Years()
		switch {
		case aok && bok:
			return af - bf
		case aok:
			return -1
		case bok:
			return 1
		}
		return 0
	})
	var parts []string
	for _, e := range evs {
		d := strings.TrimSpace(e.Description)
		if d == "" {
			d = strings.ReplaceAll(e.Type, "_", " ")
		}
		if e.Date != "" {
			d = e.Date + ": " + d
		}
		parts = append(parts, d)
	}
	return strings.Join(parts, " ")
}

// historyText answers what happened to an institution: the events its
// record holds, within the years asked about when the question gives
// them ("since 1990"), and whether it is open when the record says.
func historyText(pr *locale.Printer, in *heritage.Institution, hedge string, years *plan.YearRange, cite string) string {
	state := ""
	switch in.Status() {
	case "open":
		state = pr.Text("It is open according to the data.")
	case "closed":
		state = pr.Text("It is closed according to the data.")
	}
	if len(in.Events) == 0 {
		return strings.TrimSpace(pr.Sprintf("The data records no events of %s%s%s. %s", in.Name, hedge, cite, state))
	}
	if years == nil {
		return strings.TrimSpace(pr.Sprintf("The data records these events of %s%s: %s%s %s", in.Name, hedge, eventsText(in.Events), cite, state))
	}
	var within []heritage.Event
	for _, e := range in.Events {
		from, to, ok := e.Years()
		if ok && (years.From == 0 || to >= years.From) && (years.To == 0 || from <= years.To) {
			within = append(within, e)
		}
	}
	span := spanText(pr, years)
	if len(within) == 0 {
		return strings.TrimSpace(pr.Sprintf("The data records no events of %s%s %s; the events it records are: %s%s %s",
			in.Name, hedge, span, eventsText(in.Events), cite, state))
	}
	return strings.TrimSpace(pr.Sprintf("The data records these events of %s%s %s: %s%s %s", in.Name, hedge, span, eventsText(within), cite, state))
}

// spanText says which years a range covers: "since 1990", "up to 1900",
// "in 1990", "between 1990 and 2000".
func spanText(pr *locale.Printer, y *plan.YearRange) string {
	switch {
	case y.To == 0:
		return pr.Sprintf("since %d", y.From)
	case y.From == 0:
		return pr.Sprintf("up to %d", y.To)
	case y.From == y.To:
		return pr.Sprintf("in %d", y.From)
	}
	return pr.Sprintf("between %d and %d", y.From, y.To)
}
