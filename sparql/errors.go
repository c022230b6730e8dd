package sparql

import (
	"errors"
	"fmt"
	"net/http"
)

// Errors. Transport errors wrap the cause (context.DeadlineExceeded for
// timeouts); an answer with an unexpected status is a *StatusError.
var (
	// ErrInvalid is wrapped by every input that is rejected before a query
	// is built (malformed identifiers, empty or too long search text, bad
	// limits, bad options).
	ErrInvalid = errors.New("invalid input")
	// ErrCircuitOpen is returned without contacting the endpoint while the
	// circuit breaker is open.
	ErrCircuitOpen = errors.New("sparql endpoint circuit open")
	// ErrAnswerTooLarge is an answer over the WithMaxAnswerBytes limit.
	ErrAnswerTooLarge = errors.New("answer too large")
)

// StatusError is an answer from the endpoint with a status other than 200.
type StatusError struct {
	Endpoint string
	Code     int
	Body     string // the start of the answer body
}

func (e *StatusError) Error() string {
	msg := fmt.Sprintf("sparql: %s answered %d %s", e.Endpoint, e.Code, http.StatusText(e.Code))
	if e.Body != "" {
		msg += ": " + e.Body
	}
	return msg
}
