package router

import (
	"bufio"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unsafe"
)

// The router's words live in data files, one per language, under
// lexicon/ (see lexicon/README.md). Each row gives a surface form, the
// table (slot) it belongs to, a value, its language and a weight:
//
//	table <TAB> surface <TAB> value <TAB> lang <TAB> weight
//
// The first line of a file is its format version ("lexicon<TAB>1");
// blank lines and lines starting with "#" are ignored. A file holds the
// rows of one language, named by the file (en.tsv, nl.tsv, de.tsv);
// mul.tsv holds the rows that belong to several languages or to none
// (tables whose words were never told apart by language).

//go:embed lexicon/*.tsv lexicon/wordfreq/*.txt
var lexiconFiles embed.FS

// lexiconFormat is the format version the loader reads.
const lexiconFormat = "1"

// lexiconLangs are the languages a row may have, in the order their files
// are read.
var lexiconLangs = []string{"en", "nl", "de", "mul"}

// Lexicon is the router's vocabulary: every word table the rules read,
// loaded from data files. Build it with LoadLexicon or DefaultLexicon; it
// is read-only afterwards and safe for concurrent use.
type Lexicon struct {
	// phrases are every row by the first word of its surface form, for
	// the lexicon's span reader (Router.Spans)
	phrases map[string][]lexPhrase
	// slots are the slot each table's words fill (lexicon/slots.tsv);
	// the span reader proposes the words of these tables only
	slots map[string]string
	// subjects are the subject lexicon's entries, in the order of the
	// table subject.terms
	subjects []subjectEntry
	// subjectStems are the stems of the words of the subject terms and of
	// their English, Dutch and German words: a word of what is asked about
	subjectStems map[string]bool
	// subjectGroups are the umbrella words of several terms
	subjectGroups        []subjectGroup
	subjectCues          map[string]bool
	subjectCompoundHeads []string
	notSubjects          []string
	narrowerLabels       []string
	// narrowerKeys are the narrowerLabels stemmed (see narrowerKey)
	narrowerKeys map[string]bool
	// fieldPartsOf are the parts each field of fieldParts is asked by
	fieldPartsOf map[string]map[string]bool

	// the word tables, each filled from the table of its name
	// (bindTables)
	// typeWords maps custodian type words (English, Dutch, German, a
	// few Romance forms) to type codes
	typeWords map[string]string `lexicon:"table"`
	// listStarts open list questions
	listStarts map[string]bool `lexicon:"table"`
	// negations exclude the type words that follow them
	negations map[string]bool `lexicon:"table"`
	// locatives precede a place
	locatives map[string]bool `lexicon:"table"`
	// commonWords are words of questions that must never be read as a
	// bare place or a one-word institution name
	commonWords map[string]bool `lexicon:"table"`
	// countryNames maps English, Dutch and German country names to ISO
	// codes; countries the data holds no record of are read as
	// themselves, so that the answer says the data places nothing there,
	// and never corrected to a country of the data ("Iceland" is not
	// Ireland)
	countryNames map[string]string `lexicon:"table"`
	// nationNames are the Mapping Museums `region` values and their other
	// names
	nationNames map[string]string `lexicon:"table"`
	// suffixQualifiers name the admin level of the place before them,
	// prefixQualifiers of the place after them
	suffixQualifiers []levelPhrase `lexicon:"table"`
	prefixQualifiers []levelPhrase `lexicon:"table"`
	// areaQualifiers name an area around a town that the data does not
	// record ("Landkreis Esslingen", "provincie Utrecht"): the place is
	// read as the town and the places near it
	areaQualifiers []string `lexicon:"table"`
	// nearBefore are phrases before a place that ask for what lies in or
	// near it; nearAfter follow the place; nearAnywhere may stand
	// anywhere in the question. Longer phrases first. "close to" and
	// "close by" read as "near to" and "near by" (readCloseAsNear).
	nearBefore   []string `lexicon:"table"`
	nearAfter    []string `lexicon:"table"`
	nearAnywhere []string `lexicon:"table"`
	// a distance from a place: "10 miles of", "5 km van", "20 km von"
	distanceOf    map[string]bool `lexicon:"table"`
	distanceUnits map[string]bool `lexicon:"table"`
	numberWords   map[string]bool `lexicon:"table"`
	// governancePhrases map phrases to governance codes
	governancePhrases map[string][]string `lexicon:"table"`
	// governanceModifiers map the first part of a German or Dutch
	// compound of a kind, without its linking ending, to the governance
	// it gives ("Universitäts" in "Universitätsbibliotheken")
	governanceModifiers map[string][]string `lexicon:"table"`
	// governanceNeedsType are governance words that only count right
	// before a type word ("university museums", "national museums"), so
	// that names and bodies are not read as governance
	governanceNeedsType map[string]bool     `lexicon:"table"`
	accreditationWords  map[string]string   `lexicon:"table"`
	sizeWords           map[string][]string `lexicon:"table"`
	// sizeIdiomNouns after a word of size make it no size of an
	// institution ("a big fan of", "a great help")
	sizeIdiomNouns map[string]bool `lexicon:"table"`
	// parentNouns name, in a question of belonging, what an institution
	// belongs to: a word of size beside one describes that, no size
	parentNouns map[string]bool `lexicon:"table"`
	// relation cue phrases
	partOfCues     []string `lexicon:"table"`
	operatedByCues []string `lexicon:"table"`
	housesCues     []string `lexicon:"table"`
	// fillerWords carry no constraint in a heritage question: verbs,
	// pronouns, politeness and trip phrasing in English, Dutch and German
	fillerWords []string `lexicon:"table"`
	// domainKinds are the kinds the data is about (museums, archives,
	// libraries), each with its code: named all together for the members
	// of a body, they name every member
	domainKinds map[string]string `lexicon:"table"`
	// choiceHedges after a word of "or" and before an indefinite article
	// hedge the second value of a choice; they say no more
	choiceHedges []string `lexicon:"table"`
	// verbMarkers stand before a verb ("to", "can"): a field's word after
	// one is that verb
	verbMarkers map[string]bool `lexicon:"table"`
	// askerPossessives are the asker's possessive words ("my", "our"): a
	// kind shortly after one is the asker's own
	askerPossessives map[string]bool `lexicon:"table"`
	// exampleWords before a kind give it as an example of what was named
	// before them: no condition
	exampleWords []string `lexicon:"table"`
	// otherKinds after a kind open the list to every kind
	otherKinds []string `lexicon:"table"`
	// openAlternatives leave the second side of a choice open ("a
	// museum or something else"): see openAlternativeAfter
	openAlternatives []string `lexicon:"table"`
	// separableVerbs are verbs whose particle may stand at the end of
	// their clause, and the particle: the two are read as the one word
	// they make (see joinSeparableVerbs)
	separableVerbs map[string]string `lexicon:"table"`
	// whichPlaceWords ask which place ("where"): before a word of more,
	// which of the places compared has more (see whichMore)
	whichPlaceWords map[string]bool `lexicon:"table"`
	// superlativePhrases are orders said in several words ("been around
	// longest"), valued as superlatives are; the words alone may mean
	// another thing ("the longest name")
	superlativePhrases map[string]Order `lexicon:"table"`
	// frontingWords open a question that names its topic first and asks
	// after a colon ("Regarding X: …", "Zu X: …"); dropped before any
	// rule reads the question (see dropFronting)
	frontingWords []string `lexicon:"table"`
	// frontingEnds close a topic put first between an opener, the value,
	// and them ("was" … "angeht", "wat" … "betreft")
	frontingEnds map[string]string `lexicon:"table"`
	// personWords are the words for the asker and the one asked ("I",
	// "you", "ich", "u"): a preamble holds one (see preambleEnd)
	personWords map[string]bool `lexicon:"table"`
	// holderVerbs say that the place after them holds institutions
	// ("Hoeveel musea heeft X", "Wie viele Museen hat X"): an unknown name
	// after them is a place the data does not know (see unknownPlace)
	holderVerbs map[string]bool `lexicon:"table"`
	// anaphora refer back to what was named before ("it", "es", "het"):
	// a question holding one does not stand without the clause before it
	anaphora map[string]bool `lexicon:"table"`
	// reasonConjunctions open a clause that gives the asker's reason or
	// occasion before the question (see Router.splitReason)
	reasonConjunctions map[string]bool `lexicon:"table"`
	// whetherWords open a yes/no question inside a statement ("… whether
	// it's a museum"): see whetherClause
	whetherWords map[string]bool `lexicon:"table"`
	// kindQuestionWords ask, right before a kind, which institutions of
	// it meet the question's conditions ("what museum in Cornwall …"), as
	// listStarts do
	kindQuestionWords map[string]bool `lexicon:"table"`
	// askerWork are verbs of what the asker is doing ("making", "schreibe")
	// in a clause of their own (see askerWork)
	askerWork []string `lexicon:"table"`
	// askerPurposes open what the asker wants an answer for ("for my",
	// "für mein"): see askerPurpose
	askerPurposes []string `lexicon:"table"`
	// remarkSubjects open a clause the asker says of themselves before
	// the question, as a word of reason does (see Router.splitReason)
	remarkSubjects map[string]bool `lexicon:"table"`
	// remarkJoins join such a clause to the question after its comma
	remarkJoins map[string]bool `lexicon:"table"`
	// placeAnaphora refer back to a place a clause before the question
	// names, each to the locative that stands for it (see
	// Router.referredTo)
	placeAnaphora map[string]string `lexicon:"table"`
	// nameAnaphora refer back to an institution or body a clause before
	// the question names (see Router.referredTo)
	nameAnaphora map[string]bool `lexicon:"table"`
	// possessiveAnaphora refer back to the institution or body a clause
	// before the question names as the owner of what is asked: never to
	// a field the clause names
	possessiveAnaphora map[string]bool `lexicon:"table"`
	// existentialWords after a verb of being say that something exists
	// ("are there"), not where
	existentialWords map[string]bool `lexicon:"table"`
	// backPhrases ask for one of a thing named in a clause before
	// ("which one"): the clause's field is the question's
	backPhrases []string `lexicon:"table"`
	// relativeWords open a relative clause after a comma ("…, which
	// …,", "…, das …,")
	relativeWords map[string]bool `lexicon:"table"`
	// personAntecedents are words for people that a question word after
	// them refers back to ("someone who"), asking nothing
	personAntecedents map[string]bool `lexicon:"table"`
	// versusWords set one side against another ("against", "tegen")
	versusWords map[string]bool `lexicon:"table"`
	// distributives before a kind in the singular ask for all of the
	// kind, as its plural does ("every museum", "jedes Museum")
	distributives map[string]bool `lexicon:"table"`
	// intensifierPrefixes join a word to intensify it ("aller" of
	// "allereerste"): the word is read without them
	intensifierPrefixes []string `lexicon:"table"`
	// contractionEnds are the endings of a pronoun's contraction with a
	// verb after an apostrophe ("re" of "we're", "ll" of "we'll"): the word
	// is read as its pronoun, not as the word its letters fold into
	// ("were", "well").
	contractionEnds map[string]bool `lexicon:"table"`
	// asides are phrases that carry nothing of the question: said to the
	// reader ("for me", "voor mij"), or the rest of an idiom whose verb
	// says it all ("its doors" after "opened"); they are dropped before
	// any rule reads the question, so that none takes their words as a cue
	asides []string `lexicon:"table"`
	// asideWords are the asides split into words, frontingPhrases the
	// frontingWords (derive)
	asideWords, frontingPhrases [][]string
	// topicPreps introduce the topic of a list ("museums about X",
	// "Musea over X", "Museen zum Thema X")
	topicPreps map[string]bool `lexicon:"table"`
	// groupLevels are the words for a kind of place a question may rank by
	// how many institutions each holds, and the field each is read from.
	groupLevels map[string]string `lexicon:"table"`
	// regionExonyms are the German and Dutch names of regions the data names
	// in English ("Bayern", "Beieren" for Bavaria; "Noord-Holland" for North
	// Holland), as keys of the place index. A question in German or Dutch
	// names them so; read as no place, the word was searched for.
	regionExonyms map[string]string `lexicon:"table"`
	// phraseWords follow "in" in turns of phrase that set no condition ("in
	// total", "still in operation", "in which").
	phraseWords map[string]bool `lexicon:"table"`
	// trailingFields are field words that, last in a shorthand question,
	// name the field asked ("Heimatmuseum Rauchkate city").
	trailingFields map[string]string `lexicon:"table"`
	// fieldParts are the words that ask for a field together, in any
	// order, each one part of it: a naming word and a word of the present
	// ask for the current name. A row's value is the field and the part
	// ("current_name now"); the resolver fills a field's template when
	// every part of it stands unread.
	fieldParts map[string]string `lexicon:"table"`
	// valueFollowUps, after a yes/no question, ask for the value too
	// ("and what is it"): the question is one for the value
	valueFollowUps []string `lexicon:"table"`
	// valuePrepositions may stand between "and" and the question word
	// that asks for the value after a yes/no question
	valuePrepositions map[string]bool `lexicon:"table"`
	// ifSoPhrases join a question for the value to a yes/no question
	// ("and if so", "wenn ja"), as "and" does
	ifSoPhrases []string `lexicon:"table"`
	// swapCueWords are short question and cue words read through two
	// letters swapped ("yaer", "waht"): too short for any other slip
	swapCueWords []string `lexicon:"table"`
	// cueWords are question words worth correcting ("colections",
	// "operatd").
	cueWords []string `lexicon:"table"`
	// yesNoStarts open a yes/no question ("is", "hat", "heeft" first).
	yesNoStarts map[string]bool `lexicon:"table"`
	// topicStop are data sub-labels too vague to stand alone as topics. They
	// only matter for a term the lexicon has no entry for, whose words are
	// then derived from the term itself.
	topicStop map[string]bool `lexicon:"table"`
	// negationGap are the words that may stand between a negation and the
	// value it governs: articles, copulas and the verbs and prepositions of
	// running, membership and topic ("not run by the", "isn't part of", "are
	// not about", "nicht von der").
	negationGap map[string]bool `lexicon:"table"`
	// compareCues ask for a comparison.
	compareCues []string `lexicon:"table"`
	// groupPlurals are the plural forms of groupLevels' words.
	groupPlurals map[string]bool `lexicon:"table"`
	// nameStop are words that carry no weight in a name.
	nameStop map[string]bool `lexicon:"table"`
	// ordinalWords are the ordinals of the centuries the data's years fall
	// in, in English, German and Dutch.
	ordinalWords map[string]int `lexicon:"table"`
	// orgHeads are the nouns that end an organisation's name ("Heritage
	// Trust", "Stichting …", "Museumsverband"): known words, yet part of the
	// name that an unknown word starts.
	orgHeads map[string]bool `lexicon:"table"`
	// statusWords test whether an institution is open or closed.
	statusWords map[string]string `lexicon:"table"`
	// operateVerbs say that the body before or after them runs institutions
	// (a body, a verb of running and a kind, in either order).
	operateVerbs map[string]bool `lexicon:"table"`
	// collectionWords ask what an institution collects.
	collectionWords map[string]bool `lexicon:"table"`
	// foreignDemonyms are the adjectives of countries the data holds a few
	// records of. Before a type noun with no other place ("Swiss museums")
	// they are the country; with another place ("Italian museums in London")
	// they say what the museums are about, and are left to the retrievers.
	foreignDemonyms map[string]string `lexicon:"table"`
	// describeStarts open a request to describe what follows.
	describeStarts []string `lexicon:"table"`
	// negationWords turn the value read just after them into one the members
	// of a list must not have ("not small", "no accreditation", "without a
	// subject", "nicht klein", "keine Akkreditierung", "ohne", "niet groot",
	// "geen", "zonder", "neither … nor", "weder … noch").
	negationWords map[string]bool `lexicon:"table"`
	// shareCues ask what share of a set the rest of a question selects.
	shareCues []string `lexicon:"table"`
	// openingTimes are times a question may ask an institution to be open
	// at.
	openingTimes map[string]bool `lexicon:"table"`
	// judgements are words that rank or judge institutions by what the data
	// does not record.
	judgements map[string]bool `lexicon:"table"`
	// plainNouns are things of the asker's day ("course", "project",
	// "window", "Referat"): a subject word right before one names what it
	// is about or belongs to ("an art course", "the tram window"), no
	// subject asked of the records.
	plainNouns map[string]bool `lexicon:"table"`
	// remarkTails open a clause after a question that says what the
	// answer is for ("it's for a mailing list", "het is voor"): see
	// remarkTailAt.
	remarkTails []string `lexicon:"table"`
	// audiencePhrases judge institutions by whom they suit ("for kids",
	// "kindvriendelijk", "für Familien"), which the data does not record.
	audiencePhrases []string `lexicon:"table"`
	// pluralTypeWords are the plural type nouns that make a phrase a list
	// ("aviation museums in Cornwall", "Alle Museen in Kent"). German
	// "Archive" is left out: it is also the English singular.
	pluralTypeWords map[string]bool `lexicon:"table"`
	// stillOpenCues ask for institutions open today.
	stillOpenCues []string `lexicon:"table"`
	// heldWords ask, of one institution, what it holds, as collectionWords
	// do (objects, hold, have after a question word); unlike those, they
	// may be words of names.
	heldWords map[string]bool `lexicon:"table"`
	openWords map[string]bool `lexicon:"table"`
	// samePlaceWords name the kind of place in "the same town as X", "in
	// derselben Stadt wie X", "in dezelfde plaats als X", by the level of
	// the record's place they stand for.
	samePlaceWords map[string]string `lexicon:"table"`
	// placeWhere follow a kind of place and an article to ask for the
	// place of the institution after them: "the town where X is", "de
	// plaats waar X ligt", "der Ort, in dem X liegt"
	placeWhere []string `lexicon:"table"`
	// similarCues before the name of an institution ask for those like
	// it: "similar to", "vergelijkbaar met", "ähnlich wie"
	similarCues []string `lexicon:"table"`
	// placeProximityWords open the data's towns given as near another
	// that are also a preposition questions put after a verb ("by
	// Forfar"): no name a question gives a place by
	placeProximityWords map[string]bool `lexicon:"table"`
	// similarAfterCues ask the same right after the name, as a verb or
	// an adjective that ends its clause: "dem X ähnlich", "die op X
	// lijken"
	similarAfterCues []string `lexicon:"table"`
	// trailingDates ask, last in a shorthand question, for a date.
	trailingDates map[string]string `lexicon:"table"`
	// countNumbers are the number words a count of an order is written with.
	countNumbers map[string]int `lexicon:"table"`
	// timeAdverbs are the adverbs of time that stand after a name in a
	// question ("still", "noch", "nog").
	timeAdverbs map[string]bool `lexicon:"table"`
	// placeQualifiers are the words of a kind of place a nation's adjective
	// may qualify ("the English county Kent", "der englischen Region").
	placeQualifiers map[string]bool `lexicon:"table"`
	// germanAfterWas are words after which "was" is German "what".
	germanAfterWas map[string]bool `lexicon:"table"`
	// placeBefore are the words after which a capitalised run is a place.
	placeBefore map[string]bool `lexicon:"table"`
	// pairJoins link the two institutions of a comparison ("A or B", "A than
	// B", "A before B").
	pairJoins map[string]bool `lexicon:"table"`
	// historyWords ask what happened to an institution.
	historyWords map[string]bool `lexicon:"table"`
	// sameBodyWords name the organisation in "run by the same organisation
	// as X", "von demselben Träger wie X", "door dezelfde organisatie als
	// X".
	sameBodyWords map[string]bool `lexicon:"table"`
	// joiners join coordinated field cues ("ISIL and website", "Adresse und
	// Webseite", "postcode, address").
	joiners map[string]bool `lexicon:"table"`
	// organisationAsked are the openings that ask for one organisation.
	organisationAsked []string `lexicon:"table"`
	// exceptCues introduce places a list leaves out.
	exceptCues []string `lexicon:"table"`
	// decadeWords are the decades of the twentieth century in words; "the
	// eighties" is read as 1980 to 1989, and the answer says so.
	decadeWords map[string]int `lexicon:"table"`
	// centuryHedges make a century vaguer than its years: "the early 19th
	// century" is no span the data can be held to, so such a century is not
	// read and the list says so.
	centuryHedges map[string]bool `lexicon:"table"`
	// nameParticles are the particles of Dutch, German, French and Italian
	// names.
	nameParticles map[string]bool `lexicon:"table"`
	// ordinals name a place in an order ("the second oldest").
	ordinals map[string]int `lexicon:"table"`
	// haveNext are the words that follow the place in a question whether
	// a place has an institution ("have", "got", "any", "ein", "een").
	haveNext map[string]bool `lexicon:"table"`
	// listVerbs ask for a list, right before its count.
	listVerbs map[string]bool `lexicon:"table"`
	// unheldRegions are regions of the countries the data covers that no
	// record names: a question may name them, and they are real places, so
	// no typo tolerance corrects them to another place ("Zeeland", the Dutch
	// province, is not Zealand in Denmark).
	unheldRegions map[string]bool `lexicon:"table"`
	whenWords     []string        `lexicon:"table"`
	// closedVerbs are German verbs of closing that, written small, are
	// also a noun written with a capital ("schloss", Schloss)
	closedVerbs map[string]bool `lexicon:"table"`
	// placeVerbsLast end a sentence that asks where an institution is.
	placeVerbsLast map[string]bool `lexicon:"table"`
	// fuzzyTypeStop are real words within one edit of a type word.
	fuzzyTypeStop map[string]bool `lexicon:"table"`
	// spanUnits are the units of a time "last" may start ("last week",
	// "letzte Woche") besides relativeSpans.
	spanUnits map[string]bool `lexicon:"table"`
	// indefinites make the singular compound after them a kind of
	// institution ("ein Spielzeugmuseum", "een speelgoedmuseum").
	indefinites map[string]bool `lexicon:"table"`
	sameWords   map[string]bool `lexicon:"table"`
	// unknownPlaceCues are the locatives after which unknown words are a
	// place: "in", "near", "around", not "of" or "from", which also join
	// words of names.
	unknownPlaceCues map[string]bool `lexicon:"table"`
	// eachCues ask for a count of every place at a level ("per county", "in
	// each county", "pro Grafschaft", "per graafschap").
	eachCues     map[string]bool `lexicon:"table"`
	closeWords   map[string]bool `lexicon:"table"`
	nameWordCues []string        `lexicon:"table"`
	haveWords    map[string]bool `lexicon:"table"`
	// collectionCues speak of holdings.
	collectionCues []string `lexicon:"table"`
	// parentCueEnds are the ends of a question for the organisation an
	// institution belongs to that names it before the cue (a stranded
	// "part of", "belong to").
	parentCueEnds []string `lexicon:"table"`
	// countCues ask for a number.
	countCues []string `lexicon:"table"`
	// partOfVerbs say that institutions belong to the body.
	partOfVerbs []string `lexicon:"table"`
	// qualifierWords are the admin-unit words a misspelt token may stand for
	// ("London Borugh of Bexley").
	qualifierWords []string `lexicon:"table"`
	// yearWords name a year in "the same year as X", and a decade or a
	// century in "the same decade as X" (spanWidths gives their widths).
	yearWords map[string]bool `lexicon:"table"`
	// relativeSpans are the units of a span back from today.
	relativeSpans map[string]bool `lexicon:"table"`
	// coordinators join two places ("Bath or Wells", "Kent und Devon").
	coordinators map[string]bool `lexicon:"table"`
	// falseFriends are subject words of one language that mean something
	// else in another: German "war" (was), "Art" (kind), "fort" (away),
	// "Roman" (novel); Dutch "arts" (doctor), "roman" (novel).
	falseFriends map[string][]string `lexicon:"table"`
	// publicPhrases follow "open" without changing what it asks ("to the
	// public").
	publicPhrases []string `lexicon:"table"`
	nameContains  []string `lexicon:"table"`
	// afterContainer are the words that may follow what institutions stand
	// in ("in parks in Kent", "in castles or towers").
	afterContainer map[string]bool `lexicon:"table"`
	fewerCues      map[string]bool `lexicon:"table"`
	// commonestCues rank the values of a level before it ("the most common
	// subject of museums in Wales", "the commonest subjects").
	commonestCues []string `lexicon:"table"`
	// regionNicknames are the names people give English regions, by the key
	// of the region's name in the data.
	regionNicknames map[string]string `lexicon:"table"`
	// dutchDecades follow "jaren": "de jaren tachtig".
	dutchDecades map[string]int `lexicon:"table"`
	// nearSubjectWords are common question words within a typo of a subject
	// word ("vestigingen", branches, is not "vestingen", fortresses).
	nearSubjectWords map[string]bool `lexicon:"table"`
	// singularCopulas are "is" and "was" of the languages read.
	singularCopulas map[string]bool `lexicon:"table"`
	// indefinite are the indefinite articles of an existence question.
	indefinite map[string]bool `lexicon:"table"`
	// schemeWords name identifier schemes; "ROR-ID" or "GND-Nummer" is a
	// cue, not an ISIL.
	schemeWords map[string]bool `lexicon:"table"`
	// idHolderCues are verbs and nouns of having, holding and belonging:
	// next to an identifier they ask who holds it, not who runs the
	// institution that holds it
	idHolderCues []string `lexicon:"table"`
	// clausePronouns stand for the institution a first clause names in a
	// second clause after "and" ("is it", "ist es", "is het").
	clausePronouns map[string]bool `lexicon:"table"`
	// clauseJoiners open a second clause of a question about the same
	// institution (a comma and "and").
	clauseJoiners map[string]bool `lexicon:"table"`
	// elisionJoins join two words: a truncated compound to the next
	// word ("Wasser- und"), a word of opening to one of closing.
	elisionJoins map[string]bool `lexicon:"table"`
	// spanWidths are the widths in years of the spans yearWords name beyond
	// one year.
	spanWidths map[string]int `lexicon:"table"`
	// whichWords are the question words "which" of the languages read.
	whichWords map[string]bool `lexicon:"table"`
	// runVerbs are the verbs of running before "by" (see runByKind).
	runVerbs map[string]bool `lexicon:"table"`
	// ofWords join a kind to the name it heads ("University of Oxford").
	ofWords map[string]bool `lexicon:"table"`
	// moreCues ask which side has more (or fewer) institutions.
	moreCues map[string]bool `lexicon:"table"`
	// moreCuePhrases ask it in several words, a comparative before a
	// word of number; the value is "more" or "fewer".
	moreCuePhrases map[string]string `lexicon:"table"`
	articles       map[string]bool   `lexicon:"table"`
	copulas        map[string]bool   `lexicon:"table"`
	// areaParts are areas people name that the data gives only as
	// their parts, each part a place the data names, joined by "|"
	areaParts map[string]string `lexicon:"table"`
	// compassWords name the parts of an area that bears a place's name
	// ("East Sussex", "West Sussex").
	compassWords []string `lexicon:"table"`
	// orWords join the two alternatives of a choice.
	orWords map[string]bool `lexicon:"table"`
	// centuryWords are the words of a century.
	centuryWords map[string]bool `lexicon:"table"`
	// genitiveOf are the words that join a kind to what it belongs to.
	genitiveOf map[string]bool `lexicon:"table"`
	// sayVerbs report what someone says or believes ("says", "meint",
	// "beweert"): a claim to check follows them (see reportedClaim)
	sayVerbs map[string]bool `lexicon:"table"`
	// askVerbs report what someone asks or wonders ("asks", "vraagt",
	// "fragt"): a question word right after one opens the question
	// itself, with or without a comma (see splitReason)
	askVerbs map[string]bool `lexicon:"table"`
	// knowTags close a question by asking whether the one asked knows the
	// answer ("do you know that", "weet jij dat"): their word that
	// refers back refers to the question itself
	knowTags []string `lexicon:"table"`
	// declineTails follow a field to decline it ("address not needed",
	// "adres niet nodig"): that field is not asked (see fieldThenDeclined)
	declineTails []string `lexicon:"table"`
	// fieldOfWords join a field word first in a shorthand question to the
	// name after it ("city for X").
	fieldOfWords map[string]bool `lexicon:"table"`
	// levelWords name the levels of place in answers.
	levelWords map[string]string `lexicon:"table"`
	// negationPhrases are cues of two words that leave out what follows them
	// ("other than the National Trust", "apart from English Heritage").
	negationPhrases []string        `lexicon:"table"`
	fewestCues      map[string]bool `lexicon:"table"`
	bigWords        map[string]bool `lexicon:"table"`
	// existence openers that ask for a set, not a yes or no ("are there",
	// "gibt es", "zijn er").
	existenceSeconds map[string]bool `lexicon:"table"`
	asWords          map[string]bool `lexicon:"table"`
	// strandedPrepositions end a question whose object went before them
	// ("in", "from" as the last word).
	strandedPrepositions map[string]bool `lexicon:"table"`
	// durationSuperlatives end a clause whose verb of being
	// (durationVerbs) comes before them ("has been in Plymouth the
	// longest"): the earliest opened
	durationSuperlatives map[string]bool `lexicon:"table"`
	durationVerbs        map[string]bool `lexicon:"table"`
	// durationComparatives against the rest of a set (allOthers: "open
	// longer than any other") ask for the earliest opened too
	durationComparatives map[string]bool `lexicon:"table"`
	// beVerbs are the verbs of being that open a yes/no question (see
	// openState)
	beVerbs map[string]bool `lexicon:"table"`
	// checkWords, last in keywords, ask whether what they say holds
	checkWords map[string]bool `lexicon:"table"`
	// countKeywords, first or last in keywords (fillers after them
	// aside), ask for a count ("number museums Kent", "museums Kent
	// number please", "aantal musea Kent")
	countKeywords map[string]bool `lexicon:"table"`
	// numberNouns name a number ("number", "aantal", "Anzahl"): a size
	// word said of one is of the number, no size of institutions
	numberNouns map[string]bool `lexicon:"table"`
	// allOthers are the rest of a set as the other side of a comparison
	// ("all the others", "alle anderen"): a comparative against them is
	// a superlative
	allOthers []string `lexicon:"table"`
	// thanWords introduce the other side of a comparison ("more … than",
	// "older than", "älter als").
	thanWords map[string]bool `lexicon:"table"`
	// joinWords join two names ("A and B").
	joinWords map[string]bool `lexicon:"table"`
	// datives are the German articles after "von", "nahe" and "bei" ("in der
	// Nähe von dem X", "unweit vom X"), which articles does not hold.
	datives map[string]bool `lexicon:"table"`
	// whenStarts ask when.
	whenStarts map[string]bool `lexicon:"table"`
	mostCues   map[string]bool `lexicon:"table"`
	// recentWords follow "most" in "the most recent", "most recently
	// opened".
	recentWords map[string]bool `lexicon:"table"`
	smallWords  map[string]bool `lexicon:"table"`
	// fieldCues maps phrases to the record field a factual question asks
	// for, most specific first.
	fieldCues []fieldCue `lexicon:"table"`
	// fieldNarrowers map a field whose cue word also names another field
	// to that field, asked when one of its cues stands beside it (see
	// narrowedField)
	fieldNarrowers map[string][]string `lexicon:"table"`
	// levelCues are nouns of a level of place wider than a town, each
	// with its field (see narrowedField)
	levelCues map[string]string `lexicon:"table"`
	// moreThanVerbs are cues of more that hold their "than": the side
	// after the verb is the one compared with (see moreThanAt)
	moreThanVerbs map[string]bool `lexicon:"table"`
	// partitives after a superlative pick one of a plural ("the oldest
	// of the museums")
	partitives map[string]bool `lexicon:"table"`
	// oneOfWords ask for one institution whatever the number of the kind
	// around them ("which one", German "welches" alone)
	oneOfWords []string `lexicon:"table"`
	// whoWords ask who, of the sides compared too ("who has more")
	whoWords map[string]bool `lexicon:"table"`
	// pairCues compare two institutions ("older", "groter"): value the
	// attribute, and "highest" when the first wins by the higher value
	// pairCues name the attribute two institutions are compared on.
	pairCues map[string]Pair `lexicon:"table"`
	// superlatives order a list ("oldest", "grootste"): value as
	// pairCues'
	// superlatives name an end of an order: the lowest opening year
	// ("oldest"), the highest ("newest") or a size. The attribute "opened"
	// becomes "closed" in a question about closing ("the last museum in York
	// to close").
	superlatives map[string]Order `lexicon:"table"`
	// demonyms are the adjectives of the countries and nations a type
	// noun may follow ("German archives", "Scottish museums",
	// "Nederlandse musea"): value the place's level and name,
	// "country:DE"
	// demonyms are the adjectives of the countries and nations a type noun
	// may follow ("German archives", "Scottish museums", "Nederlandse
	// musea").
	demonyms map[string]Place `lexicon:"table"`
	// townAdjectiveEndings are the endings of a town's adjective and
	// what the town's name may end in instead ("ner" of "Dresdner", "en"
	// of "Dresden"), tried in their order (see townOfAdjective)
	townAdjectiveEndings []phraseValue `lexicon:"table"`
	// ordinalEnds are "first" and "last", which name an end of the order
	// of opening (or closing) years only beside a verb of opening or
	// closing ("opened first", "the last to close") or before a type noun
	// ("the first museum in Wales"): value first or last
	// ordinalEnds are "first" and "last", which name an end of the order of
	// opening (or closing) years only beside a verb of opening or closing
	// ("opened first", "the last to close") or before a type noun ("the
	// first museum in Wales").
	ordinalEnds map[string]string `lexicon:"table"`
	// compoundHeads are the type words that end German and Dutch
	// compounds, longest first: value the type code, and "plural" for a
	// plural head
	compoundHeads []compoundHead `lexicon:"table"`
	// langCues are function words that mark a question as German or
	// Dutch, by the language of their row
	langCues map[string]map[string]bool `lexicon:"table"`
	// placeFuzzyStop are common English, Dutch and German words that must
	// not be corrected into a place.
	placeFuzzyStop map[string]bool `lexicon:"table"`
	// ordinalPrefixes are ordinals written into a German superlative
	// ("zweitälteste"); none is the start of another
	ordinalPrefixes map[string]int `lexicon:"table"`
	// exactFieldWords are field words read only as written: one typo
	// from each is another word ("county" and "country", "region" and
	// "legion")
	exactFieldWords map[string]bool `lexicon:"table"`
	// timePrepositions set a time before, after, since, until or during
	// what follows them (value: the direction), a year or an era; a
	// phrase of several words is one row ("prior to")
	timePrepositions []phraseValue `lexicon:"table"`
	// yearPrepositions set a time only before a year written in digits
	// (value: a direction of timePrepositions, between or from): "by"
	// 1990 is until 1990, "by" the war is not a time
	yearPrepositions []phraseValue `lexicon:"table"`
	// eraArticles are the articles skipped before an era ("after the
	// war")
	eraArticles map[string]bool `lexicon:"table"`
	// ordinalSuffixes end an ordinal written in digits ("19th", "19e")
	ordinalSuffixes map[string]bool `lexicon:"table"`
	// warPhrases name a war (value: its first and last year, from:to),
	// such as the world wars in every way they are written, or the years
	// the Netherlands were at war, which Dutch calls "de oorlog"
	warPhrases []yearPhrase `lexicon:"table"`
	// eraPhrases name an era by the side of a war it lies on (value:
	// from:to, a side left empty when the era is open there): post-war,
	// pre-war, between the wars
	eraPhrases []yearPhrase `lexicon:"table"`
	// warWords are a war not named ("after the war", "nach dem Krieg")
	warWords map[string]bool `lexicon:"table"`
	// yesNoOpeners open a request whose question follows a word of
	// complementizers ("tell me" if, "weet u" of, "sag mir" ob): a yes/no
	// question asked inside it
	yesNoOpeners    []string        `lexicon:"table"`
	complementizers map[string]bool `lexicon:"table"`
	// doubtTails, after a comma or dash that ends a statement, say that
	// the asker doubts it ("but I'm not sure"): the statement is asked
	doubtTails []string `lexicon:"table"`
	// statementOpeners open a request to check the statement that
	// follows them, with no complementizer between: a yes/no question
	// when the statement holds a verb of yesNoStarts
	statementOpeners []string `lexicon:"table"`
	// politeModals and knowVerbs open a request ("Can you tell me …",
	// "Weißt du, wann …") when a politeAddressees word follows them
	politeModals     map[string]bool `lexicon:"table"`
	knowVerbs        map[string]bool `lexicon:"table"`
	politeAddressees map[string]bool `lexicon:"table"`
	// knowAfterDo follow "do you" where it opens a request ("do you
	// know", "do you happen to know"); a know verb that is no auxiliary
	// needs none of them
	knowAfterDo []string `lexicon:"table"`
	// requestWords ask the reader to give, find or check something: the
	// request verbs in their imperative, infinitive and -ing forms, and
	// the words of politeness around them. They say nothing of what is
	// asked; one of them may open a preamble (see preambleEnd)
	requestWords map[string]bool `lexicon:"table"`
	// requestOpeners open a request for a value in the first person
	// ("can I get", "may I have", "mag ich wissen"): no yes/no question
	requestOpeners []string `lexicon:"table"`
	// doAuxiliaries are the know verbs that need a word of knowAfterDo
	doAuxiliaries map[string]bool `lexicon:"table"`
	// choiceStoppers after "or" make no choice ("or not", "or has it
	// closed")
	choiceStoppers map[string]bool `lexicon:"table"`
	// whWords are the question words
	whWords map[string]bool `lexicon:"table"`
	// havingCues say having (have, with), lackingCues having none
	// (without), negatingCues a negation of having (no, kein, lacks),
	// exceptingCues leaving out (except), which is no having at all
	havingCues    map[string]bool `lexicon:"table"`
	lackingCues   map[string]bool `lexicon:"table"`
	negatingCues  map[string]bool `lexicon:"table"`
	exceptingCues map[string]bool `lexicon:"table"`
	// existenceFirsts open "Are there any …", "Gibt es …"
	existenceFirsts map[string]bool `lexicon:"table"`
	// placeHasVerbs open "Does York have …", "Hat Bremen …"
	placeHasVerbs map[string]bool `lexicon:"table"`
	// skippedArticles are the articles the word before a token skips
	skippedArticles map[string]bool `lexicon:"table"`
	// looseBeforeCues and looseAfterCues compare opening years with what
	// follows: earlier than it, later than it
	looseBeforeCues map[string]bool `lexicon:"table"`
	looseAfterCues  map[string]bool `lexicon:"table"`
	// andWords join two questions or two verbs
	andWords map[string]bool `lexicon:"table"`
	// housedEnds end a question of where something is housed
	housedEnds map[string]bool `lexicon:"table"`
	// longerWords follow a negation in "no longer", "nicht mehr"
	longerWords map[string]bool `lexicon:"table"`
	// genitiveArticles lead a German genitive
	genitiveArticles map[string]bool `lexicon:"table"`
	// kindOfCues ask for the kind of what follows ("what kind of", "was
	// für"), in order
	kindOfCues []string `lexicon:"table"`
	// relationQuestionWords open a question for a related institution
	relationQuestionWords map[string]bool `lexicon:"table"`
	// byCountCues rank places by their number of members ("by number
	// of", "nach Anzahl"), in order
	byCountCues []string `lexicon:"table"`
	// existenceCues ask whether a set has members ("is there a", "gibt
	// es ein"), in order
	existenceCues []string `lexicon:"table"`
	// kindWords are the words of the kindOfCues
	kindWords []string `lexicon:"table"`
	// topicEnds close a question for what something is about: the
	// topic preposition left at its end
	topicEnds map[string]bool `lexicon:"table"`
	// topicQuestionWords open a question whose topic preposition ends
	// it: with a topicEnd, it asks for the description
	topicQuestionWords map[string]bool `lexicon:"table"`
	// describeArticles may follow a request to describe, besides the
	// nameStop words, without naming what is to be described
	describeArticles map[string]bool `lexicon:"table"`
	// germanWhatWords are the German question word for what, a verb in
	// English: read as a question word only before a word of
	// germanAfterWas
	germanWhatWords map[string]bool `lexicon:"table"`
	// prepositionJoins are coordinators that are a preposition in
	// another language (Dutch "or", English "of"): rules that read two
	// places or names on either side of a join skip them, and rules that
	// read a choice look at the words around them first
	prepositionJoins map[string]bool `lexicon:"table"`
	// bodyArticles are skipped before the words of an organisation's
	// name read with typos
	bodyArticles map[string]bool `lexicon:"table"`
	// closedCompounds are the one-word forms of a separable verb of
	// closing; closeGoVerbs and closeParticles are its two parts, which
	// say closing when both stand in the question, unless a
	// nearAfterParticle follows the particle (then it says near)
	closedCompounds   map[string]bool `lexicon:"table"`
	closeGoVerbs      map[string]bool `lexicon:"table"`
	closeParticles    map[string]bool `lexicon:"table"`
	nearAfterParticle map[string]bool `lexicon:"table"`
	// operatorQuestionWords ask who: before a verb of running and a
	// superlative, they ask for the organisations that run the most
	operatorQuestionWords map[string]bool `lexicon:"table"`
	// groupByWords group by the level after them when that level ends
	// the question, as eachCues do anywhere
	groupByWords map[string]bool `lexicon:"table"`
	// countOfPhrases after a word of size make it a count, not a size
	countOfPhrases map[string]bool `lexicon:"table"`
	// nameAboutPreps before a name ask what it is (a German idiom), not
	// for what is near it
	nameAboutPreps map[string]bool `lexicon:"table"`
	// choiceWords offer a choice between the words around them in every
	// language (prepositionJoins do in one)
	choiceWords map[string]bool `lexicon:"table"`
	// choiceArticles after a prepositionJoin make it a choice between
	// two things
	choiceArticles map[string]bool `lexicon:"table"`
	// prepositionArticles after a prepositionJoin make it the
	// preposition, not a choice
	prepositionArticles map[string]bool `lexicon:"table"`
	// negationBarriers join a new clause: a negation before them does
	// not reach the words after them
	negationBarriers map[string]bool `lexicon:"table"`
	// openedOrderCues are the pair cues that, after a word of opening,
	// compare two institutions by their opening
	openedOrderCues map[string]bool `lexicon:"table"`
	// qualifierOf ends a place qualifier before the name it qualifies
	qualifierOf map[string]bool `lexicon:"table"`
	// kindNouns name institutions of every kind: after a qualifier they
	// stand where a kind does
	kindNouns map[string]bool `lexicon:"table"`
	// runByArticles may stand between the agent preposition and a kind
	// of governance
	runByArticles map[string]bool `lexicon:"table"`
	// agentPrepositions follow a verb of running and lead what runs the
	// institutions
	agentPrepositions map[string]bool `lexicon:"table"`
	// containerFillers may stand, beside the articles, between a word of
	// containing and what contains
	containerFillers map[string]bool `lexicon:"table"`
	// houseVerbs end a question of where something is housed after a
	// do-form; housedParticiples end one after a cue of which container
	houseVerbs        map[string]bool `lexicon:"table"`
	housedParticiples map[string]bool `lexicon:"table"`
	// kindQuantifiers describe a kind, as indefinites do
	kindQuantifiers map[string]bool `lexicon:"table"`
	// topWords may lead the number before a superlative and are read with it
	topWords map[string]bool `lexicon:"table"`
	// sideQuestionOpeners open the list question each side of a
	// comparison of values is read as; the first is used
	sideQuestionOpeners []string `lexicon:"table"`
	// haveOpeners open a question whether a place has something, and
	// haveVerbs end the place (see placeOfHave)
	haveOpeners map[string]bool `lexicon:"table"`
	haveVerbs   map[string]bool `lexicon:"table"`
	// topicOfWords link a kind of institution to its topic
	topicOfWords map[string]bool `lexicon:"table"`
	// topicParticles may stand between a topic preposition and the
	// topic, as nameStop words do
	topicParticles map[string]bool `lexicon:"table"`
	// notPlaceLocatives are locatives that before a capitalised word do
	// not mark it as a place
	notPlaceLocatives map[string]bool `lexicon:"table"`
	// canOpeners are the modal verbs that open a yes/no question like
	// the yesNoStarts
	canOpeners map[string]bool `lexicon:"table"`
	// sidePlacePreps put the place of a question whether a place has
	// something after each side of a comparison of values; the first is
	// used
	sidePlacePreps []string `lexicon:"table"`
	// activeHousesVerbs, as written, before the name a question gives
	// ask what the named one houses
	activeHousesVerbs []string `lexicon:"table"`
	// termPartJoins join the parts a subject term's label names
	termPartJoins []string `lexicon:"table"`
	// genitiveAdjectiveEndings end the adjectives that may stand between
	// a genitiveArticle and its noun
	genitiveAdjectiveEndings []string `lexicon:"table"`
	// existVerbs say being open or existing ("how long has X existed")
	existVerbs []string `lexicon:"table"`
	// existenceVerbs ask whether an institution exists, which a yes/no
	// question reads as whether it is open
	existenceVerbs []string `lexicon:"table"`
	// durationCues ask how long
	durationCues []string `lexicon:"table"`
	// ageCues ask since when an institution is open
	ageCues []string `lexicon:"table"`
	// distanceCues ask how far apart two places are
	distanceCues []string `lexicon:"table"`
	// profileCues ask for a comparison
	profileCues []string `lexicon:"table"`
	// childrenWords ask for the sites or members of an institution
	childrenWords []string `lexicon:"table"`
	// parentCues ask for the organisation an institution belongs to
	parentCues []string `lexicon:"table"`
	// itQuestions ask a yes/no question of "it" ("is it", "hat es")
	itQuestions []string `lexicon:"table"`
	// openCues ask whether institutions are open
	openCues []string `lexicon:"table"`
	// topicWords lead a topic ("about", "devoted to")
	topicWords []string `lexicon:"table"`
	// historyCues ask about the past of an institution
	historyCues []string `lexicon:"table"`
	// presentAuxiliaries say, beside a word of pastTense, that a
	// question asks of today ("which museums that were … are open")
	presentAuxiliaries []string `lexicon:"table"`
	// pastTense say a question asks of the past (status)
	pastTense []string `lexicon:"table"`
	// pastDoForms carry a verb in its base form in the past ("did")
	pastDoForms map[string]bool `lexicon:"table"`
	// postcodeNearCues ask for what lies near a postcode
	postcodeNearCues []string `lexicon:"table"`
	// listCues open a list question anywhere in it
	listCues []string `lexicon:"table"`
	// whichOfCues ask for one of a set ("which of the")
	whichOfCues []string `lexicon:"table"`
	// renameWords say a change of name
	renameWords []string `lexicon:"table"`
	// finiteOperateVerbs are finite verbs of running ("betreibt", "beheert")
	finiteOperateVerbs []string `lexicon:"table"`
	// comparisonWords may compare places or years ("than", "before")
	comparisonWords []string `lexicon:"table"`
	// stillCues ask whether an institution is still open or may be visited
	stillCues []string `lexicon:"table"`
	// tellMeCues open a request to describe ("tell me about")
	tellMeCues []string `lexicon:"table"`
	// howOldCues ask the age of an institution
	howOldCues []string `lexicon:"table"`
	// whereCues ask where an institution is
	whereCues []string `lexicon:"table"`
	// orNotCues end a yes/no question ("… or not")
	orNotCues []string `lexicon:"table"`
	// tagQuestions, set off at the end of a statement, ask whether it
	// holds
	tagQuestions []string `lexicon:"table"`
	// inWhichCues ask in which building an institution is housed
	inWhichCues []string `lexicon:"table"`
	// doForms open a question for what an institution houses
	doForms []string `lexicon:"table"`
	// doVerbs are the auxiliary "do" that a verb of running follows
	doVerbs []string `lexicon:"table"`
	// whereCanICues ask where to go to see something ("where can I see")
	whereCanICues []string `lexicon:"table"`
	// isItCues ask "is it …" of a named institution
	isItCues []string `lexicon:"table"`
	// everWords ask whether an institution was ever open
	everWords []string `lexicon:"table"`
	// everyStatusPhrases ask for a kind of every status ("open or
	// closed", "whether open or not"): see markEveryStatus
	everyStatusPhrases []string `lexicon:"table"`

	// unrecordedFields are the fields the data records for no institution:
	// fieldCues reads their words so that a question about one
	// institution is answered "not recorded".
	unrecordedFields map[string]bool `lexicon:"table"`
	// nameArticles are the articles a name may open with; a name is also
	// indexed without them ("The Hunterian", "Het Scheepvaartmuseum").
	nameArticles []string `lexicon:"table"`
	// placeInnerWords may stand inside a place of several words ("Stoke on
	// Trent", "Dumfries and Galloway") although they are common words.
	placeInnerWords map[string]bool `lexicon:"table"`
	// compoundLinks are the endings a German or Dutch compound's first part
	// may carry before its head (linking elements, a dropped "e"), in the
	// order the bare part is tried without them.
	compoundLinks []string `lexicon:"table"`
	// leadingHeads are type words that open a compound whose rest names
	// the subject ("Museumseisenbahn"), longer forms first.
	leadingHeads []string `lexicon:"table"`
	// butOrdinals count from the end of an order in Dutch ("het op één na
	// oudste": the second oldest): the place in the order they ask for.
	butOrdinals map[string]int `lexicon:"table"`
	// unqualifiedLevels rank the data's admin levels for a place named
	// without a qualifier: an administrative county or UA first.
	unqualifiedLevels []string `lexicon:"table"`
	// nearSynonyms are words of closing that also say nearness, and the
	// word of nearness they are read as before one of nearSynonymNexts
	// ("close to", "close by") and no publicPhrases.
	nearSynonyms     map[string]string `lexicon:"table"`
	nearSynonymNexts []string          `lexicon:"table"`
	// kindStems open the words of a kind of institution in any of its
	// forms ("museum", "Museums", "galleries"): after such a word an era
	// names the institution, not a time.
	kindStems []string `lexicon:"table"`
	// adminLevelKinds are words of the data's admin levels ("English
	// County", "Scottish Council Area") and the level of place an area of
	// that kind ranks as, the first that the level holds.
	adminLevelKinds []levelPhrase `lexicon:"table"`
	// postcodeCues stand before an outward code ("postcode NE61"), in the
	// order they are tried.
	postcodeCues []string `lexicon:"table"`
	// bodyHeadWords end the name of a body, saying what kind of body it
	// is ("Institution", "Trust"); the name without it is the body's too
	bodyHeadWords map[string]bool `lexicon:"table"`
	// eventVerbs name an event of a record other than its opening or
	// closing ("renamed", "moved"): years after one are not its opening
	eventVerbs map[string]bool `lexicon:"table"`
	// valueNouns name a field's value without naming the field ("which
	// code"): after a word of which, the field a clause before names
	valueNouns map[string]bool `lexicon:"table"`
	// postcodeStartCues stand before the start of a postcode asked for
	// ("starting with NE61")
	postcodeStartCues []string `lexicon:"table"`
	// radiusCues stand before a distance that bounds a search ("within 10
	// km", "binnen 5 km", "im Umkreis von 20 km"); radiusUnits are the
	// units of that distance and their length in kilometres.
	radiusCues  []string           `lexicon:"table"`
	radiusUnits map[string]float64 `lexicon:"table"`
	// decadePlurals end a decade of two digits ("the 80s"); decadeSuffixes
	// end one of two or four digits that a noun of years may follow ("die
	// 80er Jahre", "1980er"), decadeNouns being the stems of those nouns.
	// decadeLeads stand before a decade ("de jaren tachtig").
	decadePlurals  []string        `lexicon:"table"`
	decadeSuffixes []string        `lexicon:"table"`
	decadeNouns    []string        `lexicon:"table"`
	decadeLeads    map[string]bool `lexicon:"table"`
	// ordinalPhrases are ordinals of several words ("twenty first"), as
	// ordinalWords are of one.
	ordinalPhrases map[string]int `lexicon:"table"`
	// openStates say that an institution is open now ("open", "geöffnet",
	// "geopend"); ceaseWords after a negation say it no longer is ("no
	// longer open").
	openStates map[string]bool `lexicon:"table"`
	ceaseWords map[string]bool `lexicon:"table"`
	// openingTimePreps join an open state and a time ("open on Sundays",
	// "open at weekends"): opening hours, which the data does not record.
	openingTimePreps map[string]bool `lexicon:"table"`
	// settingPreps stand before a setting the institutions are in ("in a
	// park", "inside a castle"), which no field records.
	settingPreps map[string]bool `lexicon:"table"`
	// withoutWords leave out what follows them, a quality no field may
	// record ("without a café", "ohne", "zonder").
	withoutWords map[string]bool `lexicon:"table"`
	// amountThan follows more or fewer before a number of something
	// ("more than 100,000 visitors").
	amountThan map[string]bool `lexicon:"table"`
	// relativeStarts open a span of time back from today ("the last ten
	// years", "den letzten Jahren", "de afgelopen jaren").
	relativeStarts map[string]bool `lexicon:"table"`
	// notNegating follow a negation word that is part of a phrase of its
	// own there ("not for profit"), no negation of the kind after it.
	notNegating []string `lexicon:"table"`
	// governanceKinds are governance words that also name a kind, the type
	// code they stand for; read as governance, the kind is not read
	// ("university museums").
	governanceKinds map[string]string `lexicon:"table"`
	// valueJoins join two values of one condition compared by more or
	// fewer ("more accredited or unaccredited museums", "mehr private als
	// staatliche Museen").
	valueJoins map[string]bool `lexicon:"table"`
	// runArticles open a run of capitalised words without being part of
	// the name ("The Worthing Museum"); unlike nameArticles, they hold no
	// German "der" or "die".
	runArticles map[string]bool `lexicon:"table"`
	// recentSuperlatives before a word of recency make the superlative of
	// opening ("most recent").
	recentSuperlatives map[string]bool `lexicon:"table"`
	// idSchemeCues name a scheme of identifiers before a value, perhaps
	// with one of idNouns ("ISIL DE-1", "GND-Nummer 123", "ROR id 0…"), in
	// lower case; a value after them that does not parse is reported.
	idSchemeCues []string `lexicon:"table"`
	idNouns      []string `lexicon:"table"`
	// pluralAfterArticle are type nouns that are plural after one of
	// pluralArticles (German "die Archive", "alle Archive"), though alone
	// they are the singular of another language (English "archive").
	pluralAfterArticle map[string]bool `lexicon:"table"`
	pluralArticles     map[string]bool `lexicon:"table"`
	// typoStop are common words within a typo of a row that no typo
	// reader takes for that row (see plainWord)
	typoStop map[string]bool `lexicon:"table"`
	// (tables)

	// knownWords are the words the rules understand (see
	// buildKnownWords); fillerSet holds the fillerWords
	knownWords map[string]bool
	// frequentWords are the frequentTop most frequent words of the
	// languages read (lexicon/wordfreq), folded: a word of a question
	// that is one is likelier a word of the sentence than of a name;
	// dictionaryWords are all the words of those lists, folded: one
	// written small is that word, no misspelling of another;
	// dictionaryOf holds each language's list alone
	frequentWords, dictionaryWords map[string]bool
	dictionaryOf                   map[string]map[string]bool
	fillerSet                      map[string]bool
	// partOfCueList and operatedByCueList index partOfCues and
	// operatedByCues; relationTypoCues are the relation cues whose first
	// word is long enough to be read with one typo (see
	// buildRelationTypoCues)
	partOfCueList, operatedByCueList *cueIndex
	relationTypoCues                 []struct{ first, next, rel string }
	// typeWordList is the one-word type vocabulary for typo correction
	typeWordList []string
	// countCueList, compareCueList and collectionCueList index
	// countCues, compareCues and collectionCues
	countCueList, compareCueList, collectionCueList *cueIndex
	// fuzzyFieldWords are single cue words long enough to be matched with
	// one typo ("websitte", "Wikidatz", "Akkreditieeung"), in order
	fuzzyFieldWords []fieldWord
	// fieldCueIndex finds the fieldCues a question may hold;
	// fieldCueWords are the cues that are one word
	fieldCueIndex *cueIndex
	// pairTypoCues are the pair cues read with one typo
	pairTypoCues  []pairCueOf
	fieldCueWords map[string]bool
	// regionNames are the other names of regions, read as the region the
	// data names where the data has no place of that name
	regionNames map[string]string
	// postcodePatterns find an outward code and a radius by their cues
	postcodePatterns postcodePatterns
	// cuedID finds a scheme cue and the value after it
	cuedID *regexp.Regexp
}

// levelPhrase is a phrase that names the admin level of a place.
type levelPhrase struct{ words, level string }

// phraseValue is a phrase of one or more words and the value it stands
// for.
type phraseValue struct{ words, value string }

// yearPhrase is a phrase that names a span of years; 0 leaves a side
// open.
type yearPhrase struct {
	words    string
	from, to int
}

// compoundHead is a type word that ends compounds.
type compoundHead struct {
	suffix, code string
	plural       bool
}

// fieldCue is a phrase that asks for a record field.
type fieldCue struct{ phrase, field string }

// lexRow is one row of a lexicon file.
type lexRow struct {
	table, surface, value, lang string
	weight                      float64
	where                       string // file:line
}

// WithLexicon sets the vocabulary the router reads questions with
// (DefaultLexicon when unset). Tables given by WithTables must have been
// derived with the same vocabulary.
func WithLexicon(lex *Lexicon) Option {
	return func(r *Router) {
		if lex != nil {
			r.lex = lex
		}
	}
}

var defaultLexicon = sync.OnceValues(func() (*Lexicon, error) { return LoadLexicon(lexiconFiles) })

// DefaultLexicon returns the vocabulary bundled with the router, parsed
// once.
func DefaultLexicon() *Lexicon {
	lex, err := defaultLexicon()
	if err != nil {
		// the bundled files are checked by the package's tests
		panic(fmt.Sprintf("router: bundled lexicon: %v", err))
	}
	return lex
}

// LoadLexicon reads the lexicon files (lexicon/<lang>.tsv, one per
// language in lexiconLangs; a missing language is no error) from fsys. It
// is strict: a row of an unknown table or language, a duplicate row, a
// bad weight or a table read with the wrong shape is an error.
func LoadLexicon(fsys fs.FS) (*Lexicon, error) {
	var rows []lexRow
	for _, lang := range lexiconLangs {
		name := path.Join("lexicon", lang+".tsv")
		b, err := fs.ReadFile(fsys, name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("lexicon: %w", err)
		}
		rs, err := parseLexicon(name, lang, string(b))
		if err != nil {
			return nil, err
		}
		rows = append(rows, rs...)
	}
	lex, err := buildLexicon(rows)
	if err != nil {
		return nil, err
	}
	if lex.frequentWords, lex.dictionaryWords, lex.dictionaryOf, err = loadFrequentWords(fsys); err != nil {
		return nil, err
	}
	b, err := fs.ReadFile(fsys, path.Join("lexicon", "slots.tsv"))
	if errors.Is(err, fs.ErrNotExist) {
		return lex, nil
	}
	if err != nil {
		return nil, fmt.Errorf("lexicon: %w", err)
	}
	if lex.slots, err = parseSlots(string(b), rows); err != nil {
		return nil, err
	}
	return lex, nil
}

// wordfreqDir holds the frequent words of each language.
const wordfreqDir = "lexicon/wordfreq"

// frequentTop is how many of each language's most frequent words are
// frequentWords.
const frequentTop = 3000

// loadFrequentWords reads lexicon/wordfreq/<lang>.txt (one word a line,
// most frequent first; a missing language is no error) into one set of
// the first frequentTop folded words of each and one of all of them.
func loadFrequentWords(fsys fs.FS) (frequent, all map[string]bool, of map[string]map[string]bool, err error) {
	frequent, all, of = map[string]bool{}, map[string]bool{}, map[string]map[string]bool{}
	for _, lang := range lexiconLangs {
		b, err := fs.ReadFile(fsys, path.Join(wordfreqDir, lang+".txt"))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, nil, nil, fmt.Errorf("lexicon: %w", err)
		}
		own := map[string]bool{}
		of[lang] = own
		n := 0
		for line := range strings.Lines(string(b)) {
			if w := normalize(line); w != "" && !strings.Contains(w, " ") {
				all[w], own[w] = true, true
				if n < frequentTop {
					frequent[w] = true
				}
			}
			n++
		}
	}
	return frequent, all, of, nil
}

// parseSlots reads slots.tsv: the slot each table's words fill, one
// table a line after the version line. A table no row has, a table
// listed twice or an empty slot is an error.
func parseSlots(text string, rows []lexRow) (map[string]string, error) {
	tables := map[string]bool{}
	for _, r := range rows {
		tables[r.table] = true
	}
	slots := map[string]string{}
	for n, line := range strings.Split(text, "\n") {
		where := fmt.Sprintf("lexicon/slots.tsv:%d", n+1)
		switch {
		case n == 0 && line != "lexicon\t"+lexiconFormat:
			return nil, fmt.Errorf("lexicon: %s: first line must be %q, not %q", where, "lexicon\t"+lexiconFormat, line)
		case n == 0 || strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#"):
			continue
		}
		table, slot, ok := strings.Cut(line, "\t")
		switch {
		case !ok || slot == "" || strings.Contains(slot, "\t"):
			return nil, fmt.Errorf("lexicon: %s: want a table and its slot", where)
		case !tables[table]:
			return nil, fmt.Errorf("lexicon: %s: unknown table %q", where, table)
		case slots[table] != "":
			return nil, fmt.Errorf("lexicon: %s: table %s listed twice", where, table)
		}
		slots[table] = slot
	}
	return slots, nil
}

// parseLexicon reads the rows of one file, whose rows must all be of lang.
func parseLexicon(name, lang, text string) ([]lexRow, error) {
	var rows []lexRow
	sc := bufio.NewScanner(strings.NewReader(text))
	n := 0
	versioned := false
	for sc.Scan() {
		n++
		line := sc.Text()
		where := fmt.Sprintf("%s:%d", name, n)
		if !versioned {
			if line != "lexicon\t"+lexiconFormat {
				return nil, fmt.Errorf("lexicon: %s: first line must be %q, not %q", where, "lexicon\t"+lexiconFormat, line)
			}
			versioned = true
			continue
		}
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 5 {
			return nil, fmt.Errorf("lexicon: %s: %d columns, want 5 (table, surface, value, lang, weight)", where, len(f))
		}
		if f[0] == "" || f[1] == "" {
			return nil, fmt.Errorf("lexicon: %s: empty table or surface", where)
		}
		if f[3] != lang {
			return nil, fmt.Errorf("lexicon: %s: language %q in the file of %q", where, f[3], lang)
		}
		w, err := strconv.ParseFloat(f[4], 64)
		if err != nil || w <= 0 || math.IsInf(w, 0) || math.IsNaN(w) {
			return nil, fmt.Errorf("lexicon: %s: bad weight %q (want a positive number)", where, f[4])
		}
		rows = append(rows, lexRow{table: f[0], surface: f[1], value: f[2], lang: f[3], weight: w, where: where})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("lexicon: %s: %w", name, err)
	}
	if !versioned {
		return nil, fmt.Errorf("lexicon: %s: empty file, want the line %q", name, "lexicon\t"+lexiconFormat)
	}
	return rows, nil
}

// lexTables are the rows grouped by table, in file order, as the
// Lexicon's fields take them. Each accessor checks the table's shape and
// marks it read; errs collects what went wrong.
type lexTables struct {
	rows map[string][]lexRow
	read map[string]bool
	errs []error
}

func (t *lexTables) take(name string) []lexRow {
	t.read[name] = true
	if len(t.rows[name]) == 0 {
		t.errs = append(t.errs, fmt.Errorf("lexicon: table %s has no rows", name))
	}
	return t.rows[name]
}

// list is a table of surface forms in order, without values.
func (t *lexTables) list(name string) []string {
	var out []string
	for _, r := range t.take(name) {
		if r.value != "" {
			t.errs = append(t.errs, fmt.Errorf("lexicon: %s: table %s takes no value", r.where, name))
		}
		out = append(out, r.surface)
	}
	return out
}

// set is a table of surface forms without values.
func (t *lexTables) set(name string) map[string]bool {
	out := map[string]bool{}
	for _, w := range t.list(name) {
		out[w] = true
	}
	return out
}

// byValue groups a table's surface forms by value and language, values
// in order of first row.
func (t *lexTables) byValue(name string) (values []string, words map[string]map[string][]string) {
	words = map[string]map[string][]string{}
	for _, r := range t.take(name) {
		if r.value == "" {
			t.errs = append(t.errs, fmt.Errorf("lexicon: %s: table %s needs a value", r.where, name))
			continue
		}
		if words[r.value] == nil {
			words[r.value] = map[string][]string{}
			values = append(values, r.value)
		}
		words[r.value][r.lang] = append(words[r.value][r.lang], r.surface)
	}
	return values, words
}

// pairs is a table of surface forms with a value each, in order.
func (t *lexTables) pairs(name string) [][2]string {
	var out [][2]string
	for _, r := range t.take(name) {
		if r.value == "" {
			t.errs = append(t.errs, fmt.Errorf("lexicon: %s: table %s needs a value", r.where, name))
		}
		out = append(out, [2]string{r.surface, r.value})
	}
	return out
}

// dict is a table of surface forms with one value each.
func (t *lexTables) dict(name string) map[string]string {
	out := map[string]string{}
	for _, p := range t.pairs(name) {
		if v, ok := out[p[0]]; ok {
			t.errs = append(t.errs, fmt.Errorf("lexicon: table %s gives %q both %q and %q", name, p[0], v, p[1]))
		}
		out[p[0]] = p[1]
	}
	return out
}

// multi is a table of surface forms with one or more values each.
func (t *lexTables) multi(name string) map[string][]string {
	out := map[string][]string{}
	for _, p := range t.pairs(name) {
		out[p[0]] = append(out[p[0]], p[1])
	}
	return out
}

// ints is a table of surface forms with a whole number each.
func (t *lexTables) ints(name string) map[string]int {
	out := map[string]int{}
	for k, v := range t.dict(name) {
		n, err := strconv.Atoi(v)
		if err != nil {
			t.errs = append(t.errs, fmt.Errorf("lexicon: table %s gives %q the value %q, not a whole number", name, k, v))
		}
		out[k] = n
	}
	return out
}

// floats is a table of surface forms with a positive number each.
func (t *lexTables) floats(name string) map[string]float64 {
	out := map[string]float64{}
	for k, v := range t.dict(name) {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f <= 0 || math.IsInf(f, 0) {
			t.errs = append(t.errs, fmt.Errorf("lexicon: table %s gives %q the value %q, not a positive number", name, k, v))
		}
		out[k] = f
	}
	return out
}

// highest reads a value of an order: an attribute, then "highest" when
// the higher value comes first.
func (t *lexTables) highest(name, v string) (attr string, highest bool) {
	attr, highest = strings.CutSuffix(v, " highest")
	if attr == "" || strings.Contains(attr, " ") {
		t.errs = append(t.errs, fmt.Errorf("lexicon: table %s: bad value %q (want an attribute, then perhaps \"highest\")", name, v))
	}
	return attr, highest
}

// buildLexicon checks the rows and binds them to the Lexicon's tables.
func buildLexicon(rows []lexRow) (*Lexicon, error) {
	t := &lexTables{rows: map[string][]lexRow{}, read: map[string]bool{}}
	seen := map[[4]string]string{}
	for _, r := range rows {
		k := [4]string{r.table, r.surface, r.value, r.lang}
		if at, ok := seen[k]; ok {
			t.errs = append(t.errs, fmt.Errorf("lexicon: %s: duplicate of the row at %s", r.where, at))
			continue
		}
		seen[k] = r.where
		t.rows[r.table] = append(t.rows[r.table], r)
	}
	lex := &Lexicon{}
	lex.bindSubjects(t)
	lex.bindTables(t)
	for name, rs := range t.rows {
		if !t.read[name] {
			t.errs = append(t.errs, fmt.Errorf("lexicon: %s: unknown table %q", rs[0].where, name))
		}
	}
	if len(t.errs) > 0 {
		slices.SortFunc(t.errs, func(a, b error) int { return strings.Compare(a.Error(), b.Error()) })
		return nil, errors.Join(t.errs...)
	}
	lex.derive()
	lex.phrases = indexPhrases(rows)
	return lex, nil
}

// bindSubjects reads the subject tables: subject.terms orders the terms,
// subject gives each term its words by language, subject.mod its compound
// modifiers; subject.groups orders the umbrella groups (their terms joined
// by "|"), subject.umbrella gives each group its words.
func (lex *Lexicon) bindSubjects(t *lexTables) {
	terms := t.list("subject.terms")
	known := map[string]bool{}
	for _, term := range terms {
		known[term] = true
	}
	_, words := t.byValue("subject")
	_, mods := t.byValue("subject.mod")
	for _, m := range []map[string]map[string][]string{words, mods} {
		for v := range m {
			if !known[v] {
				t.errs = append(t.errs, fmt.Errorf("lexicon: subject term %q is not in subject.terms", v))
			}
		}
	}
	for _, term := range terms {
		w := words[term]
		lex.subjects = append(lex.subjects, subjectEntry{Term: term, EN: w["en"], NL: w["nl"], DE: w["de"], Mods: mods[term]["mul"]})
	}
	lex.subjectStems = map[string]bool{}
	for _, e := range lex.subjects {
		for _, phrase := range append(append(append([]string{e.Term}, e.EN...), e.NL...), e.DE...) {
			for _, w := range strings.FieldsFunc(strings.ToLower(phrase), func(r rune) bool { return !unicode.IsLetter(r) }) {
				if len(w) > 3 {
					lex.subjectStems[stem(normalize(w))] = true
				}
			}
		}
	}
	groups := t.list("subject.groups")
	knownGroup := map[string]bool{}
	for _, g := range groups {
		knownGroup[g] = true
	}
	_, umbrella := t.byValue("subject.umbrella")
	for v := range umbrella {
		if !knownGroup[v] {
			t.errs = append(t.errs, fmt.Errorf("lexicon: subject group %q is not in subject.groups", v))
		}
	}
	for _, g := range groups {
		w := umbrella[g]
		lex.subjectGroups = append(lex.subjectGroups, subjectGroup{Terms: strings.Split(g, "|"), EN: w["en"], NL: w["nl"], DE: w["de"]})
	}
	lex.subjectCues = t.set("subject.cue")
	lex.subjectCompoundHeads = t.list("subject.compoundhead")
	lex.notSubjects = t.list("subject.not")
	lex.narrowerLabels = t.list("subject.narrower")
}

// bindTables reads the word tables into the Lexicon's fields tagged
// `lexicon:"table"`, each from the table of the field's name. A set or list takes no value; a map takes one value
// per surface form, a map to several values takes them in row order, a
// map to numbers takes whole numbers.
func (lex *Lexicon) bindTables(t *lexTables) {
	v := reflect.ValueOf(lex).Elem()
	for i := range v.NumField() {
		f := v.Type().Field(i)
		if f.Tag.Get("lexicon") != "table" {
			continue
		}
		name := f.Name
		// the fields are unexported: set them through their address
		field := reflect.NewAt(f.Type, unsafe.Pointer(v.Field(i).UnsafeAddr())).Interface()
		switch p := field.(type) {
		case *map[string]bool:
			*p = t.set(name)
		case *[]string:
			*p = t.list(name)
		case *map[string]string:
			*p = t.dict(name)
		case *map[string][]string:
			*p = t.multi(name)
		case *map[string]int:
			*p = t.ints(name)
		case *map[string]float64:
			*p = t.floats(name)
		default:
			if !t.bindStructured(name, field) {
				panic(fmt.Sprintf("lexicon: table %s fills a field of type %T", name, field))
			}
		}
	}
}

// bindStructured fills a field whose rows write a structured value (an
// order, a place, a compound head, a span of years, a phrase and its
// value) or whose words go by language, from the table name, and reports
// whether it knows the field's type.
func (t *lexTables) bindStructured(name string, field any) bool {
	switch p := field.(type) {
	case *map[string]Pair:
		*p = map[string]Pair{}
		for k, v := range t.dict(name) {
			attr, highest := t.highest(name, v)
			(*p)[k] = Pair{Attribute: attr, Highest: highest}
		}
	case *map[string]Order:
		*p = map[string]Order{}
		for k, v := range t.dict(name) {
			attr, highest := t.highest(name, v)
			(*p)[k] = Order{Attribute: attr, Highest: highest}
		}
	case *map[string]Place:
		*p = map[string]Place{}
		for k, v := range t.dict(name) {
			level, place, ok := strings.Cut(v, ":")
			if !ok || level == "" || place == "" {
				t.errs = append(t.errs, fmt.Errorf("lexicon: table %s gives %q the value %q, not level:name", name, k, v))
			}
			(*p)[k] = Place{Name: place, Level: level}
		}
	case *[]compoundHead:
		for _, r := range t.pairs(name) {
			code, plural := strings.CutSuffix(r[1], " plural")
			*p = append(*p, compoundHead{suffix: r[0], code: code, plural: plural})
		}
	case *map[string]map[string]bool:
		*p = map[string]map[string]bool{}
		for _, r := range t.take(name) {
			if r.value != "" {
				t.errs = append(t.errs, fmt.Errorf("lexicon: %s: table %s takes no value", r.where, name))
			}
			if (*p)[r.lang] == nil {
				(*p)[r.lang] = map[string]bool{}
			}
			(*p)[r.lang][r.surface] = true
		}
	case *[]fieldCue:
		for _, r := range t.pairs(name) {
			*p = append(*p, fieldCue{r[0], r[1]})
		}
	case *[]levelPhrase:
		for _, r := range t.pairs(name) {
			*p = append(*p, levelPhrase{r[0], r[1]})
		}
	case *[]phraseValue:
		for _, r := range t.pairs(name) {
			*p = append(*p, phraseValue{r[0], r[1]})
		}
	case *[]yearPhrase:
		for _, r := range t.pairs(name) {
			from, to, err := parseYearSpan(r[1])
			if err != nil {
				t.errs = append(t.errs, fmt.Errorf("lexicon: table %s gives %q the value %q: %w", name, r[0], r[1], err))
			}
			*p = append(*p, yearPhrase{words: r[0], from: from, to: to})
		}
	default:
		return false
	}
	return true
}

// derive builds the look-ups that follow from the tables.
func (lex *Lexicon) derive() {
	for _, a := range lex.asides {
		lex.asideWords = append(lex.asideWords, strings.Fields(a))
	}
	for _, f := range lex.frontingWords {
		lex.frontingPhrases = append(lex.frontingPhrases, strings.Fields(f))
	}
	lex.buildKnownWords()
	lex.buildRelationCues()
	lex.typeWordList = lex.buildTypeWordList()
	lex.countCueList = lex.buildCountCueList()
	lex.buildIntentCues()
	lex.fuzzyFieldWords = lex.buildFuzzyFieldWords()
	lex.regionNames = lex.buildRegionNames()
	lex.postcodePatterns = lex.buildPostcodePatterns()
	lex.cuedID = lex.buildCuedID()
	lex.fieldCueIndex = lex.buildFieldCueIndex()
	lex.fieldPartsOf = lex.buildFieldPartsOf()
	lex.fieldCueWords = lex.buildFieldCueWords()
	lex.pairTypoCues = lex.buildPairTypoCues()
	lex.narrowerKeys = map[string]bool{}
	for _, l := range lex.narrowerLabels {
		for _, k := range subjectKeys(l) {
			lex.narrowerKeys[k] = true
		}
	}
}

// parseYearSpan reads a span of years written from:to, either side empty
// when the span is open there.
func parseYearSpan(v string) (from, to int, err error) {
	a, b, ok := strings.Cut(v, ":")
	if !ok || a == "" && b == "" {
		return 0, 0, errors.New("not from:to")
	}
	for _, side := range []struct {
		text string
		year *int
	}{{a, &from}, {b, &to}} {
		if side.text == "" {
			continue
		}
		if *side.year, err = strconv.Atoi(side.text); err != nil || *side.year < 1 || *side.year > 9999 {
			return 0, 0, fmt.Errorf("year %q is no year", side.text)
		}
	}
	if from != 0 && to != 0 && from > to {
		return 0, 0, errors.New("the span ends before it starts")
	}
	return from, to, nil
}
