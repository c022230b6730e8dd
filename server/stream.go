package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/plan"
)

// Server-Sent Events of POST /v1/ask?stream=true, in the order sent.
const (
	EventPlan   = "plan"   // the router's plan
	EventHits   = "hits"   // the fused hits
	EventToken  = "token"  // {"text": …}: the model's answer, a checked sentence at a time (pipeline.Progress.Token)
	EventAnswer = "answer" // the whole response, as without streaming; the last event
	EventError  = "error"  // an ErrorBody when the answer fails after the stream began; the last event
)

// TokenEvent is the data of a token event.
type TokenEvent struct {
	Text string `json:"text"`
}

// wantsStream reads ?stream=; ok is false (and a 400 written) when the
// value is not a boolean.
func wantsStream(w http.ResponseWriter, r *http.Request) (stream, ok bool) {
	v := r.URL.Query().Get("stream")
	if v == "" {
		return false, true
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		writeError(w, http.StatusBadRequest, CodeBadParameter, fmt.Sprintf("stream must be true or false, not %q", v))
		return false, false
	}
	return b, true
}

// askStream answers req as Server-Sent Events: the plan and the hits as
// soon as they are known, the model's answer a checked sentence at a time
// as it writes it, and the response (or the extractive fallback with its
// warning) last.
// An error before the first event is an ordinary JSON error response.
func (s *Server) askStream(w http.ResponseWriter, r *http.Request, req pipeline.Request) {
	ev := &events{w: w, rc: http.NewResponseController(w)}
	retrieved := false
	req.Progress = &pipeline.Progress{
		Retrieved: func(plan plan.Plan, hits []fusion.Fused) {
			ev.send(EventPlan, plan)
			ev.send(EventHits, hits)
			retrieved = true
		},
		Token: func(text string) { ev.send(EventToken, TokenEvent{Text: text}) },
	}
	resp, err := s.opts.Asker.Ask(r.Context(), req)
	if err == nil {
		err = r.Context().Err()
	}
	if err != nil {
		s.metrics.askFailed(err)
		if !ev.started {
			s.writeErr(w, r, err)
			return
		}
		status, code := statusOf(err)
		msg := err.Error()
		if status == http.StatusInternalServerError {
			s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
			msg = "internal server error"
		}
		ev.send(EventError, ErrorBody{Error: ErrorDetail{Code: code, Message: msg}})
		return
	}
	s.metrics.observeResponse(resp)
	if !retrieved { // a cached answer: complete at once
		ev.send(EventPlan, resp.Plan)
		ev.send(EventHits, resp.Hits)
	}
	ev.send(EventAnswer, resp)
}

// events writes Server-Sent Events, flushing each. After a write fails
// (the client went away) the rest are dropped.
type events struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	started bool
	failed  bool
	buf     bytes.Buffer
}

func (e *events) send(name string, v any) {
	if e.failed {
		return
	}
	if !e.started {
		h := e.w.Header()
		h.Set("Content-Type", "text/event-stream; charset=utf-8")
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Accel-Buffering", "no") // tell a proxy not to hold events back
		e.w.WriteHeader(http.StatusOK)
		e.started = true
	}
	e.buf.Reset()
	fmt.Fprintf(&e.buf, "event: %s\ndata: ", name)
	enc := json.NewEncoder(&e.buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil { // Encode ends the line
		e.buf.Reset()
		fmt.Fprintf(&e.buf, "event: %s\ndata: %s\n", EventError, `{"error":{"code":"internal","message":"encoding the event failed"}}`)
	}
	e.buf.WriteByte('\n')
	if _, err := e.w.Write(e.buf.Bytes()); err != nil {
		e.failed = true
		return
	}
	if err := e.rc.Flush(); err != nil {
		e.failed = true
	}
}
