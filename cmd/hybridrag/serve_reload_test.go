package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// serve answers from a changed store without a restart, and never from an
// answer cached before the change.
func TestServePicksUpSourceChanges(t *testing.T) {
	dir := t.TempDir()
	store, cache := filepath.Join(dir, "store"), filepath.Join(dir, "cache")
	// Every tenth bundled record is base enough for the user's source:
	// serve builds its stack twice here, under the race detector too.
	data := filepath.Join(dir, "data.jsonl")
	if err := os.WriteFile(data, testfixture.SampleJSONL(t, 10), 0o644); err != nil {
		t.Fatal(err)
	}
	common := []string{"--store", store, "--cache-dir", cache, "--data", data}
	ingest := func(file string) {
		cliIn(t, 0, append([]string{"ingest", "--source", "myorg", "--in", file}, common...)...)
	}
	ingest(ownFile(t, dir, "a.jsonl", 0, 50, 0))

	port := 21000 + rand.IntN(8999)
	addr, debugAddr := fmt.Sprintf("127.0.0.1:%d", port), fmt.Sprintf("127.0.0.1:%d", port+1)
	ctx, cancel := context.WithCancel(context.Background())
	var (
		wg   sync.WaitGroup
		code int
		errb bytes.Buffer
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		code = runEnv(ctx, testEnv(t, &bytes.Buffer{}, &errb), append([]string{"serve", "--addr", addr, "--debug-addr", debugAddr, "--reload-every", "100ms", "--drain", "1s"}, common...))
	}()
	defer func() {
		cancel()
		wg.Wait()
		if code != 0 {
			t.Errorf("serve exited %d: %s", code, errb.String())
		}
	}()

	type answer struct {
		Answer      struct{ Text string }
		Cached      bool
		DataVersion string `json:"data_version"`
	}
	q := "When did " + testfixture.Word(5) + " Heritage House open?"
	ask := func() (answer, error) {
		var a answer
		body, _ := json.Marshal(map[string]string{"question": q})
		resp, err := http.Post("http://"+addr+"/v1/ask", "application/json", bytes.NewReader(body))
		if err != nil {
			return a, err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return a, fmt.Errorf("status %d", resp.StatusCode)
		}
		return a, json.NewDecoder(resp.Body).Decode(&a)
	}
	// Wait (without a bound on how long it may take) for the server.
	var before answer
	var err error
	for range 600 {
		if before, err = ask(); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("serve did not answer: %v\n%s", err, errb.String())
	}
	if again, err := ask(); err != nil || !strings.Contains(before.Answer.Text, "1905") || !again.Cached {
		t.Fatalf("before the change: %+v, then %+v (%v)", before, again, err)
	}
	// --debug-addr serves the runtime's profiles beside the API.
	if resp, err := http.Get("http://" + debugAddr + "/debug/pprof/heap?debug=1"); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("--debug-addr: %v %v", resp, err)
	} else {
		_ = resp.Body.Close()
	}

	ingest(ownFile(t, dir, "b.jsonl", 5, 6, 1))
	var after answer
	for range 600 {
		if after, err = ask(); err == nil && after.DataVersion != before.DataVersion {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if after.DataVersion == before.DataVersion {
		t.Fatalf("the data version did not change: %s (%v)\n%s", after.DataVersion, err, errb.String())
	}
	if after.Cached || !strings.Contains(after.Answer.Text, "1906") {
		t.Errorf("after the change: %+v", after)
	}
	resp, err := http.Get("http://" + addr + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var ready struct {
		DataVersion string `json:"data_version"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&ready); err != nil || ready.DataVersion != after.DataVersion {
		t.Errorf("/readyz data version %q (%v), want %q", ready.DataVersion, err, after.DataVersion)
	}
}

// A running serve follows a store whose last record is deleted, stops
// answering from it, and reports on /readyz a store it cannot load until
// it is repaired.
func TestServeFollowsAnEmptiedAndADamagedStore(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "store")
	data := filepath.Join(dir, "data.jsonl")
	if err := os.WriteFile(data, testfixture.SampleJSONL(t, 10), 0o644); err != nil {
		t.Fatal(err)
	}
	common := []string{"--store", store, "--cache-dir", "off", "--data", data}
	cliIn(t, 0, append([]string{"ingest", "--source", "myorg", "--in", ownFile(t, dir, "a.jsonl", 5, 6, 0)}, common...)...)

	port := 21000 + rand.IntN(8999)
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	ctx, cancel := context.WithCancel(context.Background())
	var (
		wg   sync.WaitGroup
		code int
		errb bytes.Buffer
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		code = runEnv(ctx, testEnv(t, &bytes.Buffer{}, &errb), append([]string{"serve", "--addr", addr, "--reload-every", "100ms", "--drain", "1s"}, common...))
	}()
	defer func() {
		cancel()
		wg.Wait()
		if code != 0 {
			t.Errorf("serve exited %d: %s", code, errb.String())
		}
	}()
	ask := func() (string, error) {
		body, _ := json.Marshal(map[string]any{"question": "When did " + ownName(5) + " open?", "no_cache": true})
		resp, err := http.Post("http://"+addr+"/v1/ask", "application/json", bytes.NewReader(body))
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		var a struct{ Answer struct{ Text string } }
		if resp.StatusCode != http.StatusOK {
			return "", fmt.Errorf("status %d", resp.StatusCode)
		}
		err = json.NewDecoder(resp.Body).Decode(&a)
		return a.Answer.Text, err
	}
	ready := func() (int, string) {
		resp, err := http.Get("http://" + addr + "/readyz")
		if err != nil {
			return 0, err.Error()
		}
		defer resp.Body.Close()
		var b bytes.Buffer
		_, _ = b.ReadFrom(resp.Body)
		return resp.StatusCode, b.String()
	}
	// until polls cond (without a bound on how long serve takes to start
	// or reload on a loaded machine).
	until := func(what string, cond func() bool) {
		t.Helper()
		for range 1200 {
			if cond() {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatalf("%s: not within 2 minutes\n%s", what, errb.String())
	}
	until("serve answers from the source", func() bool { text, err := ask(); return err == nil && strings.Contains(text, "1905") })

	cliIn(t, 0, append([]string{"delete", "myorg:5"}, common...)...)
	until("serve drops the deleted record", func() bool { text, err := ask(); return err == nil && !strings.Contains(text, "1905") })
	if code, body := ready(); code != http.StatusOK {
		t.Fatalf("/readyz after the delete: %d %s", code, body)
	}

	// No whole version left: /readyz says the store cannot be loaded.
	vs, _ := filepath.Glob(filepath.Join(store, "v-*"))
	for _, v := range vs {
		if err := os.RemoveAll(v); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(store, "CURRENT"), []byte("v-00000000000000aa\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	until("/readyz reports the store", func() bool {
		code, body := ready()
		return code == http.StatusServiceUnavailable && strings.Contains(body, "store") && strings.Contains(body, "doctor --repair")
	})
	cliIn(t, 0, append([]string{"doctor", "--repair"}, common...)...)
	until("/readyz after the repair", func() bool { code, _ := ready(); return code == http.StatusOK })
}
