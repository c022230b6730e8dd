//go:build cgo

package onnx

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"

	ort "github.com/yalue/onnxruntime_go"
	"golang.org/x/sync/errgroup"
)

// Embedder runs the model. It is safe for concurrent use; Close releases
// the ONNX Runtime session.
type Embedder struct {
	opts     Options
	tok      *Tokenizer
	session  *ort.DynamicAdvancedSession
	inputs   []string // model inputs fed, in session order
	dim      int
	id       string
	slots    chan struct{} // bounds runs in flight to opts.Workers
	mu       sync.RWMutex  // Embed holds R, Close holds W
	closed   bool
	hasTypes bool
}

// New loads the tokenizer and the model and creates one ONNX Runtime session,
// reused by every Embed call. The first New in a process initialises the
// ONNX Runtime environment with opts.LibraryPath (see initRuntime).
func New(opts Options) (*Embedder, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	for _, f := range []struct{ what, path string }{
		{"model", opts.ModelPath},
		{"tokenizer", opts.TokenizerPath},
		{"ONNX Runtime library", opts.LibraryPath},
	} {
		if err := checkFile(f.what, f.path); err != nil {
			return nil, err
		}
	}
	tok, err := LoadTokenizer(opts.TokenizerPath)
	if err != nil {
		return nil, err
	}
	if err := initRuntime(opts.LibraryPath); err != nil {
		return nil, err
	}
	model, err := os.ReadFile(opts.ModelPath)
	if err != nil {
		return nil, fmt.Errorf("onnx: model: %w", err)
	}
	ins, outs, err := ort.GetInputOutputInfoWithONNXData(model)
	if err != nil {
		return nil, fmt.Errorf("onnx: model %s: %w", opts.ModelPath, err)
	}
	e := &Embedder{opts: opts, tok: tok, slots: make(chan struct{}, opts.Workers)}
	if err := e.checkIO(ins, outs); err != nil {
		return nil, fmt.Errorf("onnx: model %s: %w", opts.ModelPath, err)
	}
	so, err := ort.NewSessionOptions()
	if err != nil {
		return nil, fmt.Errorf("onnx: session options: %w", err)
	}
	defer so.Destroy()
	if err := so.SetIntraOpNumThreads(opts.IntraOpThreads); err != nil {
		return nil, fmt.Errorf("onnx: intra-op threads: %w", err)
	}
	if err := so.SetInterOpNumThreads(1); err != nil {
		return nil, fmt.Errorf("onnx: inter-op threads: %w", err)
	}
	// Idle intra-op threads sleep instead of spinning: the embedder shares
	// the CPU with the rest of the service.
	if err := so.AddSessionConfigEntry("session.intra_op.allow_spinning", "0"); err != nil {
		return nil, fmt.Errorf("onnx: session config: %w", err)
	}
	e.session, err = ort.NewDynamicAdvancedSessionWithONNXData(model, e.inputs,
		[]string{"last_hidden_state"}, so)
	if err != nil {
		return nil, fmt.Errorf("onnx: session: %w", err)
	}
	e.id = fmt.Sprintf("onnx:%s:mean:l2:seq%d", opts.Name, opts.MaxSeqLen)
	return e, nil
}

// checkIO verifies the model is a BERT-style encoder: int64 inputs
// input_ids and attention_mask (token_type_ids optional) and a
// last_hidden_state output of shape [batch, sequence, dim].
func (e *Embedder) checkIO(ins, outs []ort.InputOutputInfo) error {
	has := map[string]bool{}
	for _, in := range ins {
		if in.DataType != ort.TensorElementDataTypeInt64 {
			return fmt.Errorf("input %s is %v, want int64", in.Name, in.DataType)
		}
		has[in.Name] = true
	}
	for _, name := range []string{"input_ids", "attention_mask"} {
		if !has[name] {
			return fmt.Errorf("no input %q", name)
		}
	}
	e.inputs = []string{"input_ids", "attention_mask"}
	if has["token_type_ids"] {
		e.inputs = append(e.inputs, "token_type_ids")
		e.hasTypes = true
	}
	if len(ins) != len(e.inputs) {
		return fmt.Errorf("model has %d inputs, want %v", len(ins), e.inputs)
	}
	for _, out := range outs {
		if out.Name != "last_hidden_state" {
			continue
		}
		if len(out.Dimensions) != 3 || out.Dimensions[2] <= 0 {
			return fmt.Errorf("last_hidden_state has shape %v, want [batch, seq, dim]", out.Dimensions)
		}
		e.dim = int(out.Dimensions[2])
		return nil
	}
	return errors.New("no output last_hidden_state")
}

// runtimeEnv guards the ONNX Runtime environment. onnxruntime_go keeps the
// loaded library and the OrtEnv in package-level state, so there is one
// environment per process, bound to one library; this is the only
// process-wide state of the package. It acts as a sync.Once that counts only
// a success: a failed initialisation (wrong path, wrong version) can be
// retried with another library. The environment is never destroyed:
// Embedder.Close releases its own session only, so embedders can be opened
// and closed independently.
var runtimeEnv struct {
	sync.Mutex
	lib string // absolute path of the library in use, once initialised
}

// initRuntime initialises the ONNX Runtime environment on first use. Later
// calls must name the same library.
func initRuntime(lib string) error {
	abs, err := filepath.Abs(lib)
	if err != nil {
		return fmt.Errorf("onnx: library path: %w", err)
	}
	runtimeEnv.Lock()
	defer runtimeEnv.Unlock()
	if runtimeEnv.lib != "" {
		if runtimeEnv.lib != abs {
			return fmt.Errorf("onnx: ONNX Runtime already initialised with %s, cannot load %s in the same process",
				runtimeEnv.lib, abs)
		}
		return nil
	}
	if ort.IsInitialized() {
		// Initialised outside this package: use it as it is.
		runtimeEnv.lib = abs
		return nil
	}
	ort.SetSharedLibraryPath(abs)
	if err := ort.InitializeEnvironment(ort.WithLogLevelError()); err != nil {
		return fmt.Errorf("onnx: load ONNX Runtime %s (want version %s): %w", abs, ORTVersion, err)
	}
	runtimeEnv.lib = abs
	return nil
}

// Dim is the vector length (384 for all-MiniLM-L6-v2).
func (e *Embedder) Dim() int { return e.dim }

// ID names the model, pooling, normalisation and sequence length, e.g.
// "onnx:all-MiniLM-L6-v2:mean:l2:seq256".
func (e *Embedder) ID() string { return e.id }

// Embed returns one L2-normalised vector per text, in order. Texts longer
// than MaxSeqLen tokens are truncated. The empty string is embedded like any
// other text, as the model sees it: [CLS] [SEP]. Texts are grouped into
// batches of similar length; at most Workers batches of all Embed calls run
// at once. A cancelled ctx stops the runs in flight and returns ctx's error.
func (e *Embedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	if e.closed {
		return nil, ErrClosed
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([][]float32, len(texts))
	if len(texts) == 0 {
		return out, nil
	}
	ids := make([][]int64, len(texts))
	order := make([]int, len(texts))
	for i, t := range texts {
		ids[i] = e.tok.Encode(t, e.opts.MaxSeqLen)
		order[i] = i
	}
	// Similar lengths in one batch keep padding, and so wasted work, small.
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(len(ids[a]), len(ids[b])) })

	bs := e.opts.BatchSize
	if len(order) <= bs {
		return out, e.runBatch(ctx, ids, order, out)
	}
	g, gctx := errgroup.WithContext(ctx)
	for start := 0; start < len(order); start += bs {
		batch := order[start:min(start+bs, len(order))]
		g.Go(func() error { return e.runBatch(gctx, ids, batch, out) })
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

// runBatch embeds the texts ids[i] for i in batch into out[i].
func (e *Embedder) runBatch(ctx context.Context, ids [][]int64, batch []int, out [][]float32) error {
	select {
	case e.slots <- struct{}{}:
		defer func() { <-e.slots }()
	case <-ctx.Done():
		return ctx.Err()
	}
	n := len(batch)
	seq := 0
	for _, i := range batch {
		seq = max(seq, len(ids[i]))
	}
	shape := ort.NewShape(int64(n), int64(seq))
	inputIDs := make([]int64, n*seq)
	mask := make([]int64, n*seq)
	for b, i := range batch {
		copy(inputIDs[b*seq:], ids[i])
		for t := range ids[i] {
			mask[b*seq+t] = 1
		}
	}
	values := make([]ort.Value, 0, 3)
	defer func() {
		for _, v := range values {
			v.Destroy()
		}
	}()
	for _, data := range [][]int64{inputIDs, mask} {
		t, err := ort.NewTensor(shape, data)
		if err != nil {
			return fmt.Errorf("onnx: input tensor: %w", err)
		}
		values = append(values, t)
	}
	if e.hasTypes {
		t, err := ort.NewTensor(shape, make([]int64, n*seq))
		if err != nil {
			return fmt.Errorf("onnx: input tensor: %w", err)
		}
		values = append(values, t)
	}
	hidden, err := ort.NewEmptyTensor[float32](ort.NewShape(int64(n), int64(seq), int64(e.dim)))
	if err != nil {
		return fmt.Errorf("onnx: output tensor: %w", err)
	}
	defer hidden.Destroy()

	if err := e.run(ctx, values, hidden); err != nil {
		return err
	}
	h := hidden.GetData()
	for b, i := range batch {
		out[i] = meanPoolNormalize(h[b*seq*e.dim:(b+1)*seq*e.dim], len(ids[i]), e.dim)
	}
	return nil
}

// run executes the session; cancelling ctx terminates the run.
func (e *Embedder) run(ctx context.Context, inputs []ort.Value, hidden *ort.Tensor[float32]) error {
	ro, err := ort.NewRunOptions()
	if err != nil {
		return fmt.Errorf("onnx: run options: %w", err)
	}
	defer ro.Destroy()
	terminated := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		defer close(terminated)
		_ = ro.Terminate()
	})
	err = e.session.RunWithOptions(inputs, []ort.Value{hidden}, ro)
	if !stop() {
		<-terminated // Terminate ran or is running: let it finish before Destroy.
		return fmt.Errorf("onnx: run: %w", context.Cause(ctx))
	}
	if err != nil {
		return fmt.Errorf("onnx: run: %w", err)
	}
	return nil
}

// Close waits for Embed calls in flight and releases the session. It is
// safe to call more than once.
func (e *Embedder) Close() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil
	}
	e.closed = true
	if err := e.session.Destroy(); err != nil {
		return fmt.Errorf("onnx: close: %w", err)
	}
	return nil
}
