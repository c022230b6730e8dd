package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/sources"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// A record whose description is one word of two million letters is
// refused at ingest, naming its line and field; one at the limit on a
// field, one word of 32 KiB, is taken, and a question asked afterwards
// is answered within a second. (The Snowball stemmer and the byte-pair
// token count took time growing with the square of the word: a word of
// 200 KB made every ask take 22 s.)
func TestLongWordRecordAsksFast(t *testing.T) {
	testfixture.SkipUnderRace(t)
	dir := t.TempDir()
	store, cache := filepath.Join(dir, "store"), filepath.Join(dir, "cache")
	write := func(name string, lines ...string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	ingest := func(file string) (code int, stdout, stderr string) {
		var out, errb bytes.Buffer
		args := []string{"ingest", "--source", "myorg", "--in", file, "--store", store, "--cache-dir", cache}
		code = runEnv(context.Background(), testEnv(t, &out, &errb), args)
		return code, out.String(), errb.String()
	}
	huge := strings.Repeat("y", 2<<20)
	code, _, stderr := ingest(write("huge.jsonl",
		`{"id":"1","name":"Yarrow Hall","type":"MUSEUM"}`,
		`{"id":"2","name":"Yonder Hall","type":"MUSEUM","description":"`+huge+`"}`))
	if code != 0 || !strings.Contains(stderr, "huge.jsonl: line 2: field description: is 2.0 MiB") || len(stderr) > 2000 {
		t.Fatalf("ingest of a 2 MiB description: exit %d, stderr %.2000s", code, stderr)
	}

	atLimit := strings.Repeat("y", heritage.MaxFieldBytes)
	code, stdout, stderr := ingest(write("limit.jsonl",
		`{"id":"2","name":"Yonder Hall","type":"MUSEUM","city":"Yeovil","year_opened":1987,"latitude":999,"description":"`+atLimit+`"}`))
	if code != 0 || !strings.Contains(stdout, "1 added") {
		t.Fatalf("ingest of a description at the limit: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "limit.jsonl: line 1: unknown fields ignored") || !strings.Contains(stderr, "latitude") {
		t.Errorf("the unknown field is not reported: %s", stderr)
	}

	// A store an earlier release wrote, before the limits, may hold a 2
	// MiB one-word field: it is read, and asked about as fast.
	old := heritage.Record{ID: "myorg:3", Name: "Yew Hall", Type: "MUSEUM", TypeCode: "M", City: "Yeovil",
		YearOpened: "1990", Description: huge, Tier: heritage.TierVerified, Source: "myorg"}.Institution()
	if _, _, err := sources.Open(store).Update(context.Background(), func(s *sources.State) error {
		src, _ := s.Source("myorg")
		_, err := s.Put(src.Meta, []heritage.Institution{old}, false)
		return err
	}); err != nil {
		t.Fatal(err)
	}

	e := testEnv(t, &bytes.Buffer{}, &bytes.Buffer{})
	cfg, err := dataFlags{store: store, cacheDir: cache}.resolve(e.getenv)
	if err != nil {
		t.Fatal(err)
	}
	st, err := e.buildStack(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	askOn(t, st, "Which museums are in Kent?") // what is built on the first question
	for _, q := range []string{"When did Yonder Hall open?", "What is " + atLimit[:200] + "?", "When did Yew Hall open?", huge[:4096]} {
		start := time.Now()
		r := askOn(t, st, q)
		took := time.Since(start)
		t.Logf("%.40s: %v", q, took)
		if took > time.Second {
			t.Errorf("%.40s… took %v, want under a second", q, took)
		}
		if want := map[string]string{"When did Yonder Hall open?": "1987", "When did Yew Hall open?": "1990"}[q]; !strings.Contains(r.Answer.Text, want) {
			t.Errorf("%s: %s", q, r.Answer.Text)
		}
	}
}
