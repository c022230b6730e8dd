package heritage

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
	return code
}
