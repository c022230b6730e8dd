package web_test

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// The browser tests drive the page in a real headless Chromium against a
// real "hybridrag serve". They skip, saying why, when no browser is
// installed, unless HYBRIDRAG_REQUIRE_BROWSER=1 (set by scripts/test.sh),
// which turns a missing browser into a failure. The hybridrag binary is
// HYBRIDRAG_BIN, or built here.
//
// go test ./server/web -screenshots ../../docs writes a PNG of each page.
var screenshots = flag.String("screenshots", "", "directory to write a PNG of each page into")

func chromiumPath(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("HYBRIDRAG_REQUIRE_BROWSER") == "1" {
		t.Fatal("no Chromium on PATH and HYBRIDRAG_REQUIRE_BROWSER=1 (install it: apt-get install -y chromium)")
	}
	t.Skip("no Chromium on PATH (apt-get install -y chromium); set HYBRIDRAG_REQUIRE_BROWSER=1 to fail instead")
	return ""
}

// hybridrag returns the binary under test.
func hybridrag(t *testing.T) string {
	if p := os.Getenv("HYBRIDRAG_BIN"); p != "" {
		return p
	}
	bin := filepath.Join(t.TempDir(), "hybridrag")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/hybridrag/hybridrag/cmd/hybridrag").CombinedOutput()
	require.NoError(t, err, "%s", out)
	return bin
}

// embeddedEnv is the environment with the servers the test command starts
// unset: the page is tested on the embedded default, without an API key.
func embeddedEnv() []string {
	return append(os.Environ(), "HYBRIDRAG_API_KEY=", "HYBRIDRAG_API_KEY_FILE=", "HYBRIDRAG_NEO4J_URI=", "HYBRIDRAG_SPARQL_ENDPOINT=", "HYBRIDRAG_QDRANT_URL=")
}

// serve starts "hybridrag serve" on a free loopback port and returns its
// base URL; the server stops when the test ends.
func serve(t *testing.T, bin string) string {
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "serve", "--addr", "127.0.0.1:0")
	cmd.Env = embeddedEnv()
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		cancel()
		_ = cmd.Wait()
	})
	found := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`url=(http://127\.0\.0\.1:\d+)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
	}()
	select {
	case base := <-found:
		return base
	case <-time.After(2 * time.Minute):
		t.Fatal("hybridrag serve did not start listening within 2 minutes")
	}
	return ""
}

// page is one browser tab on the server, recording what must not happen.
type page struct {
	t        *testing.T
	ctx      context.Context
	base     string
	bin      string // the hybridrag binary the server runs
	download string // directory downloads go to

	mu       sync.Mutex
	problems []string
	done     chan string // GUIDs of finished downloads
}

func newPage(t *testing.T) *page {
	execPath := chromiumPath(t)
	bin := hybridrag(t)
	base := serve(t, bin)
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(execPath), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.WindowSize(1100, 900), chromedp.UserDataDir(t.TempDir()))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	p := &page{t: t, ctx: ctx, base: base, bin: bin, download: t.TempDir(), done: make(chan string, 4)}
	// Subscribe before anything loads, so that no message is lost.
	console := chromedp.Console(ctx)
	requests := chromedp.Events(ctx, network.RequestWillBeSent)
	downloads := chromedp.Events(ctx, browser.DownloadProgress)
	go func() {
		for m, err := range console {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.IsException() {
				p.problem(m.String() + " " + m.URL)
			}
		}
	}()
	go func() {
		for ev, err := range requests {
			if err != nil {
				return
			}
			u, err := url.Parse(ev.Request.URL)
			if err != nil || (u.Scheme != "blob" && u.Scheme != "data" && u.Hostname() != "127.0.0.1") {
				p.problem("request leaving 127.0.0.1: " + ev.Request.URL)
			}
		}
	}()
	go func() {
		for ev, err := range downloads {
			if err != nil {
				return
			}
			if ev.State == browser.DownloadProgressStateCompleted {
				p.done <- ev.GUID
			}
		}
	}()
	_, err := chromedp.Call(ctx, network.Enable, network.EnableParams{})
	require.NoError(t, err)
	_, err = chromedp.Call(ctx, cdplog.Enable, cdp.Empty{})
	require.NoError(t, err)
	yes := true
	_, err = chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: p.download, EventsEnabled: &yes})
	require.NoError(t, err)
	return p
}

func (p *page) problem(s string) {
	p.mu.Lock()
	p.problems = append(p.problems, s)
	p.mu.Unlock()
}

// clean fails the test on any problem recorded so far.
func (p *page) clean() {
	p.mu.Lock()
	defer p.mu.Unlock()
	require.Empty(p.t, p.problems, "the page had errors or made outside requests")
}

func (p *page) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	require.NoError(p.t, chromedp.Do(ctx, steps...))
}

// eval evaluates a JavaScript expression and decodes its value into T.
func eval[T any](p *page, expr string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	require.NoError(p.t, err, "%s", expr)
	return v
}

// wait polls a JavaScript predicate until it is true.
func (p *page) wait(expr string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	var err error
	for {
		_, err = chromedp.Run(ctx, chromedp.Poll[any](expr, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(20*time.Second)))
		// A reload swaps the page's JavaScript context; a poll begun in
		// the old one fails and is begun again in the new one.
		if err == nil || !contextSwapped(err) || ctx.Err() != nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		text := eval[string](p, `location.hash + "\n" + document.querySelector('main').innerText.slice(0, 2000)`)
		p.mu.Lock()
		problems := slices.Clone(p.problems)
		p.mu.Unlock()
		p.t.Fatalf("waiting for %s: %v\npage: %s\nproblems: %q", expr, err, text, problems)
	}
}

// contextSwapped tells the errors of a poll whose JavaScript context went
// away under it.
func contextSwapped(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "Cannot find context with specified id") || strings.Contains(msg, "Execution context was destroyed")
}

// hash navigates within the page.
func (p *page) hash(h string) {
	p.t.Helper()
	b, _ := json.Marshal(h)
	p.do(chromedp.Evaluate[chromedp.Void]("location.hash = " + string(b)))
}

// screenshot writes a PNG of the viewport scrolled to the element sel
// (the top when sel is empty) into the -screenshots directory.
func (p *page) screenshot(name, sel string) {
	if *screenshots == "" {
		return
	}
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	scroll := `window.scrollTo(0, 0)`
	if sel != "" {
		scroll = `document.querySelector('` + sel + `').scrollIntoView()`
	}
	_, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](scroll))
	require.NoError(p.t, err)
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	require.NoError(p.t, err)
	require.NoError(p.t, os.WriteFile(filepath.Join(*screenshots, "web-"+name+".png"), png, 0o644))
}

// askResult is what the page shows for a question.
type askResult struct {
	Answer    string   `json:"answer"`
	Citations []string `json:"citations"`
	Cites     int      `json:"cites"` // citation links in the answer
	Bars      []string `json:"bars"`  // data-source of every provenance bar
	Chips     []string `json:"chips"` // data-kind of every plan chip
	Timings   string   `json:"timings"`
}

const readAsk = `({
  answer: document.querySelector('#answer').innerText,
  citations: [...document.querySelectorAll('.citations li')].map((li) => li.id),
  cites: document.querySelectorAll('#answer a.cite').length,
  bars: [...document.querySelectorAll('.hits .bar')].map((b) => b.dataset.source),
  chips: [...document.querySelectorAll('.chips .chip')].map((c) => c.dataset.kind),
  timings: document.querySelector('#timings').innerText,
})`

// asked waits for the page to show the answer to q.
func (p *page) asked(q string) askResult {
	p.t.Helper()
	b, _ := json.Marshal(q + " · hybridrag")
	p.wait(`document.title === ` + string(b) + ` && document.querySelector('#ask-status').textContent === '' && document.querySelector('#answer') !== null`)
	return eval[askResult](p, readAsk)
}

// logAskCost logs how long the page took from the question to the drawn
// answer against how long the /v1/ask request itself took (a measurement,
// not a pass/fail check).
func (p *page) logAskCost(q string) {
	p.t.Helper()
	c := eval[struct {
		Page    float64 `json:"page"`
		Request float64 `json:"request"`
	}](p, `({page: +document.body.dataset.askMs, request: performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/v1/ask')).pop().duration})`)
	p.t.Logf("%q: %.0f ms in the page, %.0f ms of it the /v1/ask request: %.0f ms for the page", q, c.Page, c.Request, c.Page-c.Request)
}

func TestBrowser(t *testing.T) {
	p := newPage(t)
	run := func(name string, f func(t *testing.T)) {
		t.Run(name, func(sub *testing.T) {
			p.t = sub
			defer func() { p.t = t }()
			f(sub)
		})
	}
	start := time.Now()
	p.do(chromedp.Navigate(p.base + "/"))
	t.Logf("page loaded in %s", time.Since(start))
	// First paint, best effort (headless Chromium reports it a little after
	// the load event, or not at all), in the fresh browser and on a reload.
	for _, load := range []string{"first load", "reload"} {
		if load == "reload" {
			p.do(chromedp.Reload())
		}
		pctx, cancel := context.WithTimeout(p.ctx, 3*time.Second)
		paint, err := chromedp.Run(pctx, chromedp.Poll[float64](`(performance.getEntriesByType("paint").find((e) => e.name === "first-contentful-paint") || {}).startTime`,
			chromedp.WithPollingInterval(20*time.Millisecond)))
		cancel()
		if err == nil {
			t.Logf("first contentful paint, %s: %.0f ms after navigation start", load, paint)
		}
	}

	run("keyboard", func(t *testing.T) {
		// The first Tab reaches the skip link; Enter in the box asks.
		p.do(chromedp.KeyEvent("\t"))
		require.Equal(t, "skip", eval[string](p, `document.activeElement.className`))
		q := "What is the ISIL code of Heimatstube im Elbtor?"
		p.do(chromedp.Focus(chromedp.CSS("#q")), chromedp.SendKeys(chromedp.CSS("#q"), q+"\r"))
		r := p.asked(q)
		require.Contains(t, r.Answer, "DE-MUS-811216")
		require.Contains(t, eval[string](p, `location.hash`), "q=What+is+the+ISIL", "the question is in the URL")
	})

	run("factual", func(t *testing.T) {
		q := "What is the ISIL code of Heimatstube im Elbtor?"
		p.hash("#/ask?q=" + url.QueryEscape(q))
		r := p.asked(q)
		require.Contains(t, r.Answer, "DE-MUS-811216")
		require.GreaterOrEqual(t, r.Cites, 1, "the answer cites its source")
		require.Contains(t, r.Citations, "cite-1")
		require.NotEmpty(t, r.Bars, "every hit shows which retrievers found it")
		require.Contains(t, r.Chips, "intent")
		require.Contains(t, r.Chips, "entity", "the named institution is a chip")
		require.Contains(t, r.Timings, "total")
		// A citation jumps to its source, which links to the record.
		p.do(chromedp.Click(chromedp.CSS("#answer a.cite")))
		require.Equal(t, "#cite-1", eval[string](p, `location.hash`))
		p.do(chromedp.NavigateBack())
	})

	run("language", func(t *testing.T) {
		answerLang := `document.querySelector('#answer').lang`
		q := "Welke musea gaan over porselein?"
		p.hash("#/ask?q=" + url.QueryEscape(q))
		p.asked(q)
		require.Equal(t, "nl", eval[string](p, answerLang), "the question's language, whatever the browser's")
		require.Contains(t, eval[string](p, `document.querySelector('#answer-lang').innerText`), "Nederlands")
		q = "Which museums are about porcelain?"
		p.hash("#/ask?lang=de&q=" + url.QueryEscape(q))
		p.asked(q)
		require.Equal(t, "de", eval[string](p, answerLang), "the language the URL names")
		require.Equal(t, "de", eval[string](p, `document.querySelector('#lang').value`))
		// Choosing another language asks again, and the URL keeps it.
		eval[bool](p, `(() => { const s = document.querySelector('#lang'); s.value = 'nl'; s.dispatchEvent(new Event('change')); return true; })()`)
		p.wait(`document.querySelector('#answer') !== null && document.querySelector('#answer').lang === 'nl'`)
		require.Contains(t, eval[string](p, `location.hash`), "lang=nl")
		eval[bool](p, `(() => { localStorage.removeItem('hybridrag-lang'); return true; })()`)
	})

	run("list", func(t *testing.T) {
		q := "Which museums are part of National Museums Scotland?"
		p.hash("#/ask?q=" + url.QueryEscape(q))
		r := p.asked(q)
		require.Contains(t, r.Answer, "3 museums")
		p.logAskCost(q)
		require.GreaterOrEqual(t, r.Cites, 3)
		require.Subset(t, r.Citations, []string{"cite-1", "cite-2", "cite-3"})
		require.Contains(t, r.Chips, "body")
		require.Subset(t, r.Bars, []string{"kg"}, "the graph found the members")
		p.screenshot("ask", "")

		// Removing the type chip asks again without it, and says so.
		p.do(chromedp.Click(chromedp.CSS(`.chip[data-kind="type"] button`)))
		p.wait(`location.hash.includes('without=type') && document.querySelector('.removed') !== null`)
		r = p.asked(q)
		require.NotContains(t, r.Chips, "type")
		p.do(chromedp.Click(chromedp.CSS(`.removed button.restore`)))
		p.wait(`!location.hash.includes('without=') && document.querySelector('.chip[data-kind="type"]') !== null`)
	})

	run("comparison", func(t *testing.T) {
		q := "Which opened first, Bear Gardens Museum or Goddards?"
		p.hash("#/ask?q=" + url.QueryEscape(q))
		r := p.asked(q)
		require.Contains(t, r.Answer, "Bear Gardens Museum [1] opened first (1972)")
		p.logAskCost(q)
		require.GreaterOrEqual(t, r.Cites, 2)
		require.Contains(t, r.Chips, "entity")
		require.Contains(t, r.Chips, "frame")
	})

	run("entity", func(t *testing.T) {
		p.hash("#/entity/mm:mm.domus.SC277")
		p.wait(`document.querySelector('#entity-out').dataset.shown === 'mm:mm.domus.SC277'`)
		nodes := eval[[]string](p, `[...document.querySelectorAll('svg.graph a.node')].map((a) => a.dataset.id)`)
		// National Museum of Scotland: its body, its city and areas.
		require.ElementsMatch(t, []string{"mm:mm.domus.SC277", "body:national museums scotland", "place:city:GB/Edinburgh",
			"place:admin:City of Edinburgh (Scottish Council Area)", "place:admin:Scotland", "place:country:GB"}, nodes)
		require.Equal(t, "CC-BY-4.0", eval[string](p, `document.querySelector('#licence').textContent`))
		require.Contains(t, eval[string](p, `document.querySelector('#coords').textContent`), "55.9")
		p.screenshot("entity", "")

		// Walk to the body: its members are drawn.
		p.do(chromedp.Click(chromedp.CSS(`svg.graph a.node[data-id="body:national museums scotland"] circle`)))
		p.wait(`document.querySelector('#entity-out').dataset.shown === 'body:national museums scotland'`)
		members := eval[[]string](p, `[...document.querySelectorAll('svg.graph a.node[data-kind="institution"]')].map((a) => a.dataset.id)`)
		require.Len(t, members, 3)
		require.Contains(t, members, "mm:mm.domus.SC277")

		// How is it connected to another museum: a path is drawn.
		p.hash("#/entity/mm:mm.domus.SC277")
		p.wait(`document.querySelector('#entity-out').dataset.shown === 'mm:mm.domus.SC277'`)
		p.do(chromedp.SendKeys(chromedp.CSS("#path-to"), "mm:mm.domus.SC038\r"))
		p.wait(`document.querySelectorAll('svg.path a.node').length > 1`)
		path := eval[[]string](p, `[...document.querySelectorAll('svg.path a.node')].map((a) => a.dataset.id)`)
		require.Equal(t, "mm:mm.domus.SC277", path[0])
		require.Equal(t, "mm:mm.domus.SC038", path[len(path)-1])
	})

	run("record links", func(t *testing.T) {
		// A record whose website or ROR id is a "javascript:" (or any
		// other non-web) URL shows it as text: the page's fetch is
		// wrapped to hand such a record to the entity view.
		id := "mm:mm.domus.SC038"
		for _, c := range []struct {
			website, ror string
			links        bool
		}{
			{"javascript:alert(document.domain)", "JavaScript:alert(1)", false},
			{" data:text/html,<b>x</b>", "vbscript:x", false},
			{"https://example.org/museum", "https://ror.org/02m69r871", true},
		} {
			b, _ := json.Marshal(map[string]string{"website": c.website, "ror": c.ror})
			p.do(chromedp.Evaluate[chromedp.Void](`(() => {
				const edit = ` + string(b) + `;
				delete document.querySelector('#entity-out').dataset.shown;
				window.realFetch = window.realFetch || window.fetch;
				window.fetch = async (path, init) => {
					const resp = await window.realFetch(path, init);
					if (!/^\/v1\/entities\/[^/]+$/.test(path)) return resp;
					const rec = await resp.json();
					rec.website = edit.website;
					rec.identifiers = Object.assign({}, rec.identifiers, { ror: edit.ror });
					return new Response(JSON.stringify(rec), { status: resp.status, headers: { 'Content-Type': 'application/json' } });
				};
			})()`))
			p.hash("#/")
			p.hash("#/entity/" + id)
			p.wait(`document.querySelector('#entity-out').dataset.shown === '` + id + `'`)
			hrefs := eval[[]string](p, `[...document.querySelectorAll('#entity-out a[href]')].map((a) => a.getAttribute('href'))`)
			text := eval[string](p, `document.querySelector('#entity-out dl.fields').textContent`)
			for _, h := range hrefs {
				require.Regexp(t, `^(#|https?://)`, h, "every link stays on the page or goes to the web")
			}
			require.Contains(t, text, strings.TrimSpace(c.website), "the website is shown")
			require.Contains(t, text, c.ror, "the ROR id is shown")
			require.Equal(t, c.links, slices.Contains(hrefs, c.website), "website %q as a link", c.website)
			require.Equal(t, c.links, slices.Contains(hrefs, c.ror), "ROR %q as a link", c.ror)
		}
		p.do(chromedp.Evaluate[chromedp.Void](`window.fetch = window.realFetch`))
		p.clean()
	})

	run("reconcile", func(t *testing.T) {
		dir := t.TempDir()
		in := writeSample(t, dir, 200)
		p.hash("#/reconcile")
		p.do(chromedp.SetUploadFiles(chromedp.CSS("#rec-file"), []string{in}), chromedp.Click(chromedp.CSS("#rec-load")))
		p.wait(`document.querySelector('#map-name') !== null`)
		require.Equal(t, "name", eval[string](p, `document.querySelector('#map-name').value`), "the name column is guessed")
		p.do(chromedp.Click(chromedp.CSS("#rec-run")))
		p.wait(`document.querySelector('#rec-progress').textContent.includes('200 of 200') && document.querySelector('#rec-accept-all') !== null`)
		p.do(chromedp.Click(chromedp.CSS("#rec-accept-all")))
		// Reject the first row and pick another candidate for the first
		// ambiguous one.
		p.do(chromedp.Click(chromedp.CSS(`button.reject[data-row="0"]`)))
		p.screenshot("reconcile", "#rec-progress")

		// A reload keeps the finished rows and the decisions.
		p.do(chromedp.Reload())
		p.wait(`document.querySelectorAll('table.rec tbody tr').length === 25`)
		require.Equal(t, "rejected", eval[string](p, `document.querySelector('tr[data-row="0"] .decision').textContent`))

		p.do(chromedp.Click(chromedp.CSS("#rec-jsonl")))
		var guid string
		select {
		case guid = <-p.done:
		case <-time.After(time.Minute):
			t.Fatal("no download")
		}
		got := readJSONL(t, filepath.Join(p.download, guid))
		require.Len(t, got, 200)

		out := filepath.Join(dir, "enriched.jsonl")
		cmd := exec.Command(p.bin, "enrich", "--in", in, "--out", out)
		cmd.Env = embeddedEnv()
		b, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", b)
		want := readJSONL(t, out)
		require.Len(t, want, 200)
		accepted := 0
		for i := range want {
			for _, k := range []string{"row", "status", "match", "score", "candidates", "input", "provenance", "error"} {
				require.JSONEq(t, jsonOr(want[i][k]), jsonOr(got[i][k]), "row %d, %s", i+1, k)
			}
			switch {
			case i == 0:
				require.Equal(t, "rejected", field(got[i], "decision"))
			case field(got[i], "decision") == "accepted":
				accepted++
				require.Equal(t, "matched", field(want[i], "status"))
			}
		}
		require.Greater(t, accepted, 100, "most sample rows match and were accepted")
	})

	run("quality", func(t *testing.T) {
		p.hash("#/quality")
		p.wait(`document.querySelectorAll('svg.chart rect').length > 0`)
		require.Equal(t, 2, eval[int](p, `document.querySelectorAll('svg.chart').length`))
		p.screenshot("quality", "")
	})

	run("labels and contrast", func(t *testing.T) {
		q := "Which museums are part of National Museums Scotland?"
		for _, v := range []struct{ hash, ready string }{
			{"#/ask?q=" + url.QueryEscape(q), `document.title.startsWith('Which museums') && document.querySelector('#timings') !== null`},
			{"#/entity/mm:mm.domus.SC277", `document.querySelector('#entity-out').dataset.shown === 'mm:mm.domus.SC277'`},
			{"#/reconcile", `document.querySelector('table.rec') !== null`},
			{"#/quality", `document.querySelector('svg.chart') !== null`},
		} {
			p.hash(v.hash)
			p.wait(v.ready)
			bad := eval[[]string](p, a11yCheck)
			require.Empty(t, bad, "accessibility problems on %s", v.hash)
		}
	})

	p.clean()
}

// a11yCheck lists visible form controls without a label and visible text
// whose contrast against its background is below WCAG AA (4.5:1, or 3:1 for
// large text).
const a11yCheck = `(() => {
  const bad = [];
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length) && !el.closest('[hidden]');
  for (const el of document.querySelectorAll('input, select, textarea, button')) {
    if (!visible(el) || el.type === 'hidden') continue;
    const named = el.getAttribute('aria-label') || (el.id && document.querySelector('label[for="' + CSS.escape(el.id) + '"]')) || el.closest('label') ||
      (el.tagName === 'BUTTON' && el.textContent.trim());
    if (!named) bad.push('unlabelled ' + el.tagName.toLowerCase() + '#' + el.id);
  }
  const rgb = (s) => (s.match(/[\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => { const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const bg = (el) => { for (; el; el = el.parentElement) { const c = rgb(getComputedStyle(el).backgroundColor); if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c.slice(0, 3); } return [255, 255, 255]; };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || seen.has(el) || !visible(el) || el.closest('svg')) continue;
    seen.add(el);
    const st = getComputedStyle(el);
    const fg = rgb(st.color).slice(0, 3), b = bg(el);
    const [l1, l2] = [lum(fg), lum(b)].sort((x, y) => y - x);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    const large = parseFloat(st.fontSize) >= 24 || (parseFloat(st.fontSize) >= 18.66 && +st.fontWeight >= 700);
    if (ratio < (large ? 3 : 4.5)) bad.push('contrast ' + ratio.toFixed(2) + ': ' + el.tagName.toLowerCase() + ' "' + n.textContent.trim().slice(0, 30) + '"');
  }
  return bad;
})()`

// field returns a string field of a decoded JSON object.
func field(o map[string]any, k string) string {
	s, _ := o[k].(string)
	return s
}

func jsonOr(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func readJSONL(t *testing.T, path string) []map[string]any {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var out []map[string]any
	for line := range strings.SplitSeq(strings.TrimSpace(string(b)), "\n") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &m))
		out = append(out, m)
	}
	return out
}

// writeSample writes n rows of the linking references (names, cities,
// countries, some identifiers, misspellings and unknown names) as CSV.
func writeSample(t *testing.T, dir string, n int) string {
	// the test runs in its package's directory, server/web
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "generated", "references.jsonl"))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	path := filepath.Join(dir, "sample.csv")
	f, err := os.Create(path)
	require.NoError(t, err)
	w := csv.NewWriter(f)
	require.NoError(t, w.Write([]string{"name", "city", "country"}))
	step := max(1, len(lines)/n)
	rows := 0
	for i := 0; i < len(lines) && rows < n; i += step {
		var ref struct {
			Query struct {
				Text    string `json:"text"`
				City    string `json:"city"`
				Country string `json:"country"`
			} `json:"query"`
		}
		require.NoError(t, json.Unmarshal([]byte(lines[i]), &ref))
		require.NoError(t, w.Write([]string{ref.Query.Text, ref.Query.City, ref.Query.Country}))
		rows++
	}
	w.Flush()
	require.NoError(t, errors.Join(w.Error(), f.Close()))
	require.Equal(t, n, rows, fmt.Sprintf("%d references", len(lines)))
	return path
}
