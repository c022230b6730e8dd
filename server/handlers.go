package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/linking"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/pipeline"
)

// AskRequest is the body of POST /v1/ask.
type AskRequest struct {
	Question string `json:"question"`
	K        int    `json:"k,omitempty"`
	Budget   int    `json:"budget,omitempty"`
	// Filters is a filter object as accepted by filter.Parse, e.g.
	// {"country": "GB", "type": ["MUSEUM"], "year_opened": {"$gte": 1900}}.
	Filters json.RawMessage `json:"filters,omitempty"`
	Explain bool            `json:"explain,omitempty"`
	NoCache bool            `json:"no_cache,omitempty"`
	// Without names constraints of the plan to answer without, e.g.
	// ["place:Cornwall", "type:M", "years"] (pipeline.Request.Without).
	Without []string `json:"without,omitempty"`
	// LLM asks the configured language model for a written answer; it
	// defaults to true when the server has one (Options.LLM).
	LLM *bool `json:"llm,omitempty"`
	// Fusion merges the retrievers' rankings with "rrf", "relative" or
	// "dbsf" instead of the fusion the router chose for the intent
	// (pipeline.Request.Fusion).
	Fusion string `json:"fusion,omitempty"`
	// Lang is the language of the answer ("en", "nl", "de"); without it
	// the Accept-Language header chooses, else the question's language.
	Lang string `json:"lang,omitempty"`
}

// Filter limits of POST /v1/ask.
const (
	MaxFilterBytes  = 8 << 10
	MaxFilterValues = 256
)

// ask answers POST /v1/ask with the pipeline's Response, or with
// Server-Sent Events for ?stream=true (see askStream).
func (s *Server) ask(w http.ResponseWriter, r *http.Request) {
	stream, ok := wantsStream(w, r)
	if !ok {
		return
	}
	var body AskRequest
	if !s.decode(w, r, &body) {
		return
	}
	req := pipeline.Request{Question: body.Question, K: body.K, Budget: body.Budget, Explain: body.Explain, NoCache: body.NoCache,
		Without: body.Without, LLM: s.opts.LLM}
	if body.LLM != nil {
		req.LLM = *body.LLM
	}
	lang, ok := answerLang(body.Lang, r.Header.Get("Accept-Language"))
	if !ok {
		writeError(w, http.StatusBadRequest, CodeBadOption, fmt.Sprintf("lang must be en, nl or de, got %.40q", body.Lang))
		return
	}
	req.Lang = lang
	if body.Fusion != "" {
		m, err := fusion.ParseMethod(body.Fusion)
		if err != nil {
			writeError(w, http.StatusBadRequest, CodeBadOption, fmt.Sprintf("fusion must be one of %s, got %.40q", fusion.MethodList(), body.Fusion))
			return
		}
		req.Fusion = m
	}
	if f := body.Filters; len(f) > 0 && string(f) != "null" {
		if len(f) > MaxFilterBytes {
			writeError(w, http.StatusBadRequest, CodeBadFilter, fmt.Sprintf("filters: %d bytes, over the limit of %d (max_filter_bytes)", len(f), MaxFilterBytes))
			return
		}
		set, err := filter.Parse(f)
		if err != nil {
			writeError(w, http.StatusBadRequest, CodeBadFilter, "filters: "+err.Error())
			return
		}
		n := 0
		for _, x := range set {
			n += max(1, len(x.Values))
		}
		if n > MaxFilterValues {
			writeError(w, http.StatusBadRequest, CodeBadFilter, fmt.Sprintf("filters: %d values, over the limit of %d (max_filter_values)", n, MaxFilterValues))
			return
		}
		req.Filters = set
	}
	if stream {
		s.askStream(w, r, req)
		return
	}
	resp, err := s.opts.Asker.Ask(r.Context(), req)
	if err == nil {
		// No reply after the deadline: a late answer is a timeout.
		err = r.Context().Err()
	}
	if err != nil {
		s.metrics.askFailed(err)
		s.writeErr(w, r, err)
		return
	}
	s.metrics.observeResponse(resp)
	w.Header().Set("Content-Language", string(resp.Lang))
	writeJSON(w, http.StatusOK, resp)
}

// answerLang is the language an answer is asked in: the body's lang, else
// the Accept-Language header's (when it names en, nl or de), else "" (the
// question's). ok is false for a lang that is none of the three.
func answerLang(field, acceptLanguage string) (lang locale.Lang, ok bool) {
	if field != "" {
		l, err := locale.Parse(field)
		return l, err == nil
	}
	l, _ := locale.Negotiate(acceptLanguage)
	return l, true
}

// decode reads a JSON body strictly: size-limited, one object, no unknown
// fields. On failure it writes the error and returns false. A body sent
// as text/plain or as application/x-www-form-urlencoded (what curl -d
// sends by default) is read as JSON too.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) bool {
	hint := ""
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		switch {
		case err == nil && (mt == "application/json" || strings.HasSuffix(mt, "+json")):
		case err == nil && (mt == "application/x-www-form-urlencoded" || mt == "text/plain"):
			hint = " (the body was sent as " + mt + "; send the header \"Content-Type: application/json\")"
		default:
			writeError(w, http.StatusUnsupportedMediaType, CodeUnsupportedMedia, "send the body as JSON with the header \"Content-Type: application/json\", not "+ct)
			return false
		}
	}
	if r.ContentLength > s.opts.MaxBody {
		writeError(w, http.StatusRequestEntityTooLarge, CodeBodyTooLarge, fmt.Sprintf("the body is larger than %d bytes (max_body, --max-body)", s.opts.MaxBody))
		return false
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, s.opts.MaxBody))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		// exactly one value
		if _, err2 := dec.Token(); !errors.Is(err2, io.EOF) {
			err = errors.New("unexpected data after the JSON object")
			var mbe *http.MaxBytesError
			if errors.As(err2, &mbe) {
				err = err2
			}
		}
	}
	if err == nil {
		return true
	}
	if hint != "" {
		err = fmt.Errorf("%w%s", err, hint)
	}
	var (
		mbe *http.MaxBytesError
		se  *json.SyntaxError
		te  *json.UnmarshalTypeError
	)
	switch {
	case errors.As(err, &mbe):
		writeError(w, http.StatusRequestEntityTooLarge, CodeBodyTooLarge, fmt.Sprintf("the body is larger than %d bytes (max_body, --max-body)", mbe.Limit))
	case errors.Is(err, io.EOF):
		writeError(w, http.StatusBadRequest, CodeInvalidJSON, "the body is empty; send a JSON object")
	case errors.As(err, &se):
		writeError(w, http.StatusBadRequest, CodeInvalidJSON, fmt.Sprintf("invalid JSON at byte %d: %v", se.Offset, err))
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			field = "the body"
		}
		writeError(w, http.StatusBadRequest, CodeInvalidJSON, fmt.Sprintf("%s must be %s, not %s", field, jsonKind(te.Type.Kind().String()), te.Value))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		writeError(w, http.StatusBadRequest, CodeUnknownField, strings.TrimPrefix(err.Error(), "json: "))
	default:
		writeError(w, http.StatusBadRequest, CodeInvalidJSON, "invalid JSON: "+err.Error())
	}
	return false
}

func jsonKind(k string) string {
	switch {
	case strings.HasPrefix(k, "int"), strings.HasPrefix(k, "uint"), strings.HasPrefix(k, "float"):
		return "a number"
	case k == "bool":
		return "true or false"
	case k == "string":
		return "a string"
	case k == "struct", k == "map":
		return "an object"
	case k == "slice", k == "array":
		return "an array"
	}
	return k
}

// LinkResponse is the body of GET /v1/link.
type LinkResponse struct {
	Query      linking.Query       `json:"query"`
	Limit      int                 `json:"limit"`
	Candidates []linking.Candidate `json:"candidates"`
}

// Link limits.
const (
	DefaultLinkLimit = 5
	MaxLinkLimit     = 100
	maxLinkText      = 512
)

// link answers GET /v1/link.
func (s *Server) link(w http.ResponseWriter, r *http.Request) {
	if s.opts.Linker == nil {
		writeError(w, http.StatusNotImplemented, CodeNotImplemented, "this server has no linker")
		return
	}
	v := r.URL.Query()
	q := linking.Query{
		Text:     strings.TrimSpace(v.Get("q")),
		ISIL:     strings.TrimSpace(v.Get("isil")),
		QID:      strings.TrimSpace(v.Get("qid")),
		GHCID:    strings.TrimSpace(v.Get("ghcid")),
		City:     strings.TrimSpace(v.Get("city")),
		Country:  strings.TrimSpace(v.Get("country")),
		Type:     strings.TrimSpace(v.Get("type")),
		Postcode: strings.TrimSpace(v.Get("postcode")),
	}
	if q.Text == "" && q.ISIL == "" && q.QID == "" && q.GHCID == "" {
		writeError(w, http.StatusBadRequest, CodeBadParameter, "give q (an identifier or a name), or isil, qid or ghcid")
		return
	}
	for name, val := range map[string]string{"q": q.Text, "isil": q.ISIL, "qid": q.QID, "ghcid": q.GHCID, "city": q.City, "country": q.Country, "type": q.Type, "postcode": q.Postcode} {
		if len(val) > maxLinkText || !utf8.ValidString(val) {
			writeError(w, http.StatusBadRequest, CodeBadParameter, fmt.Sprintf("%s must be valid UTF-8 of at most %d bytes", name, maxLinkText))
			return
		}
	}
	limit, ok := intParam(w, v.Get("limit"), "limit", DefaultLinkLimit, 1, MaxLinkLimit)
	if !ok {
		return
	}
	cands, err := s.opts.Linker.Link(r.Context(), q, limit)
	if err == nil {
		err = r.Context().Err()
	}
	if err != nil {
		s.writeErr(w, r, err)
		return
	}
	if len(cands) > limit {
		cands = cands[:limit]
	}
	if cands == nil {
		cands = []linking.Candidate{}
	}
	writeJSON(w, http.StatusOK, LinkResponse{Query: q, Limit: limit, Candidates: cands})
}

// entity answers GET /v1/entities/{id} with the full record.
func (s *Server) entity(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	in, ok := s.opts.Records.Get(id)
	if !ok || in == nil {
		writeError(w, http.StatusNotFound, CodeNotFound, fmt.Sprintf("no institution has id %q", id))
		return
	}
	writeJSON(w, http.StatusOK, in)
}

// healthz answers liveness: the process serves HTTP.
func (s *Server) healthz(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// ReadyResponse is the body of GET /readyz.
type ReadyResponse struct {
	Status string `json:"status"` // "ok" or "unavailable"
	// DataVersion is Options.DataVersion: the data answered from.
	DataVersion string `json:"data_version,omitempty"`
	// Embedder is Options.Embedder: what the vectors are embedded with.
	Embedder *EmbedderInfo `json:"embedder,omitempty"`
	Checks   []CheckStatus `json:"checks"`
}

// EmbedderInfo names an embedder: the name users choose (hashing, minilm,
// minilm-q) and its ID, which names the model and its settings, e.g.
// "onnx:all-MiniLM-L6-v2-q:mean:l2:seq256".
type EmbedderInfo struct {
	Name string `json:"name"`
	ID   string `json:"id"`
}

// CheckStatus is one readiness check's outcome.
type CheckStatus struct {
	Name   string `json:"name"`
	Status string `json:"status"` // "ok" or "fail"
	Error  string `json:"error,omitempty"`
}

// readyz runs every readiness check concurrently under one deadline.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), DefaultReadyTimeout)
	defer cancel()
	out := ReadyResponse{Status: "ok", DataVersion: s.opts.DataVersion, Embedder: s.opts.Embedder,
		Checks: make([]CheckStatus, len(s.opts.Ready))}
	var wg sync.WaitGroup
	for i, c := range s.opts.Ready {
		wg.Go(func() {
			st := CheckStatus{Name: c.Name, Status: "ok"}
			if err := runCheck(ctx, c); err != nil {
				st.Status, st.Error = "fail", err.Error()
			}
			out.Checks[i] = st
		})
	}
	wg.Wait()
	status := http.StatusOK
	for _, c := range out.Checks {
		if c.Status != "ok" {
			out.Status, status = "unavailable", http.StatusServiceUnavailable
		}
	}
	writeJSON(w, status, out)
}

// runCheck runs one check, turning a panic into a failure.
func runCheck(ctx context.Context, c Check) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("check panicked: %v", v)
		}
	}()
	return c.Check(ctx)
}
