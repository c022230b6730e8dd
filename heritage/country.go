package heritage

import (
	_ "embed"
	"strings"
	"sync"
)

// CountryName spells out the country codes that are common in the data
// ("DE" is Germany), so that text and answers can name the country; other
// codes stay as they are.
func CountryName(code string) string {
	switch code {
	case "":
		return ""
	case "GB":
		return "United Kingdom"
	case "DE":
		return "Germany"
	case "NL":
		return "Netherlands"
	case "US":
		return "United States"
	case "PT":
		return "Portugal"
	case "CZ":
		return "Czech Republic"
	case "FR":
		return "France"
	case "AT":
		return "Austria"
	case "BE":
		return "Belgium"
	case "AU":
		return "Australia"
	case "IM":
		return "Isle of Man"
	case "JE":
		return "Jersey"
	case "GG":
		return "Guernsey"
	case "CH":
		return "Switzerland"
	case "IT":
		return "Italy"
	case "JP":
		return "Japan"
	case "SE":
		return "Sweden"
	case "PL":
		return "Poland"
	case "NO":
		return "Norway"
	case "ES":
		return "Spain"
	}
	if name, ok := otherCountryNames[code]; ok {
		return name
	}
	return code
}

// otherCountryNames names countries the data holds no record of, so that
// an answer about one says where it found nothing ("Iceland", not "IS").
var otherCountryNames = map[string]string{
	"IS": "Iceland", "LV": "Latvia", "LT": "Lithuania", "BY": "Belarus", "MD": "Moldova", "AL": "Albania",
	"MK": "North Macedonia", "ME": "Montenegro", "XK": "Kosovo", "CY": "Cyprus", "MT": "Malta", "LI": "Liechtenstein",
	"AD": "Andorra", "SM": "San Marino", "IL": "Israel", "LB": "Lebanon", "SY": "Syria", "IQ": "Iraq",
	"SA": "Saudi Arabia", "KW": "Kuwait", "AF": "Afghanistan", "NP": "Nepal", "BD": "Bangladesh", "TH": "Thailand",
	"VN": "Vietnam", "KH": "Cambodia", "SG": "Singapore", "PH": "Philippines", "KR": "South Korea", "KP": "North Korea",
	"TW": "Taiwan", "KZ": "Kazakhstan", "CO": "Colombia", "VE": "Venezuela", "EC": "Ecuador", "BO": "Bolivia",
	"UY": "Uruguay", "PY": "Paraguay", "CR": "Costa Rica", "GT": "Guatemala", "HN": "Honduras", "NI": "Nicaragua",
	"JM": "Jamaica", "DZ": "Algeria", "LY": "Libya", "ET": "Ethiopia", "UG": "Uganda", "ZM": "Zambia", "MZ": "Mozambique",
	"MG": "Madagascar", "SN": "Senegal", "CM": "Cameroon",
}

//go:embed data/country_names.tsv
var countryNamesTSV string

// countryCodes maps the folded country names of data/country_names.tsv
// to their ISO codes, read on first use.
var countryCodes = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for _, line := range strings.Split(countryNamesTSV, "\n") {
		code, names, ok := strings.Cut(strings.TrimSpace(line), "\t")
		if !ok || strings.HasPrefix(code, "#") {
			continue
		}
		for _, n := range strings.Split(names, "|") {
			m[NormalizeName(n)] = code
		}
	}
	return m
})

// CountryCode returns the ISO 3166-1 alpha-2 code of a country named in
// English, Dutch or German ("Germany", "Verenigd Koninkrijk",
// "Großbritannien"; England, Scotland, Wales and Northern Ireland are
// the United Kingdom), or "" when the name is not known. Codes are not
// read here: "DE" is a code or a word, as the caller knows.
func CountryCode(name string) string {
	return countryCodes()[NormalizeName(name)]
}
