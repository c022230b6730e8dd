package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// Ping asks the server for its model list (GET /models under the base
// URL, which every OpenAI-compatible server answers) and reports whether
// it answered with one before ctx ended: the readiness check of a
// configured model. It is not retried, and does not check that the
// configured model is among those listed.
func (c *Client) Ping(ctx context.Context) error {
	u := strings.TrimSuffix(c.url, "/chat/completions") + "/models"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return fmt.Errorf("llm: %w", err)
	}
	req.Header = c.header()
	req.Header.Set("Accept", "application/json")
	resp, err := c.opts.HTTPClient.Do(req)
	if err != nil {
		return fmt.Errorf("llm: GET %s: %w", u, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("llm: GET %s: %s", u, resp.Status)
	}
	var list struct {
		Data []json.RawMessage `json:"data"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, c.opts.MaxAnswerBytes)).Decode(&list); err != nil || list.Data == nil {
		return fmt.Errorf("llm: GET %s: %w: not a model list", u, ErrBadAnswer)
	}
	return nil
}
