// Command localize switches answer code over to a locale.Printer named
// pr: in every non-test Go file of the directories it is given,
//
//   - fmt.Sprintf( and fmt.Fprintf( become pr.Sprintf( and pr.Fprintf(
//     (the format strings stay as they are: they are the catalogue's keys);
//   - plural(noun, n) becomes pr.Plural(noun, n) (-plural names the
//     function);
//   - every other literal of answer text in a function, as package
//     locale/msgextract finds it and less the literals
//     locale/messages/code.txt lists as code, becomes pr.Text("…"). A
//     literal outside a function (a table of words) is listed, not
//     changed: translate it where it is used, pr.Text(kindName(code, n)).
//
// It leaves pr to be brought into scope: the compiler then lists every
// function that writes text without one, to be given
// pr := locale.For(pln.Lang) where the plan is at hand, or a
// pr *locale.Printer parameter where it is not. Run it from the module
// root:
//
//	go run ./tools/localize pipeline         # lists what it would change
//	go run ./tools/localize -w pipeline      # changes the files
//
// English answers do not change: the English printer is fmt.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/locale/msgextract"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "localize:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("localize", flag.ContinueOnError)
	write := fs.Bool("w", false, "write the changed files (else list the changes)")
	codeFile := fs.String("code", "locale/messages/code.txt", "the literals that are code, not text")
	printer := fs.String("printer", "pr", "the name of the locale.Printer at the call sites")
	pluralFunc := fs.String("plural", "plural", "the function that puts an English noun in the plural, to become the printer's Plural")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return errors.New("name the directories of the answer code")
	}
	code, err := readCode(*codeFile)
	if err != nil {
		return err
	}
	for _, dir := range fs.Args() {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			return err
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				return err
			}
			out, n, tables, err := Rewrite(name, src, code, *printer, *pluralFunc)
			if err != nil {
				return err
			}
			for _, t := range tables {
				fmt.Fprintf(stdout, "%s: translate where used: %q\n", t.Pos, t.Text)
			}
			if n == 0 {
				continue
			}
			fmt.Fprintf(stdout, "%s: %d changes\n", name, n)
			if *write {
				if err := os.WriteFile(name, out, 0o644); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// readCode reads the Go-quoted literals of a code.txt file.
func readCode(name string) (map[string]bool, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s, err := strconv.Unquote(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		out[s] = true
	}
	return out, sc.Err()
}

type edit struct {
	start, end int
	text       string
}

// Rewrite switches one file's source to the printer named pr, and says
// how many changes it made and which literals of text lie outside
// functions (left as they are). The "fmt" import goes when nothing else
// uses it.
func Rewrite(name string, src []byte, code map[string]bool, pr, pluralFunc string) ([]byte, int, []msgextract.Message, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, 0, nil, err
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	var (
		edits  []edit
		tables []msgextract.Message
		// words are the literals given to plural: English nouns, which
		// the printer's Plural takes as they are
		words = map[*ast.BasicLit]bool{}
	)
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		switch fun := call.Fun.(type) {
		case *ast.SelectorExpr:
			if pkg, ok := fun.X.(*ast.Ident); ok && pkg.Name == "fmt" && (fun.Sel.Name == "Sprintf" || fun.Sel.Name == "Fprintf") {
				edits = append(edits, edit{off(pkg.Pos()), off(pkg.End()), pr})
			}
		case *ast.Ident:
			if fun.Name == pluralFunc && len(call.Args) == 2 {
				edits = append(edits, edit{off(fun.Pos()), off(fun.End()), pr + ".Plural"})
				if lit, ok := call.Args[0].(*ast.BasicLit); ok {
					words[lit] = true
				}
			}
		}
		return true
	})
	// funcOf is the function whose body holds p, or "" outside any.
	funcOf := func(p token.Pos) string {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Body.Pos() <= p && p < fd.Body.End() {
				return fd.Name.Name
			}
		}
		return ""
	}
	for _, st := range msgextract.Sites(fset, f) {
		fn := funcOf(st.Lit.Pos())
		switch {
		case st.Call != nil || code[st.Text] || words[st.Lit] || fn == pluralFunc:
			continue
		case fn == "":
			tables = append(tables, st.Message)
			continue
		}
		edits = append(edits, edit{off(st.Lit.Pos()), off(st.Lit.End()), pr + ".Text(" + st.Lit.Value + ")"})
	}
	if len(edits) == 0 {
		return src, 0, tables, nil
	}
	slices.SortFunc(edits, func(a, b edit) int { return b.start - a.start })
	out := slices.Clone(src)
	for _, e := range edits {
		out = slices.Concat(out[:e.start], []byte(e.text), out[e.end:])
	}
	out, err = dropUnusedFmt(name, out)
	if err != nil {
		return nil, 0, nil, err
	}
	return out, len(edits), tables, nil
}

// dropUnusedFmt removes the "fmt" import from src when nothing uses it,
// and formats the source.
func dropUnusedFmt(name string, src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	used := false
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "fmt" {
				used = true
			}
		}
		return !used
	})
	if !used {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.IMPORT {
				continue
			}
			for _, spec := range g.Specs {
				imp := spec.(*ast.ImportSpec)
				if imp.Path.Value != `"fmt"` || imp.Name != nil {
					continue
				}
				var start, end int
				if g.Lparen.IsValid() {
					start, end = fset.Position(imp.Pos()).Offset, fset.Position(imp.End()).Offset
				} else {
					start, end = fset.Position(g.Pos()).Offset, fset.Position(g.End()).Offset
				}
				src = slices.Concat(src[:start], src[end:])
				return format.Source(src)
			}
		}
	}
	return format.Source(src)
}
