package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// Deleting a source's last record leaves a store every command reads:
// ask, link, ingest, delete and doctor all work after it, and the
// deleted record is not answered.
func TestDeletingTheLastRecordKeepsEveryCommandWorking(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "store")
	common := []string{"--store", store, "--cache-dir", "off"}
	cliIn(t, 0, append([]string{"ingest", "--source", "myorg", "--in", ownFile(t, dir, "one.jsonl", 7, 8, 0)}, common...)...)
	if out := cliIn(t, 0, append([]string{"delete", "myorg:7"}, common...)...); !strings.Contains(out, "deleted 1 records") {
		t.Fatalf("delete: %s", out)
	}
	head, err := os.ReadFile(filepath.Join(store, "CURRENT"))
	if err != nil || !strings.HasPrefix(string(head), "v-") || len(strings.TrimSpace(string(head))) < 4 {
		t.Fatalf("CURRENT after deleting the last record: %q %v", head, err)
	}
	out := cliIn(t, 0, append([]string{"ask", "When did " + ownName(7) + " open?"}, common...)...)
	if strings.Contains(out, "1907") {
		t.Fatalf("the deleted record is answered: %s", out)
	}
	cliIn(t, 0, append([]string{"link", "DE-MUS-165513"}, common...)...)
	cliIn(t, 1, append([]string{"delete", "myorg:7"}, common...)...) // already deleted
	cliIn(t, 0, append([]string{"ingest", "--source", "myorg", "--in", ownFile(t, dir, "two.jsonl", 8, 9, 0)}, common...)...)
	if out := cliIn(t, 0, append([]string{"doctor"}, common...)...); !strings.Contains(out, "store: ok") {
		t.Fatalf("doctor: %s", out)
	}
}

// A damaged CURRENT does not stop the commands: they read the last whole
// version and say so, doctor reports it, and doctor --repair mends it.
func TestDamagedStoreIsReadAndRepaired(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "store")
	common := []string{"--store", store, "--cache-dir", "off"}
	cliIn(t, 0, append([]string{"ingest", "--source", "myorg", "--in", ownFile(t, dir, "a.jsonl", 0, 3, 0)}, common...)...)
	cliIn(t, 0, append([]string{"ingest", "--source", "myorg", "--in", ownFile(t, dir, "b.jsonl", 3, 4, 0)}, common...)...)
	if err := os.WriteFile(filepath.Join(store, "CURRENT"), []byte("v-"), 0o644); err != nil {
		t.Fatal(err)
	}
	var errb strings.Builder
	out := cliErr(t, 0, &errb, append([]string{"ask", "When did " + ownName(1) + " open?"}, common...)...)
	if !strings.Contains(out, "1901") || !strings.Contains(errb.String(), "doctor --repair") {
		t.Fatalf("ask over a damaged CURRENT: %s\nstderr: %s", out, errb.String())
	}
	if out := cliIn(t, 1, append([]string{"doctor"}, common...)...); !strings.Contains(out, "store: DAMAGED") {
		t.Fatalf("doctor: %s", out)
	}
	if out := cliIn(t, 0, append([]string{"doctor", "--repair"}, common...)...); !strings.Contains(out, "store: repaired") || !strings.Contains(out, "store: ok") {
		t.Fatalf("doctor --repair: %s", out)
	}
}

// The bundled records' namespaces are not a source's; a correction of a
// bundled record goes in with --override and is cited as one.
func TestBundledNamespacesAreReserved(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "store")
	common := []string{"--store", store, "--cache-dir", "off"}
	rec := filepath.Join(dir, "wd.jsonl")
	line := `{"id":"wd:Q190804","name":"Impostor Museum","type":"MUSEUM","country":"NL"}` + "\n"
	if err := os.WriteFile(rec, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, ns := range []string{"wd", "override"} {
		var errb strings.Builder
		cliErr(t, 2, &errb, append([]string{"ingest", "--source", ns, "--in", rec}, common...)...)
		if !strings.Contains(errb.String(), "namespaces of the bundled records") || !strings.Contains(errb.String(), "wd") {
			t.Fatalf("--source %s: %s", ns, errb.String())
		}
	}
	out := cliIn(t, 0, append([]string{"ingest", "--override", "--in", rec, "--attribution", "Our registrar"}, common...)...)
	if !strings.Contains(out, "1 added") {
		t.Fatalf("--override: %s", out)
	}
	out = cliIn(t, 0, append([]string{"link", "--json", "Q190804"}, common...)...)
	if !strings.Contains(out, "Impostor Museum") || !strings.Contains(out, `"override"`) {
		t.Fatalf("link after an override: %s", out)
	}
	// Deleting the correction brings the bundled record back.
	cliIn(t, 0, append([]string{"delete", "wd:Q190804"}, common...)...)
	if out = cliIn(t, 0, append([]string{"link", "Q190804"}, common...)...); !strings.Contains(out, "Rijksmuseum") {
		t.Fatalf("link after deleting the override: %s", out)
	}
}

func ownName(i int) string { return testfixture.Word(i) + " Heritage House" }

// cliErr is cliIn that also gives the command's standard error to errw.
func cliErr(t *testing.T, want int, errw io.Writer, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	code := runEnv(context.Background(), testEnv(t, &out, &errb), args)
	_, _ = errw.Write(errb.Bytes())
	if code != want {
		t.Fatalf("%v: exit %d, want %d\nstdout: %s\nstderr: %s", args, code, want, out.String(), errb.String())
	}
	return out.String()
}
