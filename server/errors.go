package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/hybridrag/hybridrag/ident"
	"github.com/hybridrag/hybridrag/pipeline"
)

// ErrorBody is the JSON body of every error response.
type ErrorBody struct {
	Error ErrorDetail `json:"error"`
}

// ErrorDetail says what went wrong: a stable machine-readable code and a
// message for people.
type ErrorDetail struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Error codes.
const (
	CodeInvalidJSON      = "invalid_json"
	CodeUnknownField     = "unknown_field"
	CodeEmptyQuestion    = "empty_question"
	CodeTooLong          = "too_long"
	CodeBadOption        = "bad_option"
	CodeBadFilter        = "bad_filter"
	CodeBadParameter     = "bad_parameter"
	CodeMalformedID      = "malformed_identifier"
	CodeBodyTooLarge     = "body_too_large"
	CodeUnsupportedMedia = "unsupported_media_type"
	CodeUnauthorized     = "unauthorized"
	CodeNotFound         = "not_found"
	CodeMethodNotAllowed = "method_not_allowed"
	CodeNotImplemented   = "not_implemented"
	CodeNoResults        = "no_results"
	CodeTimeout          = "timeout"
	CodeCanceled         = "canceled"
	CodeUnavailable      = "unavailable"
	CodeOverloaded       = "overloaded"
	CodeInternal         = "internal"
)

// writeJSON writes v as the JSON body (HTML characters unescaped, as the
// ask command prints them).
func writeJSON(w http.ResponseWriter, status int, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		status = http.StatusInternalServerError
		b.Reset()
		b.WriteString(`{"error":{"code":"internal","message":"encoding the response failed"}}` + "\n")
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, ErrorBody{Error: ErrorDetail{Code: code, Message: msg}})
}

// statusOf maps a domain error to an HTTP status and error code. Only the
// transport decides how an error is shown.
func statusOf(err error) (int, string) {
	switch {
	case errors.Is(err, pipeline.ErrEmptyQuestion):
		return http.StatusBadRequest, CodeEmptyQuestion
	case errors.Is(err, pipeline.ErrTooLong):
		return http.StatusBadRequest, CodeTooLong
	case errors.Is(err, pipeline.ErrBadOption):
		return http.StatusBadRequest, CodeBadOption
	case errors.Is(err, ident.ErrMalformed):
		return http.StatusBadRequest, CodeMalformedID
	case errors.Is(err, context.DeadlineExceeded):
		return http.StatusGatewayTimeout, CodeTimeout
	case errors.Is(err, context.Canceled):
		// The client went away; the status is for the log only.
		return http.StatusServiceUnavailable, CodeCanceled
	case errors.Is(err, pipeline.ErrNoResults):
		return http.StatusBadGateway, CodeNoResults
	default:
		return http.StatusInternalServerError, CodeInternal
	}
}

func (s *Server) writeErr(w http.ResponseWriter, r *http.Request, err error) {
	status, code := statusOf(err)
	msg := err.Error()
	if status == http.StatusInternalServerError {
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		msg = "internal server error"
	}
	writeError(w, status, code, msg)
}
