package router

import (
	"sort"
	"strings"
)

// topicSynonyms maps topic phrases (normalised, stemmed word by word) to
// Subject_Matter values. A value ending in "/*" means every subject of that
// category. English, Dutch and German phrasings of the common topics.
var topicSynonyms = map[string][]string{
	// transport
	"railway": {"Transport / Trains and railways"}, "railroad": {"Transport / Trains and railways"},
	"train": {"Transport / Trains and railways"}, "steam railway": {"Transport / Trains and railways"},
	"trains and railway": {"Transport / Trains and railways"}, "rail": {"Transport / Trains and railways"},
	"spoorweg": {"Transport / Trains and railways"}, "spoorwegen": {"Transport / Trains and railways"},
	"trein": {"Transport / Trains and railways"}, "treinen": {"Transport / Trains and railways"},
	"eisenbahn": {"Transport / Trains and railways"}, "eisenbahnen": {"Transport / Trains and railways"},
	"aviation":   {"Transport / Aviation", "War and conflict / Airforce"},
	"aircraft":   {"Transport / Aviation", "War and conflict / Airforce"},
	"aeroplane":  {"Transport / Aviation", "War and conflict / Airforce"},
	"airplane":   {"Transport / Aviation", "War and conflict / Airforce"},
	"flight":     {"Transport / Aviation", "War and conflict / Airforce"},
	"luchtvaart": {"Transport / Aviation", "War and conflict / Airforce"},
	"vliegtuig":  {"Transport / Aviation", "War and conflict / Airforce"},
	"luftfahrt":  {"Transport / Aviation", "War and conflict / Airforce"},
	"flugzeug":   {"Transport / Aviation", "War and conflict / Airforce"},
	"flugzeuge":  {"Transport / Aviation", "War and conflict / Airforce"},
	"air force":  {"War and conflict / Airforce"}, "airforce": {"War and conflict / Airforce"},
	"raf": {"War and conflict / Airforce"}, "royal air force": {"War and conflict / Airforce"},
	"car": {"Transport / Cars and motorbikes"}, "motorbike": {"Transport / Cars and motorbikes"},
	"motorcycle": {"Transport / Cars and motorbikes"}, "motor car": {"Transport / Cars and motorbikes"},
	"automobile": {"Transport / Cars and motorbikes"}, "motoring": {"Transport / Cars and motorbikes"},
	"auto": {"Transport / Cars and motorbikes"}, "motorrad": {"Transport / Cars and motorbikes"},
	"motorrader": {"Transport / Cars and motorbikes"}, "motor": {"Transport / Cars and motorbikes"},
	"bus": {"Transport / Buses and trams"}, "tram": {"Transport / Buses and trams"},
	"canal": {"Transport / Canals"}, "waterway": {"Transport / Canals"}, "bicycle": {"Transport / Bicycles"},
	"cycling": {"Transport / Bicycles"}, "transport": {"Transport/*"}, "vervoer": {"Transport/*"}, "verkehr": {"Transport/*"},
	// war and conflict
	"military": {"War and conflict / Military"}, "militair": {"War and conflict / Military"},
	"militar": {"War and conflict / Military"}, "army": {"War and conflict / Military"},
	"militare": {"War and conflict / Military"}, "militaire": {"War and conflict / Military"},
	"regiment": {"War and conflict / Regiment"}, "regimental": {"War and conflict / Regiment"},
	"regimental history": {"War and conflict / Regiment"}, "regimenter": {"War and conflict / Regiment"},
	"bunker": {"War and conflict / Bunker"}, "bunkers and wartime site": {"War and conflict / Bunker", "War and conflict / Event or site"},
	"wartime site": {"War and conflict / Event or site"}, "battlefield": {"War and conflict / Event or site"},
	"battle site": {"War and conflict / Event or site"}, "war site": {"War and conflict / Event or site"},
	"castle": {"War and conflict / Castles and forts"}, "fort": {"War and conflict / Castles and forts"},
	"fortress": {"War and conflict / Castles and forts"}, "fortification": {"War and conflict / Castles and forts"},
	"kasteel": {"War and conflict / Castles and forts"}, "kastelen": {"War and conflict / Castles and forts"},
	"burg": {"War and conflict / Castles and forts"}, "burgen": {"War and conflict / Castles and forts"},
	"festung": {"War and conflict / Castles and forts"}, "festungen": {"War and conflict / Castles and forts"},
	"naval": {"War and conflict / Navy"}, "navy": {"War and conflict / Navy"}, "naval history": {"War and conflict / Navy"},
	"marine": {"War and conflict / Navy"}, "royal navy": {"War and conflict / Navy"},
	"war": {"War and conflict/*"}, "war and conflict": {"War and conflict/*"}, "oorlog": {"War and conflict/*"}, "krieg": {"War and conflict/*"},
	// sea
	"maritime": {"Sea and seafaring/*"}, "sea": {"Sea and seafaring/*"}, "seafaring": {"Sea and seafaring/*"},
	"sea and seafaring": {"Sea and seafaring/*"}, "nautical": {"Sea and seafaring/*"}, "maritiem": {"Sea and seafaring/*"},
	"maritieme": {"Sea and seafaring/*"}, "scheepvaart": {"Sea and seafaring/*"}, "zee": {"Sea and seafaring/*"},
	"seefahrt": {"Sea and seafaring/*"}, "schifffahrt": {"Sea and seafaring/*"}, "maritim": {"Sea and seafaring/*"},
	"maritime history": {"Sea and seafaring/*"}, "ship": {"Sea and seafaring / Boats and ships"},
	"boat": {"Sea and seafaring / Boats and ships"}, "lighthouse": {"Sea and seafaring / Lighthouses"},
	"fishing": {"Sea and seafaring / Fishing"}, "lifeboat": {"Services / RNLI"}, "rnli": {"Services / RNLI"},
	// arts
	"ceramic":                 {"Arts / Ceramics", "Industry and manufacture / Potteries"},
	"pottery":                 {"Arts / Ceramics", "Industry and manufacture / Potteries"},
	"potterie":                {"Arts / Ceramics", "Industry and manufacture / Potteries"},
	"porcelain":               {"Arts / Ceramics", "Industry and manufacture / Potteries"},
	"keramiek":                {"Arts / Ceramics", "Industry and manufacture / Potteries"},
	"aardewerk":               {"Arts / Ceramics", "Industry and manufacture / Potteries"},
	"keramik":                 {"Arts / Ceramics", "Industry and manufacture / Potteries"},
	"porzellan":               {"Arts / Ceramics", "Industry and manufacture / Potteries"},
	"topferei":                {"Arts / Ceramics", "Industry and manufacture / Potteries"},
	"fine and decorative art": {"Arts / Fine and decorative arts"}, "fine art": {"Arts / Fine and decorative arts"},
	"decorative art": {"Arts / Fine and decorative arts"}, "painting": {"Arts / Fine and decorative arts"},
	"beeldende kunst": {"Arts / Fine and decorative arts"}, "kunst": {"Arts / Fine and decorative arts"},
	"bildende kunst": {"Arts / Fine and decorative arts"}, "schone kunste": {"Arts / Fine and decorative arts"},
	"art": {"Arts / Fine and decorative arts"}, "arts": {"Arts/*"},
	"photography": {"Arts / Photography"}, "glass": {"Arts / Glass"}, "music": {"Arts / Music", "Personality / Music"},
	"costume": {"Arts / Costume and textiles"}, "fashion": {"Arts / Costume and textiles"},
	// personalities
	"literary": {"Personality / Literary"}, "literature": {"Personality / Literary"}, "writer": {"Personality / Literary"},
	"writers and literature": {"Personality / Literary"}, "author": {"Personality / Literary"}, "poet": {"Personality / Literary"},
	"literatuur": {"Personality / Literary"}, "schrijver": {"Personality / Literary"}, "literatur": {"Personality / Literary"},
	"schriftsteller": {"Personality / Literary"}, "dichter": {"Personality / Literary"},
	// belief
	"religion":           {"Belief and identity / Religion", "Belief and identity / Religious buildings", "Belief and identity / Church treasuries"},
	"religious":          {"Belief and identity / Religion", "Belief and identity / Religious buildings", "Belief and identity / Church treasuries"},
	"religious heritage": {"Belief and identity / Religion", "Belief and identity / Religious buildings", "Belief and identity / Church treasuries"},
	"religie":            {"Belief and identity / Religion", "Belief and identity / Religious buildings", "Belief and identity / Church treasuries"},
	"religieus":          {"Belief and identity / Religion", "Belief and identity / Religious buildings", "Belief and identity / Church treasuries"},
	"religieuze":         {"Belief and identity / Religion", "Belief and identity / Religious buildings", "Belief and identity / Church treasuries"},
	"religio":            {"Belief and identity / Religion", "Belief and identity / Religious buildings", "Belief and identity / Church treasuries"},
	"religiose":          {"Belief and identity / Religion", "Belief and identity / Religious buildings", "Belief and identity / Church treasuries"},
	"church":             {"Belief and identity / Religious buildings", "Belief and identity / Church treasuries"},
	"ethnic":             {"Belief and identity / Ethnic group"}, "ethnic and community identity": {"Belief and identity / Ethnic group"},
	"community identity": {"Belief and identity / Ethnic group"}, "migration": {"Belief and identity / Ethnic group"},
	"freemason": {"Belief and identity / Freemasons"}, "freemasonry": {"Belief and identity / Freemasons"},
	// buildings
	"large historic house": {"Buildings / Houses / Large houses"}, "historic house": {"Buildings / Houses / Large houses", "Buildings / Houses / Medium houses", "Buildings / Houses / Small houses"},
	"country house": {"Buildings / Houses / Large houses"}, "stately home": {"Buildings / Houses / Large houses"},
	"large house": {"Buildings / Houses / Large houses"}, "landhuis": {"Buildings / Houses / Large houses"},
	"herrenhaus": {"Buildings / Houses / Large houses"}, "schloss": {"Buildings / Houses / Large houses", "Buildings / Palace"},
	"palace": {"Buildings / Palace"}, "prison": {"Buildings / Penal"}, "gaol": {"Buildings / Penal"}, "jail": {"Buildings / Penal"},
	// industry
	"textile":          {"Industry and manufacture / Textiles", "Rural Industry / Textiles"},
	"textile industry": {"Industry and manufacture / Textiles", "Rural Industry / Textiles"},
	"textiel":          {"Industry and manufacture / Textiles", "Rural Industry / Textiles"},
	"textil":           {"Industry and manufacture / Textiles", "Rural Industry / Textiles"},
	"textilindustrie":  {"Industry and manufacture / Textiles", "Rural Industry / Textiles"},
	"mining":           {"Industry and manufacture / Mining and quarrying"},
	"quarrying":        {"Industry and manufacture / Mining and quarrying"}, "coalmining": {"Industry and manufacture / Mining and quarrying"},
	"mijnbouw": {"Industry and manufacture / Mining and quarrying"}, "bergbau": {"Industry and manufacture / Mining and quarrying"},
	"watermill": {"Rural Industry / Watermills"}, "water mill": {"Rural Industry / Watermills"},
	"windmill": {"Rural Industry / Windmills"}, "wind mill": {"Rural Industry / Windmills"},
	"mill":       {"Rural Industry / Watermills", "Rural Industry / Windmills"},
	"watermolen": {"Rural Industry / Watermills"}, "windmolen": {"Rural Industry / Windmills"},
	"molen":       {"Rural Industry / Watermills", "Rural Industry / Windmills"},
	"wassermuhle": {"Rural Industry / Watermills"}, "wassermuhlen": {"Rural Industry / Watermills"},
	"windmuhle": {"Rural Industry / Windmills"}, "windmuhlen": {"Rural Industry / Windmills"},
	"muhle": {"Rural Industry / Watermills", "Rural Industry / Windmills"}, "muhlen": {"Rural Industry / Watermills", "Rural Industry / Windmills"},
	"farming": {"Rural Industry / Farming"}, "agriculture": {"Rural Industry / Farming"}, "farm": {"Rural Industry / Farming"},
	"landbouw": {"Rural Industry / Farming"}, "landwirtschaft": {"Rural Industry / Farming"},
	// utilities and services
	"water supply and waste utility": {"Utilities / Water and waste"}, "water and waste utility": {"Utilities / Water and waste"},
	"water and waste": {"Utilities / Water and waste"}, "water supply": {"Utilities / Water and waste"},
	"waste": {"Utilities / Water and waste"}, "sewage": {"Utilities / Water and waste"}, "pumping station": {"Utilities / Water and waste"},
	"waterworks": {"Utilities / Water and waste"}, "drinkwater": {"Utilities / Water and waste"},
	"wasserversorgung":    {"Utilities / Water and waste"},
	"gas and electricity": {"Utilities / Gas and electricity"}, "electricity": {"Utilities / Gas and electricity"},
	"fire service": {"Services / Fire"}, "fire": {"Services / Fire"}, "firefighting": {"Services / Fire"},
	"fire brigade": {"Services / Fire"}, "brandweer": {"Services / Fire"}, "feuerwehr": {"Services / Fire"},
	"police": {"Services / Police"}, "politie": {"Services / Police"}, "polizei": {"Services / Police"},
	// sport
	"sport":    {"Leisure and sport / Rugby and football", "Leisure and sport / Cricket", "Leisure and sport / Other"},
	"sporting": {"Leisure and sport / Rugby and football", "Leisure and sport / Cricket", "Leisure and sport / Other"},
	"football": {"Leisure and sport / Rugby and football"}, "rugby": {"Leisure and sport / Rugby and football"},
	"voetbal": {"Leisure and sport / Rugby and football"}, "fussball": {"Leisure and sport / Rugby and football"},
	"cricket": {"Leisure and sport / Cricket"}, "toy": {"Leisure and sport / Toys and models"},
	"speelgoed": {"Leisure and sport / Toys and models"}, "spielzeug": {"Leisure and sport / Toys and models"},
	"film": {"Leisure and sport / Film Cinema and TV"}, "cinema": {"Leisure and sport / Film Cinema and TV"},
	// natural world, medicine, archaeology
	"natural history": {"Natural world/*"}, "nature": {"Natural world/*"}, "natural world": {"Natural world/*"},
	"natuurlijke historie": {"Natural world/*"}, "natuurhistorie": {"Natural world/*"}, "naturkunde": {"Natural world/*"},
	"naturgeschichte": {"Natural world/*"}, "natuur": {"Natural world/*"},
	"geology and fossil": {"Natural world / Geology", "Natural world / Fossils", "Natural world / Dinosaurs"},
	"geology":            {"Natural world / Geology"}, "geologie": {"Natural world / Geology"}, "mineral": {"Natural world / Geology"},
	"fossil": {"Natural world / Fossils", "Natural world / Dinosaurs"}, "fossiel": {"Natural world / Fossils", "Natural world / Dinosaurs"},
	"fossielen": {"Natural world / Fossils", "Natural world / Dinosaurs"}, "fossilien": {"Natural world / Fossils", "Natural world / Dinosaurs"},
	"dinosaur": {"Natural world / Dinosaurs"}, "zoology": {"Natural world / Zoology"},
	"medicine and health": {"Medicine and health/*"}, "medicine": {"Medicine and health/*"}, "medical": {"Medicine and health/*"},
	"health": {"Medicine and health/*"}, "geneeskunde": {"Medicine and health/*"}, "medizin": {"Medicine and health/*"},
	"gezondheid": {"Medicine and health/*"}, "gesundheit": {"Medicine and health/*"}, "hospital": {"Medicine and health / Hospital"},
	"roman archaeology": {"Archaeology / Roman"}, "roman": {"Archaeology / Roman"}, "romeinse": {"Archaeology / Roman"},
	"romisch": {"Archaeology / Roman"}, "romische": {"Archaeology / Roman"}, "romer": {"Archaeology / Roman"},
	"prehistoric archaeology": {"Archaeology / Prehistory"}, "prehistoric": {"Archaeology / Prehistory"},
	"prehistory": {"Archaeology / Prehistory"}, "prehistorie": {"Archaeology / Prehistory"},
	"vorgeschichte": {"Archaeology / Prehistory"}, "urgeschichte": {"Archaeology / Prehistory"},
	"medieval archaeology": {"Archaeology / Medieval"}, "archaeology": {"Archaeology/*"}, "archeologie": {"Archaeology/*"},
	"archaologie": {"Archaeology/*"}, "egyptian": {"Archaeology / Greek and Egyptian"},
	"local history": {"Local Histories"}, "local historie": {"Local Histories"}, "heimatgeschichte": {"Local Histories"},
	"food and drink": {"Food and drink"}, "science": {"Science and technology/*"}, "technology": {"Science and technology/*"},
	"computing": {"Science and technology / Computing and gaming"}, "clock": {"Industry and manufacture / Clocks and watches"},
	"printing": {"Industry and manufacture / Print"}, "steam engine": {"Industry and manufacture / Steam and engines"},
	"postal service": {"Communications / Post"}, "radio": {"Communications / Radio"},
}

// topicStop are data sub-labels too vague to stand alone as topics.
var topicStop = map[string]bool{
	"other": true, "mixed": true, "and": true, "life": true, "site": true, "event": true, "group": true,
	"professional": true, "association": true, "industrial": true, "rural": true, "world": true,
	"natural": true, "large": true, "medium": true, "small": true, "house": true, "houses": true,
	"personality": true, "buildings": true, "building": true, "civic": true, "school": true, "shop": true,
	"political": true, "scientific": true, "explorer": true, "identity": true, "belief": true,
	"encyclopaedic": true, "bygone": true, "greek": true, "metal": true, "print": true, "design": true,
	"craft": true, "services": true, "service": true, "utilities": true, "communications": true,
	"engine": true, "steam": true, "and models": true, "model": true, "watche": true, "gaming": true,
}

// subjectIndex maps stemmed topic phrases to subject values.
type subjectIndex struct {
	phrases map[string][]string
	maxLen  int
}

// newSubjectIndex builds the topic vocabulary from the data's subjects and
// the synonym table.
func newSubjectIndex(all []string) subjectIndex {
	byCat := map[string][]string{}
	for _, s := range all {
		cat, _, _ := strings.Cut(s, " / ")
		byCat[cat] = append(byCat[cat], s)
	}
	expand := func(vals []string) []string {
		var out []string
		for _, v := range vals {
			if cat, ok := strings.CutSuffix(v, "/*"); ok {
				out = append(out, byCat[cat]...)
				continue
			}
			out = append(out, v)
		}
		sort.Strings(out)
		return dedupe(out)
	}
	idx := subjectIndex{phrases: map[string][]string{}}
	add := func(phrase string, vals []string) {
		key := stemPhrase(phrase)
		if key == "" || topicStop[key] {
			return
		}
		if _, ok := idx.phrases[key]; ok {
			return // the synonym table wins over derived labels
		}
		idx.phrases[key] = vals
		if n := strings.Count(key, " ") + 1; n > idx.maxLen {
			idx.maxLen = n
		}
	}
	for k, v := range topicSynonyms {
		add(k, expand(v))
	}
	for _, s := range all {
		parts := strings.Split(s, " / ")
		sub := parts[len(parts)-1]
		if len(parts) == 1 {
			add(sub, expand([]string{s + "/*"}))
			continue
		}
		add(sub, []string{s})
		for _, w := range strings.Fields(normalize(sub)) {
			if len(w) >= 4 {
				add(w, []string{s})
			}
		}
	}
	return idx
}

func stemPhrase(s string) string {
	ws := strings.Fields(normalize(s))
	for i, w := range ws {
		ws[i] = stem(w)
	}
	return strings.Join(ws, " ")
}

func dedupe(s []string) []string {
	if len(s) < 2 {
		return s
	}
	out := s[:1]
	for _, x := range s[1:] {
		if x != out[len(out)-1] {
			out = append(out, x)
		}
	}
	return out
}
