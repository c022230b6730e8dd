// Command hybridrag answers questions about heritage institutions (museums,
// archives, libraries) by hybrid retrieval over the bundled dataset.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"strings"
	"syscall"

	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/linking"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	stopProfile := startProfile(os.Getenv("HYBRIDRAG_CPUPROFILE"), os.Stderr)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stopProfile()
	stop()
	os.Exit(code)
}

// startProfile writes a CPU profile of the whole run to path (when not
// empty), for measuring start-up: HYBRIDRAG_CPUPROFILE=cpu.out hybridrag ask …
func startProfile(path string, stderr io.Writer) (stop func()) {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintf(stderr, "hybridrag: cpu profile: %v\n", err)
		if f != nil {
			_ = f.Close()
		}
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		_ = f.Close()
		runtime.GC() // the heap profile then shows what is live at the end
		if h, err := os.Create(path + ".heap"); err == nil {
			_ = pprof.Lookup("heap").WriteTo(h, 0)
			_ = h.Close()
		}
	}
}

// Exit codes.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
)

// usageError is bad input: the command prints it on one line and exits 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

type command struct {
	name    string
	summary string
	run     func(ctx context.Context, e *env, args []string) error
}

// env is what a command runs with: its writers, its environment, and how
// it gets the data and the pipeline (tests share the bundled dataset, its
// indexes and one pipeline build across commands).
type env struct {
	stdout, stderr io.Writer
	getenv         func(string) string
	stack          func(ctx context.Context, df dataFlags) (*stack, error)
	// bundled loads the bundled dataset.
	bundled func() (*heritage.Dataset, error)
	// indexes returns cfg with prebuilt indexes over ds filled in where
	// it has some; by default it has none and returns cfg as it is.
	indexes func(ds *heritage.Dataset, cfg engines.Config) engines.Config
	// linker builds a linker over ds and its graph.
	linker func(ds *heritage.Dataset) *linking.Linker
}

func newEnv(stdout, stderr io.Writer, getenv func(string) string) *env {
	e := &env{stdout: stdout, stderr: stderr, getenv: getenv,
		bundled: heritage.Embedded,
		indexes: func(_ *heritage.Dataset, cfg engines.Config) engines.Config { return cfg },
		linker:  func(ds *heritage.Dataset) *linking.Linker { return linking.New(ds, kg.New(ds)) }}
	e.stack = func(ctx context.Context, df dataFlags) (*stack, error) {
		cfg, err := df.resolve(e.getenv)
		if err != nil {
			return nil, err
		}
		return e.buildStack(ctx, cfg)
	}
	return e
}

// data returns the dataset the flags choose, without building a pipeline.
func (e *env) data(df dataFlags) (*heritage.Dataset, error) {
	cfg, err := df.resolve(e.getenv)
	if err != nil {
		return nil, err
	}
	return e.loadData(cfg)
}

func commands() []command {
	return []command{
		{"ask", "answer a question with cited sources", runAsk},
		{"link", "resolve an ISIL, Wikidata QID, GHCID, GND id or name to institutions", runLink},
		{"serve", "serve the HTTP JSON API (ask, link, entities, metrics)", runServe},
		{"eval", "measure retrieval quality on gold questions, per configuration and intent", runEval},
		{"enrich", "link the rows of a CSV or JSON Lines file to institutions (resumable batch)", runEnrich},
		{"ingest", "add your own records (--source), and load the data into Neo4j and/or Qdrant", runIngest},
		{"delete", "delete records by id (yours, or hide bundled ones)", runDelete},
		{"doctor", "check the configuration and every configured backend", runDoctor},
		{"index", "build prebuilt on-disk indexes (index build), or show their manifest (index info)", runIndex},
	}
}

const topUsage = `hybridrag answers questions about heritage institutions (museums, archives,
libraries) by hybrid retrieval: a rule-based router, vector, BM25 and
knowledge-graph retrievers, Reciprocal Rank Fusion and a cited context.
It runs offline over the bundled dataset of 16,286 institutions.

Usage:
  hybridrag <command> [arguments] [flags]

Commands:
%s
Run "hybridrag <command> --help" for a command's flags.

Examples:
  hybridrag ask "Which museums are part of National Museums Scotland?"
  hybridrag ask --json "What is the ISIL code of Heimatstube im Elbtor?"
  hybridrag link DE-MUS-165513

Data: Mapping Museums (CC BY 4.0, Birkbeck, University of London), Wikidata
and ROR (CC0). Run "hybridrag notice" for the full attribution.
`

func printUsage(w io.Writer) {
	var b strings.Builder
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(&b, "  %-8s %s\n", "notice", "print the data licences and attribution")
	fmt.Fprintf(w, topUsage, b.String())
}

// run is the whole program behind main, testable with its own arguments
// and writers. It returns the exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return runEnv(ctx, newEnv(stdout, stderr, os.Getenv), args)
}

func runEnv(ctx context.Context, e *env, args []string) int {
	stdout, stderr := e.stdout, e.stderr
	if len(args) == 0 {
		printUsage(stderr)
		return exitUsage
	}
	name, rest := args[0], args[1:]
	switch name {
	case "-h", "--help", "help":
		printUsage(stdout)
		return exitOK
	case "notice":
		fmt.Fprint(stdout, noticeText())
		return exitOK
	}
	for _, c := range commands() {
		if c.name != name {
			continue
		}
		err := c.run(ctx, e, rest)
		var ue *usageError
		switch {
		case err == nil:
			return exitOK
		case errors.Is(err, flag.ErrHelp):
			return exitOK
		case errors.As(err, &ue):
			fmt.Fprintf(stderr, "hybridrag %s: %s\n", name, oneLine(ue.msg))
			return exitUsage
		default:
			fmt.Fprintf(stderr, "hybridrag %s: %s\n", name, oneLine(err.Error()))
			return exitFail
		}
	}
	fmt.Fprintf(stderr, "hybridrag: unknown command %q; run \"hybridrag --help\" for the list\n", name)
	return exitUsage
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 400 {
		s = s[:400] + "…"
	}
	return s
}

// flagSet is a command's flags: quiet on errors (the caller prints one
// line), help on -h/--help to stdout.
type flagSet struct {
	*flag.FlagSet
	usage  string
	stdout io.Writer
}

func newFlagSet(name, usage string, stdout io.Writer) *flagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &flagSet{FlagSet: fs, usage: usage, stdout: stdout}
}

func (fs *flagSet) help() {
	fmt.Fprint(fs.stdout, fs.usage)
	fmt.Fprintln(fs.stdout, "\nFlags:")
	fs.SetOutput(fs.stdout)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// parse parses flags that may come before or after the positional
// arguments ("ask 'question' --json"). A lone "--" ends the flags.
func (fs *flagSet) parse(args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.help()
				return nil, err
			}
			return nil, usagef("%v (run with --help for the flags)", err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}
