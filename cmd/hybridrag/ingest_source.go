package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/config"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/sources"
)

// sourceFlags are ingest's flags for adding a source.
type sourceFlags struct {
	source, in, format, delimiter, mapping string
	license, attribution, tier             string
	replace, override, sync                bool
}

func (f *sourceFlags) register(fs *flagSet) {
	fs.StringVar(&f.source, "source", "", "add or update the records of this source (its namespace, e.g. myorg) in the store, from --in")
	fs.StringVar(&f.in, "in", "", "with --source: the records, JSON Lines (.jsonl) in the record schema or CSV with a header row")
	fs.StringVar(&f.format, "format", "auto", "with --source: auto, jsonl or csv")
	fs.StringVar(&f.delimiter, "delimiter", "", "with --source: the CSV delimiter (default: detected)")
	fs.StringVar(&f.mapping, "map", "", "with --source: CSV columns to record fields, COLUMN=FIELD,… (e.g. \"Town=city,Ref=id,Part of=member_of.id\"); columns named like a field need none")
	fs.StringVar(&f.license, "license", "", "with --source: the licence of records that name none, e.g. CC-BY-4.0")
	fs.StringVar(&f.attribution, "attribution", "", "with --source: the attribution of records that name none")
	fs.StringVar(&f.tier, "tier", "", "with --source: the tier of records that name none: TIER_1_AUTHORITATIVE, TIER_2_VERIFIED or TIER_3_CROWD_SOURCED (default TIER_2_VERIFIED)")
	fs.BoolVar(&f.override, "override", false, "instead of --source: the records of --in are corrections of bundled records, each with the id of the record it replaces")
	fs.BoolVar(&f.sync, "sync", false, "with Neo4j configured: upload the directory store (--store, or the default) into the store in Neo4j, which every process using that server shares: its records replace those of the same id, the others are kept")
	fs.BoolVar(&f.replace, "replace", false, "with --source: the source becomes exactly the file (its records the file lacks are removed); refused while a line is invalid")
}

// ingestSource reads the file into the store and reports the change.
func (e *env) ingestSource(ctx context.Context, cfg config.Config, base *heritage.Dataset, f sourceFlags) (update, error) {
	var (
		u  update
		ch sources.Change
	)
	st, closeStore, err := e.openStore(cfg)
	if err != nil {
		return u, err
	}
	defer closeStore()
	reserved := sources.Reserved(base)
	if f.override {
		if f.source != "" {
			return u, usagef("--override and --source %q: corrections of bundled records go to the store's override source, give one of the two", f.source)
		}
		f.source = sources.OverrideNamespace
	}
	switch {
	case st == nil:
		return u, usagef("--source needs a store: set --store DIR (or HYBRIDRAG_STORE), not \"off\"")
	case !f.override && slices.Contains(reserved, f.source):
		return u, usagef("--source %q: %s are namespaces of the bundled records, not a source's; name your source otherwise (e.g. myorg), or correct a bundled record with --override", f.source, strings.Join(reserved, ", "))
	case !sources.ValidNamespace(f.source):
		return u, usagef("--source %q: a namespace is a lower-case letter, then lower-case letters, digits, '_', '.' or '-'", f.source)
	case f.in == "":
		return u, usagef("--source needs --in FILE")
	}
	opts := sources.ReadOptions{Name: f.in, Base: base.Get}
	switch f.format {
	case "auto":
	case "jsonl", "csv":
		opts.Format = sources.Format(f.format)
	default:
		return u, usagef("--format %q: auto, jsonl or csv", f.format)
	}
	if f.delimiter != "" {
		r := []rune(f.delimiter)
		if f.delimiter == `\t` || f.delimiter == "tab" {
			r = []rune{'\t'}
		}
		if len(r) != 1 {
			return u, usagef("--delimiter %q: one character", f.delimiter)
		}
		opts.Delimiter = r[0]
	}
	if f.mapping != "" {
		m, err := sources.ParseMap(f.mapping)
		if err != nil {
			return u, usagef("--map: %v", err)
		}
		opts.Map = m
	}
	tierDefault := f.tier == ""
	meta := sources.Meta{Namespace: f.source, License: f.license, Attribution: f.attribution, Tier: heritage.Tier(cmp.Or(f.tier, string(heritage.TierVerified))), Override: f.override}
	// A source's licence and attribution stay as given the first time
	// until given again.
	cur, err := st.Read(ctx)
	if err != nil {
		return u, err
	}
	if src, ok := cur.Source(f.source); ok {
		meta.License = cmp.Or(meta.License, src.Meta.License)
		meta.Attribution = cmp.Or(meta.Attribution, src.Meta.Attribution)
	}
	if meta.Tier.Rank() > 3 {
		return u, usagef("--tier %q: TIER_1_AUTHORITATIVE, TIER_2_VERIFIED or TIER_3_CROWD_SOURCED", f.tier)
	}
	file, err := os.Open(f.in)
	if err != nil {
		return u, usagef("--in: %v", err)
	}
	in, err := sources.Read(file, meta, opts)
	_ = file.Close()
	if err != nil {
		return u, usagef("--in %s: %v", f.in, err)
	}
	for i, b := range in.Bad {
		if i == 20 {
			fmt.Fprintf(e.stderr, "hybridrag ingest: %s: … and %d more invalid lines\n", f.in, len(in.Bad)-i)
			break
		}
		fmt.Fprintf(e.stderr, "hybridrag ingest: %s: %v\n", f.in, &b)
	}
	for i, u := range in.Unknown {
		if i == 20 {
			fmt.Fprintf(e.stderr, "hybridrag ingest: %s: … and %d more lines with unknown fields\n", f.in, len(in.Unknown)-i)
			break
		}
		fmt.Fprintf(e.stderr, "hybridrag ingest: %s: %v\n", f.in, &u)
	}
	if len(in.Ignored) > 0 {
		fmt.Fprintf(e.stderr, "hybridrag ingest: %s: columns ignored (no record field; name one with --map): %s\n", f.in, strings.Join(in.Ignored, ", "))
	}
	if f.replace && len(in.Bad) > 0 {
		// The source's records on invalid lines would be removed.
		return u, fmt.Errorf("%s: %d invalid lines; with --replace nothing is applied until every line is valid (without --replace the valid ones are)", f.in, len(in.Bad))
	}
	if len(in.Records) == 0 {
		return u, fmt.Errorf("%s: no valid records (%d invalid lines)", f.in, len(in.Bad))
	}
	u, err = e.commit(ctx, cfg, base, st, func(s *sources.State) (err error) {
		ch, err = s.Put(meta, in.Records, f.replace)
		return err
	})
	if err != nil {
		return u, err
	}
	u.change = ch
	fmt.Fprintf(e.stdout, "%s: %d records read from %s (%d invalid lines skipped): %s; store %s version %s\n",
		f.source, len(in.Records), f.in, len(in.Bad), ch, st, orNone(u.after.Version))
	if tierDefault {
		fmt.Fprintf(e.stdout, "%s: records that name no tier have %s, the default (--tier sets another)\n", f.source, meta.Tier)
	}
	return u, nil
}

// syncStore uploads the directory store into the shared store in Neo4j:
// each of its sources is put there (its records replace those of the
// same id, the others are kept) and its hidden ids are added. The
// directory is left as it is, marked as uploaded, so that it is not
// offered again until it changes.
func (e *env) syncStore(ctx context.Context, cfg config.Config, base *heritage.Dataset) (update, error) {
	var u update
	local := e.localStore(cfg)
	if cfg.Neo4j.URI == "" || local == nil {
		return u, usagef("--sync uploads the directory store (--store DIR, or the default) into the store in Neo4j: give --neo4j (or HYBRIDRAG_NEO4J_URI), and a store that is not \"off\"")
	}
	ls, err := local.Read(ctx)
	if err != nil {
		return u, err
	}
	e.warnRecovered(ls)
	st, closeStore, err := e.openStore(cfg)
	if err != nil {
		return u, err
	}
	defer closeStore()
	var total sources.Change
	u, err = e.commit(ctx, cfg, base, st, func(s *sources.State) error {
		total = sources.Change{}
		for _, src := range ls.Sources {
			ch, err := s.Put(src.Meta, src.Records, false)
			if err != nil {
				return err
			}
			total.Added = append(total.Added, ch.Added...)
			total.Changed = append(total.Changed, ch.Changed...)
			total.Unchanged += ch.Unchanged
		}
		s.Hidden = slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(s.Hidden), ls.Hidden...))))
		return nil
	})
	if err != nil {
		return u, err
	}
	u.change = total
	if err := local.SetUploaded(ls.Version); err != nil {
		return u, err
	}
	fmt.Fprintf(e.stdout, "uploaded the directory store %s (%s in %s, %s hidden) into the store %s: %s; version %s. The directory is left as it is.\n",
		local.Dir(), plural(ls.Len(), "record"), plural(len(ls.Sources), "source"), plural(len(ls.Hidden), "bundled record"), st, u.change, orNone(u.after.Version))
	return u, nil
}

const deleteUsage = `Usage: hybridrag delete ID… [--store DIR] [--neo4j URI] [--qdrant URL]

Deletes records by id from the data the commands answer from: a record of
a source added with "ingest --source" is removed from the store; a bundled
record is hidden (it stays in the binary and is left out). A running
"serve" picks the change up within seconds. Deleting again changes nothing.
With --neo4j or --qdrant, the records are deleted there too.

Examples:
  hybridrag delete myorg:42 myorg:43
  hybridrag delete wd:Q891746
`

func runDelete(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet("delete", deleteUsage, e.stdout)
	var df dataFlags
	df.register(fs)
	ids, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		return usagef("give the ids of the records to delete, e.g. hybridrag delete myorg:42")
	}
	cfg, err := df.resolve(e.getenv)
	if err != nil {
		return err
	}
	st, closeStore, err := e.openStore(cfg)
	if err != nil {
		return err
	}
	defer closeStore()
	if st == nil {
		return usagef("delete needs a store: set --store DIR (or HYBRIDRAG_STORE), not \"off\"")
	}
	base, err := e.loadBase(cfg)
	if err != nil {
		return err
	}
	var (
		ch      sources.Change
		unknown []string
	)
	u, err := e.commit(ctx, cfg, base, st, func(s *sources.State) error {
		ch, unknown = s.Delete(ids, func(id string) bool { _, ok := base.Get(id); return ok })
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "deleted %d records; store %s version %s\n", len(ch.Removed), st, orNone(u.after.Version))
	if len(unknown) > 0 {
		return errors.New("not in the data (or already deleted): " + strings.Join(unknown, " "))
	}
	return nil
}

func orNone(v string) string {
	if v == "" {
		return "(empty)"
	}
	return v
}
