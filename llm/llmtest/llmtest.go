// Package llmtest is an in-process OpenAI-compatible chat-completions
// server for tests: it replays recorded answers from llm/testdata, as one
// JSON body or as a Server-Sent Events stream, whichever the request asks
// for.
package llmtest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// Replies recorded in llm/testdata (name.json and name.sse).
const (
	// Good cites record [1] for every sentence and states its year and GHCID.
	Good = "good"
	// InventedYear states a founding year the record does not hold.
	InventedYear = "invented-year"
	// UnknownCitation cites [42], a source the model was not given.
	UnknownCitation = "unknown-citation"
	// GroundedGerman answers in German from record [1] only.
	GroundedGerman = "grounded-de"
	// InventedCitation cites [7] where only [1]–[3] may be given.
	InventedCitation = "invented-citation"
	// InventedNumber states a collection size no record holds.
	InventedNumber = "invented-number"
	// InventedName names a director no record holds.
	InventedName = "invented-name"
	// PromptInjection has a sentence of instructions between two
	// grounded ones.
	PromptInjection = "prompt-injection"
	// Markup has an HTML image with a script handler and a script
	// element next to a grounded sentence.
	Markup = "markup"
	// Links has a javascript: Markdown link and a URL no record holds,
	// and the website record [1] holds.
	Links = "links"
	// Secrets has an API key and a password line around a grounded
	// sentence, one a line.
	Secrets = "secrets"
	// Filler has a sentence its record does not support and one without
	// a citation after a grounded one.
	Filler = "filler"
	// Malformed breaks off inside a JSON chunk (stream only).
	Malformed = "malformed"
	// Truncated ends after a few tokens without [DONE] (stream only).
	Truncated = "truncated"
	// Slow answers nothing until the client gives up.
	Slow = "slow"
)

// Request is a chat-completions request as the server received it.
type Request struct {
	Model    string `json:"model"`
	Stream   bool   `json:"stream"`
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	Authorization string `json:"-"`
}

// Server replays one recorded reply to every request.
type Server struct {
	*httptest.Server
	mu       sync.Mutex
	requests []Request
}

// New starts a server that replays reply (one of the names above) under
// /v1/chat/completions, lists one model under /v1/models, and is closed
// when the test ends. Its URL plus
// "/v1" is the base URL a client takes.
func New(t testing.TB, reply string) *Server {
	t.Helper()
	s := &Server{}
	read := func(ext string) []byte {
		b, err := os.ReadFile(filepath.Join(dir(), reply+ext))
		if err != nil {
			return nil
		}
		return b
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/models", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"object":"list","data":[{"id":"llama3.2","object":"model","owned_by":"llmtest"}]}`)
	})
	mux.HandleFunc("POST /v1/chat/completions", func(w http.ResponseWriter, r *http.Request) {
		var req Request
		if err := json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		req.Authorization = r.Header.Get("Authorization")
		s.mu.Lock()
		s.requests = append(s.requests, req)
		s.mu.Unlock()
		if reply == Slow {
			<-r.Context().Done()
			return
		}
		var body []byte
		if req.Stream {
			body = read(".sse")
			w.Header().Set("Content-Type", "text/event-stream")
		} else {
			body = read(".json")
			w.Header().Set("Content-Type", "application/json")
		}
		if body == nil {
			http.Error(w, "no recorded reply "+reply, http.StatusNotFound)
			return
		}
		_, _ = w.Write(body)
	})
	s.Server = httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

// BaseURL is the API root a client takes.
func (s *Server) BaseURL() string { return s.URL + "/v1" }

// Requests returns the requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// dir is llm/testdata, found from the test's working directory (its
// package's directory) up to the module's root; the source file's own
// path is not used, as a build with -trimpath does not keep it.
func dir() string {
	d, err := os.Getwd()
	if err != nil {
		return filepath.Join("llm", "testdata")
	}
	for {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return filepath.Join(d, "llm", "testdata")
		}
		parent := filepath.Dir(d)
		if parent == d {
			return filepath.Join("llm", "testdata")
		}
		d = parent
	}
}
