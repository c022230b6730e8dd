// Command testprogress shows the progress of `go test -json` as it runs:
// a line for each package as it finishes, the full output of each failing
// test, a heartbeat naming what still runs, and at the end the slowest
// packages and the skipped tests. scripts/test.sh pipes the suite through
// it:
//
//	go test -json ./... | go run ./testtools/testprogress
//
// It exits 1 when a package or test failed or a build failed, and 2 when
// its input is not test2json.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"
)

func main() {
	p := newProgress(os.Stdout, time.Now)
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(time.Minute)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				p.heartbeat()
			case <-stop:
				return
			}
		}
	}()
	err := p.read(os.Stdin)
	close(stop)
	<-done
	p.summary()
	switch {
	case err != nil:
		fmt.Fprintln(os.Stderr, "testprogress:", err)
		os.Exit(2)
	case p.failed:
		os.Exit(1)
	}
}

// event is one line of test2json output.
type event struct {
	Time       time.Time
	Action     string
	Package    string
	ImportPath string
	Test       string
	Elapsed    float64
	Output     string
}

// readLimit bounds one line of input: test output lines can be long.
const readLimit = 16 << 20

// read handles the events of r until it ends.
func (p *progress) read(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), readLimit)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			// go test prints some lines (a build's "# pkg" header,
			// linker errors) outside the JSON stream.
			p.print(sc.Text() + "\n")
			continue
		}
		p.handle(e)
	}
	return sc.Err()
}
