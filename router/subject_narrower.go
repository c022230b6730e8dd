package router

import (
	"strings"
	"sync"
)

// narrowerLabels are the words of the subject lexicon that name only a
// part of the subject they are read as: the data records "Mining and
// quarrying", not coal; "Fine and decorative arts", not painting;
// "Rugby and football", not football alone. A set read through one of
// them may hold institutions of the subject's other parts, so its answer
// is not exact (see Constraints.Broader). Each must be a label of the
// lexicon (TestNarrowerLabelsAreLexiconLabels). Words for the whole of a
// subject, or for what every institution of it holds ("railway" for
// Trains and railways), are not here.
var narrowerLabels = []string{
	// Archaeology / Greek and Egyptian; Prehistory
	"Egyptian", "Egyptology", "ancient Greek", "ancient Greece", "Egyptisch", "Egyptische", "Egyptologie",
	"oude Grieken", "ägyptisch", "ägyptische", "ägyptischen", "Ägyptologie", "griechische Antike",
	"Stone Age", "Bronze Age", "Iron Age", "neolithic", "steentijd", "bronstijd", "ijzertijd",
	"Steinzeit", "Bronzezeit", "Eisenzeit",
	// Arts / Costume and textiles; Fine and decorative arts; Glass; Photography
	"embroidery", "quilts", "borduurwerk", "Stickerei",
	"painting", "paintings", "sculpture", "schilderkunst", "schilderijen", "beeldhouwkunst",
	"Malerei", "Gemälde", "Gemälden", "Skulptur", "Skulpturen", "Bildhauerei",
	"stained glass", "Glasmalerei",
	"cameras", "fotocamera's", "Kameras",
	// Belief and identity / Religion; Religious buildings
	"Bible", "bibles", "bijbel", "bijbels", "Bibel", "Bibeln",
	"chapel", "chapels", "abbey", "abbeys", "priory", "monastery", "monasteries", "cathedral", "cathedrals",
	"synagogue", "mosque", "kapel", "kapellen", "abdij", "abdijen", "klooster", "kloosters", "kathedraal",
	"synagoge", "moskee", "Kapelle", "Kapellen", "Abtei", "Kloster", "Klöster", "Kathedrale", "Synagoge", "Moschee",
	// Buildings / Civic
	"town hall", "town halls", "guildhall", "stadhuis", "raadhuis", "Rathaus", "Rathäuser",
	// Communications / Post
	"stamps", "philately", "postzegels", "filatelie", "Briefmarken", "Philatelie",
	// Food and drink
	"brewing", "brewery", "breweries", "beer", "cider", "whisky", "whiskey", "distillery", "wine", "bakery",
	"dairy", "chocolate", "bier", "brouwerij", "brouwerijen", "jenever", "wijn", "bakkerij", "zuivel", "kaas",
	"chocolade", "stokerij", "Brauerei", "Brauereien", "Wein", "Weinbau", "Bäckerei", "Schokolade", "Brennerei", "Molkerei",
	// Industry and manufacture / Metals; Mining and quarrying; Textiles; Steam and engines
	"iron and steel", "ironworks", "steelworks", "foundry", "smelting", "ijzer en staal", "ijzergieterij",
	"gieterij", "Eisen und Stahl", "Eisenhütte", "Gießerei",
	"coal mining", "coalmining", "colliery", "collieries", "coal", "slate", "kolenmijn", "kolenmijnen",
	"steenkolenmijn", "steenkool", "Zeche", "Zechen", "Kohlebergbau", "Steinkohle", "Salzbergbau",
	"cotton", "cotton mills", "silk", "katoen", "katoenindustrie", "zijde", "Baumwolle", "Seide",
	"beam engines", "traction engines", "stationary engines",
	// Leisure and sport
	"circus", "carousel", "Zirkus", "Karussell", "draaimolen",
	"football", "rugby", "soccer", "voetbal", "voetbalclub", "Fußball", "Rugby", "Fußballverein",
	"model railways", "model trains", "dolls", "doll", "dolls houses", "teddy bears", "puppets", "poppen",
	"poppenhuizen", "modelspoor", "Puppen", "Puppenhäuser", "Modelleisenbahn", "Modelleisenbahnen", "Teddybären",
	// Medicine and health
	"nursing", "verpleging", "Krankenpflege",
	"pharmacy", "pharmaceutical", "apothecary", "dentistry", "surgery", "veterinary", "apotheek", "farmacie",
	"tandheelkunde", "chirurgie", "Apotheke", "Pharmazie", "Zahnmedizin", "Chirurgie",
	// Natural world
	"ammonites", "ammonieten", "Ammoniten",
	"gemstones", "crystals", "edelstenen", "Edelsteine", "Edelsteinen",
	"birds", "insects", "butterflies", "taxidermy", "vogels", "insecten", "vlinders", "opgezette dieren",
	"Vögel", "Vögeln", "Insekten", "Schmetterlinge", "Schmetterlingen", "Tierpräparate",
	// Personality
	"polar exploration", "poolexpeditie", "Polarforschung",
	"poet", "poets", "novelist", "novelists", "dichter", "dichters", "Dichtern",
	"prime minister",
	"missionary", "missionaries", "zendeling", "Missionar",
	// Rural Industry / Farming
	"tractors", "farm machinery", "tractoren", "Traktoren", "Landtechnik",
	// Sea and seafaring
	"shipbuilding", "sailing ships", "scheepsbouw", "zeilschepen", "Schiffbau", "Segelschiffe",
	"whaling", "walvisvaart", "Walfang",
	// Services / Fire
	"fire engines", "brandweerwagens",
	// Transport
	"airliners", "airports", "luchthavens", "Flughäfen",
	"buses", "busses", "bus", "trams", "tram", "tramways", "trolleybuses", "omnibus", "bussen", "tramwegen",
	"Busse", "Bussen", "Straßenbahn", "Straßenbahnen", "Omnibusse",
	"car", "cars", "motorbikes", "motorbike", "motorcycles", "motorcycle", "motor car", "automobile",
	"vintage cars", "classic cars", "auto", "auto's", "automobielen", "motorfietsen", "Autos", "Automobile",
	"Automobil", "Motorrad", "Motorräder", "Motorrädern",
	"steam railway", "steam trains", "locomotives", "locomotive", "stoomtrein", "stoomtreinen", "locomotief",
	"locomotieven", "Dampflok", "Dampfloks", "Lokomotive", "Lokomotiven", "Dampfeisenbahn",
	// Utilities
	"electricity", "gas", "power station", "power stations", "gasworks", "elektriciteit", "gasfabriek",
	"elektriciteitscentrale", "Elektrizität", "Strom", "Gaswerk", "Kraftwerk",
	"sewage", "sewerage", "pumping station", "waterworks", "water supply", "waste", "drinkwater", "waterleiding",
	"riolering", "afval", "waterzuivering", "gemaal", "Wasserversorgung", "Abwasser", "Wasserwerk", "Kanalisation",
	"Abfall", "Pumpwerk", "Abfallwirtschaft",
}

var (
	narrowerOnce sync.Once
	narrowerKeys map[string]bool
)

// narrowerKey reports whether a stemmed lexicon phrase is one of the
// narrowerLabels.
func narrowerKey(k string) bool {
	narrowerOnce.Do(func() {
		narrowerKeys = map[string]bool{}
		for _, l := range narrowerLabels {
			for _, k := range subjectKeys(l) {
				narrowerKeys[k] = true
			}
		}
	})
	return narrowerKeys[strings.TrimSpace(k)]
}
