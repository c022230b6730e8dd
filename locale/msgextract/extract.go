// Package msgextract lists the text an answer package writes: every string
// literal that reaches a Sprintf or Fprintf format (fmt's, or a
// locale.Printer's), and every other
// literal with a letter in it that is not code (an import path, a struct
// tag, a case label, a comparison operand, a map key, an argument of a
// strings function or of an error or log call). The locale catalogues must
// hold a translation of each; the locale tests check that they do.
package msgextract

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Message is one piece of answer text found in the source.
type Message struct {
	// Text is the literal's value, exactly as the answer code uses it.
	Text string
	// Format is true when Text is a format string (of fmt.Sprintf or
	// fmt.Fprintf).
	Format bool
	// Wordless is true for a format of verbs and punctuation alone ("%d
	// %s: "): a translation may add words ("Er is %d %s: " of one), none
	// needs to.
	Wordless bool
	// Pos is where it was first found ("pipeline/sets.go:128").
	Pos string
}

// Dirs extracts the messages of the non-test Go files in each directory
// and its subdirectories (or of the file, for a path that names a Go
// file), deduplicated by text (a text used both as a
// format and as plain text counts as a format), sorted by text.
func Dirs(dirs ...string) ([]Message, error) {
	byText := map[string]*Message{}
	fset := token.NewFileSet()
	for _, root := range dirs {
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if path != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
					return filepath.SkipDir
				}
				return nil
			}
			if path != root && (!strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go")) {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				return fmt.Errorf("msgextract: %w", err)
			}
			for _, m := range File(fset, f) {
				if old, ok := byText[m.Text]; ok {
					old.Format = old.Format || m.Format
					continue
				}
				byText[m.Text] = &m
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	out := make([]Message, 0, len(byText))
	for _, m := range byText {
		out = append(out, *m)
	}
	slices.SortFunc(out, func(a, b Message) int { return strings.Compare(a.Text, b.Text) })
	return out, nil
}

// File extracts the messages of one parsed file, in source order, each
// text once: those Sites lists, and the format strings without a word
// (Wordless).
func File(fset *token.FileSet, f *ast.File) []Message {
	var out []Message
	for _, st := range sites(fset, f, true) {
		i := slices.IndexFunc(out, func(m Message) bool { return m.Text == st.Text })
		switch {
		case i < 0:
			out = append(out, st.Message)
		case st.Format:
			out[i].Format = true
		}
	}
	return out
}

// Site is one place in the source that writes answer text: the literal,
// and for a format string the fmt call that takes it.
type Site struct {
	Message
	Lit *ast.BasicLit
	// Call is the fmt.Sprintf or fmt.Fprintf call whose format Lit is; nil
	// for other text.
	Call *ast.CallExpr
}

// Sites lists every literal of one parsed file that writes answer text,
// in source order.
func Sites(fset *token.FileSet, f *ast.File) []Site { return sites(fset, f, false) }

// sites is Sites, with the wordless format strings too when wordless.
func sites(fset *token.FileSet, f *ast.File, wordless bool) []Site {
	v := &visitor{fset: fset, formats: map[*ast.BasicLit]bool{}, wordless: wordless}
	ast.Walk(v, f)
	return v.out
}

type visitor struct {
	fset    *token.FileSet
	out     []Site
	formats map[*ast.BasicLit]bool
	// wordless lists the format strings without a word too.
	wordless bool
}

func (v *visitor) Visit(n ast.Node) ast.Visitor {
	if n == nil {
		return nil
	}
	switch n := n.(type) {
	case *ast.ImportSpec, *ast.Field:
		return nil // an import path, a struct tag
	case *ast.GenDecl:
		if n.Tok == token.CONST {
			return nil // constants name codes (answer kinds, fields)
		}
	case *ast.CaseClause:
		// case labels are code; the body may write text
		for _, s := range n.Body {
			ast.Walk(v, s)
		}
		return nil
	case *ast.IndexExpr:
		ast.Walk(v, n.X) // a map literal indexed by a key holds text
		return nil
	case *ast.BinaryExpr:
		if n.Op == token.EQL || n.Op == token.NEQ {
			return nil
		}
	case *ast.CallExpr:
		if skippedCall(n) {
			// its literals are code; a call among its arguments may
			// still write text (strings.TrimSpace(pr.Sprintf(…)))
			for _, a := range n.Args {
				if _, lit := a.(*ast.BasicLit); !lit {
					ast.Walk(v, a)
				}
			}
			return nil
		}
		if i := formatArg(n); i >= 0 {
			if lit, ok := n.Args[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				v.formats[lit] = true
				v.add(lit, n)
			}
		}
	case *ast.KeyValueExpr:
		// a map key or a struct field that holds code
		if lit, ok := n.Key.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			ast.Walk(v, n.Value)
			return nil
		}
		if id, ok := n.Key.(*ast.Ident); ok && codeFields[id.Name] {
			return nil
		}
	case *ast.BasicLit:
		if n.Kind == token.STRING && !v.formats[n] {
			v.add(n, nil)
		}
		return nil
	}
	return v
}

// add records lit, the format of call when call is not nil.
func (v *visitor) add(lit *ast.BasicLit, call *ast.CallExpr) {
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		return
	}
	wordless := !strings.ContainsFunc(verbs.ReplaceAllString(s, ""), unicode.IsLetter)
	if wordless && (!v.wordless || call == nil || !verbs.MatchString(s)) {
		return // no words: punctuation, or verbs only ("%s%s", " [%d]")
	}
	p := v.fset.Position(lit.Pos())
	pos := filepath.ToSlash(filepath.Join(filepath.Base(filepath.Dir(p.Filename)), filepath.Base(p.Filename))) + ":" + strconv.Itoa(p.Line)
	v.out = append(v.out, Site{Message: Message{Text: s, Format: call != nil, Wordless: wordless, Pos: pos}, Lit: lit, Call: call})
}

// verbs matches the verbs of a format string.
var verbs = regexp.MustCompile(`%[-+# 0-9.*\[\]]*[a-zA-Z%]`)

// formatArg is the index of the format argument of a printing call, or
// -1: fmt's Sprintf, Printf and Fprintf, and a locale.Printer's
// (pr.Sprintf) after the switch to one.
func formatArg(c *ast.CallExpr) int {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return -1
	}
	switch sel.Sel.Name {
	case "Sprintf", "Printf":
		if len(c.Args) > 0 {
			return 0
		}
	case "Fprintf":
		if len(c.Args) > 1 {
			return 1
		}
	}
	return -1
}

// skippedPackages are packages whose calls take code, not text, as string
// arguments; skippedMethods are such methods whatever their receiver
// (loggers, string matching).
var (
	skippedPackages = map[string]bool{"strings": true, "errors": true, "slog": true, "regexp": true, "strconv": true, "filepath": true, "path": true, "slices": true}
	skippedMethods  = map[string]bool{"Errorf": true, "Debug": true, "Info": true, "Warn": true, "Error": true, "Log": true,
		"HasPrefix": true, "HasSuffix": true, "Contains": true, "TrimPrefix": true, "TrimSuffix": true, "Lookup": true, "Get": true}
	// codeFields are struct fields that hold identifiers or codes.
	codeFields = map[string]bool{"Kind": true, "Field": true, "Source": true, "Error": true, "License": true, "ID": true, "Relation": true, "Level": true}
)

func skippedCall(c *ast.CallExpr) bool {
	switch fun := c.Fun.(type) {
	case *ast.SelectorExpr:
		if skippedMethods[fun.Sel.Name] {
			return true
		}
		if pkg, ok := fun.X.(*ast.Ident); ok && skippedPackages[pkg.Name] {
			// strings.Join's separator is text (" and "), the rest is code
			return !(pkg.Name == "strings" && (fun.Sel.Name == "Join" || fun.Sel.Name == "Repeat"))
		}
	case *ast.Ident:
		return fun.Name == "panic"
	}
	return false
}
