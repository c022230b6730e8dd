package testfixture

import (
	"net/http"
	"sync/atomic"
)

// CountingClient returns an HTTP client whose requests are counted as the
// client sends them. A test of retries counts attempts here rather than
// in its server's handler: a request the client gives up on before the
// server has read it never reaches the handler, which on a busy machine
// happens within a short timeout.
func CountingClient() (*http.Client, *atomic.Int64) {
	n := new(atomic.Int64)
	return &http.Client{Transport: countingTransport{n: n}}, n
}

type countingTransport struct{ n *atomic.Int64 }

func (t countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	t.n.Add(1)
	return http.DefaultTransport.RoundTrip(r)
}
