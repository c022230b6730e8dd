package router

// unqualifiedOrder ranks admin levels for a place named without a
// qualifier: an administrative county or UA first.
var unqualifiedOrder = []string{
	"English County", "English UA", "Scottish Council Area", "Welsh UA", "NI Loc Gov District",
	"London Borough",
}
