package router

// Word lists used by the rules. Every entry is in normalised form (see
// tokenize): lower-case ASCII, diacritics folded.

// typeWords maps custodian type words (English, Dutch, German, a few
// Romance forms) to type codes.
var typeWords = map[string]string{
	"museum": "M", "museums": "M", "musea": "M", "museen": "M", "musee": "M", "musees": "M",
	"museo": "M", "musei": "M", "muzeum": "M", "museu": "M", "museus": "M", "heimatmuseum": "M", "heimatmuseen": "M",
	"library": "L", "libraries": "L", "bibliotheek": "L", "bibliotheken": "L", "bibliothek": "L",
	"bucherei": "L", "buchereien": "L", "stadtbibliothek": "L", "bibliotheque": "L", "biblioteca": "L",
	"archive": "A", "archives": "A", "archief": "A", "archieven": "A", "archiv": "A", "archivs": "A",
	"stadtarchiv": "A", "record office": "A", "record offices": "A",
	"gallery": "G", "galleries": "G", "galerie": "G", "galerien": "G", "galerij": "G", "galerijen": "G",
	"zoo": "B", "zoos": "B", "dierentuin": "B", "dierentuinen": "B", "botanical garden": "B",
	"botanical gardens": "B", "botanic garden": "B", "botanic gardens": "B", "botanischer garten": "B",
	"botanische tuin": "B", "aquarium": "B", "aquariums": "B",
	"research centre": "R", "research centres": "R", "research center": "R", "research centers": "R",
	"research institute": "R", "research institutes": "R", "forschungsinstitut": "R", "forschungsinstitute": "R",
	"onderzoeksinstituut": "R",
	"university":          "E", "universities": "E",
}

// listStarts open list questions.
var listStarts = map[string]bool{
	"which": true, "welche": true, "welcher": true, "welches": true, "welke": true, "list": true,
	"show": true, "find": true, "name": true, "give": true, "noem": true, "nenne": true, "zeige": true,
	"toon": true, "geef": true, "liste": true, "lijst": true, "alle": true, "all": true, "every": true,
	"zeig": true, "nenn": true, "noemen": true, "welk": true,
}

// negations exclude the type words that follow them.
var negations = map[string]bool{"not": true, "nicht": true, "niet": true, "geen": true, "kein": true, "keine": true, "excluding": true, "except": true,
	"dont": true, "doesnt": true, "didnt": true, "isnt": true, "arent": true, "wasnt": true, "werent": true, "havent": true,
	"hasnt": true, "cant": true}

// locatives precede a place.
var locatives = map[string]bool{
	"in": true, "near": true, "around": true, "at": true, "bei": true, "nahe": true, "te": true,
	"nabij": true, "im": true, "from": true, "across": true, "within": true, "on": true, "and": true,
	"uit": true, "aus": true, "of": true, "und": true, "en": true, "throughout": true, "rond": true,
}

// commonWords are words of questions that must never be read as a bare
// place or a one-word institution name.
var commonWords = map[string]bool{}

func init() {
	for _, w := range []string{
		"which", "what", "who", "where", "when", "how", "is", "are", "was", "were", "the", "a", "an", "and",
		"or", "in", "of", "on", "at", "by", "to", "for", "from", "with", "about", "near", "before", "after",
		"between", "since", "until", "compare", "comparison", "versus", "vs", "both", "difference", "museum",
		"museums", "library", "libraries", "archive", "archives", "gallery", "galleries", "institution",
		"institutions", "collection", "collections", "part", "operated", "run", "runs", "managed", "housed",
		"opened", "open", "closed", "close", "founded", "year", "years", "previously", "called", "formerly",
		"code", "identifier", "website", "postcode", "address", "city", "town", "country", "type", "small",
		"large", "medium", "huge", "accredited", "independent", "private", "national", "local", "authority",
		"university", "council", "area", "principal", "district", "region", "borough", "county", "unitary",
		"have", "has", "had", "did", "does", "do", "there", "many", "much", "list", "show", "find", "name",
		"names", "history", "heritage", "centre", "center", "house", "houses", "castle", "castles", "art",
		"arts", "sport", "sports", "railway", "railways", "military", "war", "sea", "street", "reading",
		"march", "deal", "bath", "wells", "hope", "battle", "ware", "sandwich", "street", "over", "send",
		"welche", "welke", "sind", "zijn", "gibt", "es", "er", "de", "het", "die", "der", "das", "den",
		"een", "ein", "eine", "van", "von", "zu", "tot", "und", "en", "oder", "of", "bij", "bei", "nach",
		"na", "voor", "vor", "seit", "sinds", "zwischen", "tussen", "welk", "wann", "wanneer", "wie", "wat",
		"was", "wer", "ist", "heeft", "hat", "hebben", "haben", "geopend", "gesloten", "geschlossen",
		"eroffnet", "gegrundet", "opgericht", "museen", "musea", "bibliotheken", "archieven", "archive",
		"gehoren", "behoren", "onderdeel", "teil", "betrieben", "beheerd", "it", "its", "itself", "this",
		"that", "these", "those", "they", "them", "me", "my", "i", "you", "your", "we", "our", "can",
		"could", "would", "should", "will", "be", "been", "being", "any", "all", "some", "other", "more",
		"most", "less", "than", "also", "only", "still", "now", "today", "currently", "new", "old",
		"tell", "give", "please", "about", "info", "information", "details", "visit", "see", "wikidata",
		"isil", "gnd", "ghcid", "id", "qid", "official", "governance", "governed", "status", "size",
	} {
		commonWords[w] = true
	}
}

// countryNames maps English, Dutch and German country names to ISO codes.
var countryNames = map[string]string{
	"germany": "DE", "deutschland": "DE", "duitsland": "DE", "allemagne": "DE",
	"netherlands": "NL", "the netherlands": "NL", "holland": "NL", "nederland": "NL", "niederlande": "NL", "den niederlanden": "NL",
	"united kingdom": "GB", "uk": "GB", "great britain": "GB", "britain": "GB", "verenigd koninkrijk": "GB",
	"grossbritannien": "GB", "vereinigtes konigreich": "GB", "vereinigten konigreich": "GB", "groot brittannie": "GB",
	"gb": "GB", "u k": "GB",
	"belgium": "BE", "belgie": "BE", "belgien": "BE",
	"united states": "US", "usa": "US", "america": "US", "united states of america": "US", "verenigde staten": "US", "vereinigte staaten": "US",
	"portugal": "PT", "czech republic": "CZ", "czechia": "CZ", "tschechien": "CZ", "tsjechie": "CZ",
	"france": "FR", "frankreich": "FR", "frankrijk": "FR", "austria": "AT", "osterreich": "AT", "oostenrijk": "AT",
	"australia": "AU", "australien": "AU", "australie": "AU", "switzerland": "CH", "schweiz": "CH", "zwitserland": "CH",
	"italy": "IT", "italien": "IT", "italie": "IT", "japan": "JP", "sweden": "SE", "schweden": "SE", "zweden": "SE",
	"poland": "PL", "polen": "PL", "norway": "NO", "norwegen": "NO", "noorwegen": "NO", "spain": "ES", "spanien": "ES", "spanje": "ES",
	"ukraine": "UA", "oekraine": "UA", "croatia": "HR", "kroatien": "HR", "kroatie": "HR", "hungary": "HU", "ungarn": "HU", "hongarije": "HU",
	"namibia": "NA", "namibie": "NA", "denmark": "DK", "danemark": "DK", "denemarken": "DK", "finland": "FI", "finnland": "FI",
	"ireland": "IE", "irland": "IE", "ierland": "IE", "canada": "CA", "kanada": "CA", "china": "CN", "india": "IN", "indien": "IN",
	"brazil": "BR", "brasilien": "BR", "brazilie": "BR", "russia": "RU", "russland": "RU", "rusland": "RU", "greece": "GR",
	"griechenland": "GR", "griekenland": "GR", "romania": "RO", "rumanien": "RO", "roemenie": "RO", "bulgaria": "BG", "bulgarien": "BG",
	"slovakia": "SK", "slowakei": "SK", "slovenia": "SI", "slowenien": "SI", "serbia": "RS", "serbien": "RS", "turkey": "TR",
	"turkei": "TR", "turkije": "TR", "mexico": "MX", "mexiko": "MX", "argentina": "AR", "argentinien": "AR", "south africa": "ZA",
	"sudafrika": "ZA", "zuid afrika": "ZA", "new zealand": "NZ", "neuseeland": "NZ", "nieuw zeeland": "NZ", "egypt": "EG",
	"agypten": "EG", "egypte": "EG", "kenya": "KE", "nigeria": "NG", "ghana": "GH", "estonia": "EE", "estland": "EE",
	"luxembourg": "LU", "luxemburg": "LU", "iran": "IR", "morocco": "MA", "marokko": "MA", "tunisia": "TN", "tunesien": "TN",
	"cuba": "CU", "kuba": "CU", "chile": "CL", "peru": "PE", "uzbekistan": "UZ", "usbekistan": "UZ", "georgia": "GE",
	"armenia": "AM", "armenien": "AM", "mongolia": "MN", "malaysia": "MY", "indonesia": "ID", "indonesien": "ID",
	"pakistan": "PK", "sri lanka": "LK", "qatar": "QA", "katar": "QA", "rwanda": "RW", "botswana": "BW", "zimbabwe": "ZW",
	"tanzania": "TZ", "angola": "AO", "somalia": "SO", "malawi": "MW", "monaco": "MC", "jersey": "JE", "guernsey": "GG",
	"isle of man": "IM", "bosnia and herzegovina": "BA", "bosnia": "BA", "el salvador": "SV", "dominican republic": "DO",
	"chad": "TD", "gambia": "GM", "cape verde": "CV", "united arab emirates": "AE",
	// countries the data holds no record of: read as themselves, so
	// that the answer says the data places nothing there, and never
	// corrected to a country of the data ("Iceland" is not Ireland)
	"iceland": "IS", "ijsland": "IS", "latvia": "LV", "lettland": "LV", "letland": "LV", "lithuania": "LT",
	"litauen": "LT", "litouwen": "LT", "belarus": "BY", "moldova": "MD", "albania": "AL", "albanien": "AL",
	"albanie": "AL", "north macedonia": "MK", "montenegro": "ME", "kosovo": "XK", "cyprus": "CY", "zypern": "CY",
	"malta": "MT", "liechtenstein": "LI", "andorra": "AD", "san marino": "SM", "israel": "IL", "lebanon": "LB",
	"libanon": "LB", "syria": "SY", "syrien": "SY", "iraq": "IQ", "irak": "IQ", "saudi arabia": "SA", "kuwait": "KW",
	"afghanistan": "AF", "nepal": "NP", "bangladesh": "BD", "thailand": "TH", "vietnam": "VN", "cambodia": "KH",
	"kambodscha": "KH", "singapore": "SG", "singapur": "SG", "philippines": "PH", "philippinen": "PH", "filipijnen": "PH",
	"south korea": "KR", "sudkorea": "KR", "zuid korea": "KR", "north korea": "KP", "taiwan": "TW", "kazakhstan": "KZ",
	"kasachstan": "KZ", "colombia": "CO", "kolumbien": "CO", "venezuela": "VE", "ecuador": "EC", "bolivia": "BO",
	"bolivien": "BO", "uruguay": "UY", "paraguay": "PY", "costa rica": "CR", "guatemala": "GT", "honduras": "HN",
	"nicaragua": "NI", "jamaica": "JM", "jamaika": "JM", "algeria": "DZ", "algerien": "DZ", "libya": "LY", "libyen": "LY",
	"ethiopia": "ET", "athiopien": "ET", "ethiopie": "ET", "uganda": "UG", "zambia": "ZM", "sambia": "ZM",
	"mozambique": "MZ", "mosambik": "MZ", "madagascar": "MG", "madagaskar": "MG", "senegal": "SN", "cameroon": "CM",
	"kamerun": "CM",
}

// nations are the Mapping Museums `region` values and their other names.
var nationNames = map[string]string{
	"england": "England", "scotland": "Scotland", "wales": "Wales", "northern ireland": "Northern Ireland",
	"channel islands": "Channel Islands", "isle of man": "Isle of Man", "schottland": "Scotland",
	"schotland": "Scotland", "engeland": "England", "noord ierland": "Northern Ireland", "nordirland": "Northern Ireland",
	"kanaalinseln": "Channel Islands", "kanalinseln": "Channel Islands", "kanaaleilanden": "Channel Islands",
}

// qualifier phrases that name the admin level of the place before them.
var suffixQualifiers = []struct {
	words string
	level string
}{
	{"local government district", "NI Loc Gov District"},
	{"unitary authority area", "English UA"},
	{"unitary authority", "English UA"},
	{"council area", "Scottish Council Area"},
	{"principal area", "Welsh UA"},
	{"region of england", "English Region"},
	{"combined authority", "English CA"},
	{"english region", "English Region"},
	{"region", "English Region"},
	{"county", "English County"},
	{"district", "English District or Borough"},
	{"borough", "English District or Borough"},
}

// prefix qualifier phrases that name the admin level of the place after them.
var prefixQualifiers = []struct {
	words string
	level string
}{
	{"london borough of", "London Borough"},
	{"royal borough of", "London Borough"},
	{"borough of", "English District or Borough"},
	{"county of", "English County"},
	{"district of", "English District or Borough"},
}

// areaQualifiers name an area around a town that the data does not
// record ("Landkreis Esslingen", "provincie Utrecht"): the place is read
// as the town and the places near it.
var areaQualifiers = []string{"landkreis", "kreis", "lkr", "provincie", "provinz", "regio", "umland von", "region um"}

// nearBefore are phrases before a place that ask for what lies in or near
// it; nearAfter follow the place; nearAnywhere may stand anywhere in the
// question. Longer phrases first. "close to" and "close by" read as "near
// to" and "near by" (readCloseAsNear).
var (
	nearBefore = []string{
		"in or near", "in and around", "in or around", "in the vicinity of", "in the area of", "in the surroundings of",
		"within reach of", "near by", "or near", "near to", "nearby", "near", "around", "vicinity of",
		"in der nahe von", "in der naehe von", "in der umgebung von", "in der nahe", "umgebung von", "rund um",
		"nahe", "bei", "in de buurt van", "in de omgeving van", "in en rond", "in en om", "in de buurt", "omgeving van",
		"rondom", "rond", "nabij", "dichtbij", "vlakbij", "niet ver van", "not far from", "next to",
		"nicht weit von", "unweit von", "unweit",
	}
	nearAfter = []string{
		"and the surrounding area", "and surrounding area", "and the surrounding", "and surroundings", "and around",
		"and nearby", "or nearby", "nearby", "area", "und umgebung", "und umland", "en omgeving", "en omstreken",
	}
	nearAnywhere = []string{
		"or near", "of bij", "oder bei", "in der nahe", "in der umgebung", "in de buurt", "in de omgeving", "nearby",
		"around", "surrounding area", "near by",
	}
)

// A distance from a place: "10 miles of", "5 km van", "20 km von".
var (
	distanceOf    = map[string]bool{"of": true, "from": true, "van": true, "von": true, "vom": true}
	distanceUnits = map[string]bool{
		"mile": true, "miles": true, "mi": true, "km": true, "kms": true, "kilometre": true, "kilometres": true,
		"kilometer": true, "kilometers": true, "kilometern": true,
	}
	numberWords = map[string]bool{
		"one": true, "two": true, "three": true, "five": true, "ten": true, "fifteen": true, "twenty": true,
		"een": true, "twee": true, "drie": true, "vijf": true, "tien": true, "ein": true, "zwei": true, "drei": true,
		"funf": true, "zehn": true, "a": true, "few": true,
	}
)

// unqualifiedOrder ranks admin levels for a place named without a
// qualifier: an administrative county or UA first.
var unqualifiedOrder = []string{
	"English County", "English UA", "Scottish Council Area", "Welsh UA", "NI Loc Gov District",
	"London Borough",
}

// governance phrases → governance codes.
var governancePhrases = map[string][]string{
	"independent not for profit": {"Independent-Not_for_profit"},
	"not for profit":             {"Independent-Not_for_profit"},
	"non profit":                 {"Independent-Not_for_profit"},
	"nonprofit":                  {"Independent-Not_for_profit"},
	"charitable":                 {"Independent-Not_for_profit"},
	"charity":                    {"Independent-Not_for_profit"},
	"charity run":                {"Independent-Not_for_profit"},
	"trust run":                  {"Independent-Not_for_profit"},
	"gemeinnutzige":              {"Independent-Not_for_profit"},
	"gemeinnutzig":               {"Independent-Not_for_profit"},
	"zonder winstoogmerk":        {"Independent-Not_for_profit"},
	"local authority":            {"Government-Local_Authority"},
	"local authorities":          {"Government-Local_Authority"},
	"local council":              {"Government-Local_Authority"},
	"local councils":             {"Government-Local_Authority"},
	"the council":                {"Government-Local_Authority"},
	"city council":               {"Government-Local_Authority"},
	"county council":             {"Government-Local_Authority"},
	"borough council":            {"Government-Local_Authority"},
	"district council":           {"Government-Local_Authority"},
	"the local authority":        {"Government-Local_Authority"},
	"de gemeente":                {"Government-Local_Authority"},
	"local authority run":        {"Government-Local_Authority"},
	"council run":                {"Government-Local_Authority"},
	"council owned":              {"Government-Local_Authority"},
	"municipal":                  {"Government-Local_Authority"},
	"gemeentelijke":              {"Government-Local_Authority"},
	"gemeentelijk":               {"Government-Local_Authority"},
	"stadtische":                 {"Government-Local_Authority"},
	"stadtischen":                {"Government-Local_Authority"},
	"kommunale":                  {"Government-Local_Authority"},
	"kommunalen":                 {"Government-Local_Authority"},
	"independent private":        {"Independent-Private"},
	"private":                    {"Independent-Private"},
	"privately owned":            {"Independent-Private"},
	"privately run":              {"Independent-Private"},
	"particuliere":               {"Independent-Private"},
	"private musea":              {"Independent-Private"},
	"privaten":                   {"Independent-Private"},
	"private museen":             {"Independent-Private"},
	"privatmuseen":               {"Independent-Private"},
	"university":                 {"University"},
	"universities":               {"University"},
	"university run":             {"University"},
	"university owned":           {"University"},
	"universiteits":              {"University"},
	"universitats":               {"University"},
	"national":                   {"Government-National"},
	"nationally run":             {"Government-National"},
	"government run":             {"Government-National", "Government-Local_Authority", "Government-Other"},
	"independent":                {"Independent-Not_for_profit", "Independent-Private", "Independent-Unknown"},
	"onafhankelijke":             {"Independent-Not_for_profit", "Independent-Private", "Independent-Unknown"},
	"unabhangige":                {"Independent-Not_for_profit", "Independent-Private", "Independent-Unknown"},
}

// governance words that only count right before a type word ("university
// museums", "national museums"), so that names and bodies are not read as
// governance.
var governanceNeedsType = map[string]bool{"university": true, "universities": true, "national": true, "private": true, "independent": true, "universiteits": true, "universitats": true}

var accreditationWords = map[string]string{
	"accredited": "Accredited", "geaccrediteerde": "Accredited", "geaccrediteerd": "Accredited",
	"akkreditierte": "Accredited", "akkreditierten": "Accredited", "akkreditiert": "Accredited",
	"unaccredited": "Unaccredited", "non accredited": "Unaccredited", "not accredited": "Unaccredited",
	"nicht akkreditierte": "Unaccredited", "niet geaccrediteerde": "Unaccredited",
}

var sizeWords = map[string][]string{
	"small": {"small"}, "smaller": {"small"}, "klein": {"small"}, "kleine": {"small"}, "kleinen": {"small"},
	"medium": {"medium"}, "medium sized": {"medium"}, "mid sized": {"medium"}, "middelgrote": {"medium"},
	"mittelgrosse": {"medium"}, "mittelgrossen": {"medium"}, "mittlere": {"medium"}, "mittleren": {"medium"},
	"large": {"large", "huge"}, "big": {"large", "huge"}, "larger": {"large", "huge"}, "grote": {"large", "huge"},
	"groot": {"large", "huge"}, "grosse": {"large", "huge"}, "grossen": {"large", "huge"}, "major": {"large", "huge"},
	"huge": {"huge"}, "very large": {"huge"}, "enormous": {"huge"},
}

// relation cue phrases.
var partOfCues = []string{
	"part of", "branch of", "branches of", "belongs to", "belong to", "belonging to", "member of", "members of",
	"sites of", "onderdeel van", "behoren tot", "behoort tot", "deel van",
	"teil von", "teil der", "teil des", "gehoren zu", "gehort zu", "gehoren zum", "gehoren zur", "zweigstelle",
	"subsidiaries of", "divisions of", "units of", "horen bij", "hoort bij", "maken deel uit van",
	"maakt deel uit van", "deel uitmaken van", "vallen onder", "valt onder", "fallen unter", "fallt unter",
	"gehoren", "gehort", "zahlen zu", "angehoren", "angehort",
	"ein teil", "einen teil", "deel uit", "hoort", "horen", "belong", "belongs", "wovon", "affiliated with",
	"division of", "unit of", "department of", "afdeling van", "abteilung", "make up", "makes up", "made up",
	"associated with", "vestigingen van", "vestigingen", "vestiging van", "standorte", "standorten", "filialen",
	"locations of", "zugehorig", "zugehorigen",
}

var operatedByCues = []string{
	"operated by", "run by", "managed by", "who operates", "who runs", "who manages", "who operated",
	"who ran", "who managed", "operates", "operator", "operator of", "looked after by", "cared for by",
	"beheerd door", "geexploiteerd door", "uitgebaat door", "betrieben von", "betrieben", "verwaltet von",
	"gefuhrt von", "in the care of", "maintained by", "administered by", "by whom", "von wem", "door wie",
	"opreates", "operatd", "manged",
}

var housesCues = []string{
	"housed in", "housed within", "located in", "located within", "inside", "houses", "house in",
	"gehuisvest in", "untergebracht in", "befindet sich in", "within the building of", "untergebracht", "beherbergt", "herbergt",
	"gehuisvest", "is housed",
}
