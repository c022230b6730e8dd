package gen

import (
	"fmt"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
)

func yesno(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// yesnoDraft builds a yes/no question about one record.
func yesnoDraft(name string, in *heritage.Institution, ps para, answer bool, rule string, vars ...string) draft {
	return draft{
		frame: name, intent: plan.Factual, paras: ps, vars: append([]string{"{name}", in.Name}, vars...),
		expected: []string{in.ID}, answer: yesno(answer),
		notes: fmt.Sprintf("Rule: %s; answer %s (%s).", rule, yesno(answer), in.ID),
	}
}

func yesnoAccredited(b *qbuilder, quota int) {
	ps := para{
		LangEN: {"Is {name} accredited?", "Is {name} an accredited museum?", "Does {name} have accreditation?", "Has {name} been accredited?"},
		LangNL: {"Is {name} geaccrediteerd?", "Heeft {name} een accreditatie?"},
		LangDE: {"Ist {name} akkreditiert?", "Hat {name} eine Akkreditierung?"},
	}
	offer(b, quota, b.where(func(in *heritage.Institution) bool { return in.Accreditation() != "" && b.x.unique(in) }), func(in *heritage.Institution) (draft, bool) {
		return yesnoDraft("yesno_accredited", in, ps, in.Accreditation() == "Accredited", "accreditation == Accredited"), true
	})
}

func yesnoWebsite(b *qbuilder, quota int) {
	ps := para{
		LangEN: {"Does {name} have a website?", "Has {name} got a website?", "Is there a website for {name}?", "Does {name} have a homepage?"},
		LangNL: {"Heeft {name} een website?", "Is er een website van {name}?"},
		LangDE: {"Hat {name} eine Website?", "Gibt es eine Webseite von {name}?"},
	}
	// Half with a website (ROR records), half without (Mapping Museums
	// records carry none).
	with := b.where(func(in *heritage.Institution) bool { return in.Website() != "" && b.x.unique(in) })
	without := b.where(func(in *heritage.Institution) bool {
		return in.Website() == "" && in.Source == "mapping_museums" && b.x.unique(in)
	})
	mk := func(in *heritage.Institution) (draft, bool) {
		return yesnoDraft("yesno_website", in, ps, in.Website() != "", "the record has a website"), true
	}
	offer(b, quota/2, with, mk)
	offer(b, quota-quota/2, without, mk)
}

func yesnoOpen(b *qbuilder, quota int) {
	ps := para{
		LangEN: {"Is {name} still open?", "Is {name} still open to visitors?", "Can I still visit {name}, or has it closed?", "Is {name} open today or closed for good?"},
		LangNL: {"Is {name} nog open?", "Kan ik {name} nog bezoeken?"},
		LangDE: {"Ist {name} noch geöffnet?", "Kann man {name} noch besuchen?"},
	}
	open := b.where(func(in *heritage.Institution) bool { return in.Status() == "open" && b.x.unique(in) })
	closed := b.where(func(in *heritage.Institution) bool { return in.Status() == "closed" && b.x.unique(in) })
	mk := func(in *heritage.Institution) (draft, bool) {
		return yesnoDraft("yesno_open", in, ps, in.Status() == "open", "status == open"), true
	}
	offer(b, quota/2, open, mk)
	offer(b, quota-quota/2, closed, mk)
}

func yesnoCity(b *qbuilder, quota int) {
	ps := para{
		LangEN: {"Is {name} in {city}?", "Is {name} located in {city}?", "Can I find {name} in {city}?", "{name}: is it in {city}?"},
		LangNL: {"Ligt {name} in {city}?", "Staat {name} in {city}?"},
		LangDE: {"Liegt {name} in {city}?", "Befindet sich {name} in {city}?"},
	}
	pool := b.where(func(in *heritage.Institution) bool { return statedCity(in) != "" && b.x.unique(in) })
	citiesBy := map[string][]string{} // country → distinct cities, id order
	seen := map[string]bool{}
	for _, in := range pool {
		if k := in.Country + "|" + in.City; !seen[k] {
			seen[k] = true
			citiesBy[in.Country] = append(citiesBy[in.Country], in.City)
		}
	}
	i := 0
	offer(b, quota, pool, func(in *heritage.Institution) (draft, bool) {
		i++
		city, yes := in.City, i%2 == 0
		if !yes {
			others := citiesBy[in.Country]
			if len(others) < 2 {
				return draft{}, false
			}
			for city == in.City || fold(city) == fold(in.City) {
				city = pick(b.r, others)
			}
		}
		d := yesnoDraft("yesno_city", in, ps, yes, "city == "+city, "{city}", city)
		return d, true
	})
}

func yesnoType(b *qbuilder, quota int) {
	ps := map[string]para{
		"LIBRARY": {
			LangEN: {"Is {name} a library?", "Is {name} actually a library?", "Would {name} count as a library?", "{name} - library or not?"},
			LangNL: {"Is {name} een bibliotheek?", "Is {name} een bieb?"},
			LangDE: {"Ist {name} eine Bibliothek?", "Handelt es sich bei {name} um eine Bibliothek?"},
		},
		"MUSEUM": {
			LangEN: {"Is {name} a museum?", "Is {name} actually a museum?", "Would {name} count as a museum?", "{name} - museum or not?"},
			LangNL: {"Is {name} een museum?", "Gaat het bij {name} om een museum?"},
			LangDE: {"Ist {name} ein Museum?", "Handelt es sich bei {name} um ein Museum?"},
		},
		"ARCHIVE": {
			LangEN: {"Is {name} an archive?", "Is {name} actually an archive?", "Would {name} count as an archive?", "{name} - archive or not?"},
			LangNL: {"Is {name} een archief?", "Gaat het bij {name} om een archief?"},
			LangDE: {"Ist {name} ein Archiv?", "Handelt es sich bei {name} um ein Archiv?"},
		},
	}
	kinds := []string{"ARCHIVE", "LIBRARY", "MUSEUM"}
	pool := b.where(func(in *heritage.Institution) bool {
		return (in.Type == "MUSEUM" || in.Type == "LIBRARY" || in.Type == "ARCHIVE") && b.x.unique(in)
	})
	i := 0
	offer(b, quota, pool, func(in *heritage.Institution) (draft, bool) {
		i++
		asked := in.Type
		if i%2 == 1 {
			for asked == in.Type {
				asked = pick(b.r, kinds)
			}
		}
		return yesnoDraft("yesno_type", in, ps[asked], asked == in.Type, "type == "+asked), true
	})
}
