// Command smoke checks that the Neo4j test server started by scripts/neo4j.sh
// accepts Bolt connections from neo4j-go-driver: it writes one node with a
// parameterised query, reads it back, compares, and deletes it.
//
//	go run ./testtools/neo4j/smoke -uri bolt://127.0.0.1:7687
//
// The URI defaults to $HYBRIDRAG_NEO4J_URI. Exit status 0 means the round
// trip worked; anything else prints the failing step.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "smoke:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("smoke", flag.ContinueOnError)
	uri := fs.String("uri", os.Getenv("HYBRIDRAG_NEO4J_URI"), "Bolt URI of the test server")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *uri == "" {
		return errors.New("no URI: pass -uri or set HYBRIDRAG_NEO4J_URI")
	}

	start := time.Now()
	driver, err := neo4j.NewDriverWithContext(*uri, neo4j.NoAuth())
	if err != nil {
		return fmt.Errorf("new driver: %w", err)
	}
	defer func() { _ = driver.Close(context.Background()) }()
	if err := driver.VerifyConnectivity(ctx); err != nil {
		return fmt.Errorf("verify connectivity %s: %w", *uri, err)
	}

	id := fmt.Sprintf("smoke-%d", time.Now().UnixNano())
	name := "Museum Schnütgen"
	params := map[string]any{"id": id, "name": name, "isil": "DE-MUS-079016"}

	if _, err := neo4j.ExecuteQuery(ctx, driver,
		"CREATE (n:SmokeInstitution {id: $id, name: $name, isil: $isil})",
		params, neo4j.EagerResultTransformer); err != nil {
		return fmt.Errorf("create: %w", err)
	}

	res, err := neo4j.ExecuteQuery(ctx, driver,
		"MATCH (n:SmokeInstitution {id: $id}) RETURN n.name AS name, n.isil AS isil",
		map[string]any{"id": id}, neo4j.EagerResultTransformer,
		neo4j.ExecuteQueryWithReadersRouting())
	if err != nil {
		return fmt.Errorf("read back: %w", err)
	}
	if len(res.Records) != 1 {
		return fmt.Errorf("read back: want 1 record, got %d", len(res.Records))
	}
	gotName, _, err := neo4j.GetRecordValue[string](res.Records[0], "name")
	if err != nil {
		return fmt.Errorf("read name: %w", err)
	}
	gotISIL, _, err := neo4j.GetRecordValue[string](res.Records[0], "isil")
	if err != nil {
		return fmt.Errorf("read isil: %w", err)
	}
	if gotName != name || gotISIL != params["isil"] {
		return fmt.Errorf("read back: got (%q, %q), want (%q, %q)", gotName, gotISIL, name, params["isil"])
	}

	del, err := neo4j.ExecuteQuery(ctx, driver,
		"MATCH (n:SmokeInstitution {id: $id}) DELETE n",
		map[string]any{"id": id}, neo4j.EagerResultTransformer)
	if err != nil {
		return fmt.Errorf("delete: %w", err)
	}
	if n := del.Summary.Counters().NodesDeleted(); n != 1 {
		return fmt.Errorf("delete: want 1 node deleted, got %d", n)
	}

	fmt.Fprintf(stdout, "ok: %s wrote and read back (%q, %q) in %s\n",
		*uri, gotName, gotISIL, time.Since(start).Round(time.Millisecond))
	return nil
}
