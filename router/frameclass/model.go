// Package frameclass is a learned second reading of a question beside the
// router's rules: a linear classifier (multinomial logistic regression)
// of its frame, its intent and the field it asks for over hashed word and
// character n-grams, trained on the generated questions and calibrated by
// temperature scaling.
//
// The rules decide; the model says what it reads, with a probability.
// Disagree reports where the two differ, and Backstop says where the
// model's reading could stand in for the rules' (where they leave words
// unread or fell back to best matches). Neither changes a plan.
//
// The weights are data, weights.bin.gz, embedded in the binary and read
// by Default; they are rebuilt by
//
//	go run ./tools/fitframes
//
// which is deterministic: the same data and seed give the same file.
package frameclass

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/hybridrag/hybridrag/plan"
)

//go:embed weights.bin.gz
var embedded []byte

// ErrBadModel marks weights that cannot be read.
var ErrBadModel = errors.New("frameclass: bad model")

// Format is the version of the weights file this package reads.
const Format = 2

// Model classifies a question's frame and intent. It is read-only once
// built and safe for concurrent use.
type Model struct {
	frames  []plan.Frame
	intents []plan.Intent
	// fields are the fields of one institution a question may ask for
	// (the plan's Constraints.Field values)
	fields  []string
	buckets int
	// w holds, per bucket, one weight per frame, then one per intent,
	// then one per field.
	w    []float32
	bias []float32
	// temps are the frame, the intent and the field heads'
	// temperatures: the logits are divided by them before the softmax.
	tempFrame, tempIntent, tempField float64
	info                             Info
}

// Info describes how a model was made; it travels in the weights file.
type Info struct {
	Seed     uint64 `json:"seed"`
	Examples int    `json:"examples"`
	Epochs   int    `json:"epochs"`
	// Data names what the model was trained on.
	Data string `json:"data,omitempty"`
}

// FrameScore is a frame with its calibrated probability.
type FrameScore struct {
	Frame plan.Frame `json:"frame"`
	P     float64    `json:"p"`
}

// IntentScore is an intent with its calibrated probability.
type IntentScore struct {
	Intent plan.Intent `json:"intent"`
	P      float64     `json:"p"`
}

// FieldScore is a field with its calibrated probability: the field a
// question asks for, were it a question for a field.
type FieldScore struct {
	Field string  `json:"field"`
	P     float64 `json:"p"`
}

// Prediction is the model's reading of one question: every frame, intent
// and field it knows, most probable first (ties in the model's order).
type Prediction struct {
	Frames  []FrameScore  `json:"frames"`
	Intents []IntentScore `json:"intents"`
	Fields  []FieldScore  `json:"fields,omitempty"`
}

// Frame is the most probable frame ("" with probability 0 for an empty
// prediction).
func (p Prediction) Frame() FrameScore {
	if len(p.Frames) == 0 {
		return FrameScore{}
	}
	return p.Frames[0]
}

// Intent is the most probable intent.
func (p Prediction) Intent() IntentScore {
	if len(p.Intents) == 0 {
		return IntentScore{}
	}
	return p.Intents[0]
}

// Field is the most probable field.
func (p Prediction) Field() FieldScore {
	if len(p.Fields) == 0 {
		return FieldScore{}
	}
	return p.Fields[0]
}

// Top returns the prediction with its first n frames, intents and fields.
func (p Prediction) Top(n int) Prediction {
	return Prediction{Frames: p.Frames[:min(n, len(p.Frames))], Intents: p.Intents[:min(n, len(p.Intents))],
		Fields: p.Fields[:min(n, len(p.Fields))]}
}

// Frames are the frames the model tells apart, in its order.
func (m *Model) Frames() []plan.Frame { return slices.Clone(m.frames) }

// Intents are the intents the model tells apart, in its order.
func (m *Model) Intents() []plan.Intent { return slices.Clone(m.intents) }

// Fields are the fields the model tells apart, in its order.
func (m *Model) Fields() []string { return slices.Clone(m.fields) }

// Buckets is the size of the model's feature table.
func (m *Model) Buckets() int { return m.buckets }

// Temperatures are the frame and intent heads' temperatures.
func (m *Model) Temperatures() (frame, intent float64) { return m.tempFrame, m.tempIntent }

// FieldTemperature is the field head's temperature.
func (m *Model) FieldTemperature() float64 { return m.tempField }

// Info says how the model was made.
func (m *Model) Info() Info { return m.info }

// Logits returns the model's raw scores of a question's frames and
// intents, before temperature and softmax, in the model's order.
func (m *Model) Logits(question string) (frames, intents []float64) {
	frames, intents, _ = m.logits(Extract(question, m.buckets))
	return frames, intents
}

// FieldLogits returns the model's raw scores of the fields a question may
// ask for, in the model's order.
func (m *Model) FieldLogits(question string) []float64 {
	_, _, fields := m.logits(Extract(question, m.buckets))
	return fields
}

// outputs is the number of weights per bucket: one per frame, intent and
// field.
func (m *Model) outputs() int { return len(m.frames) + len(m.intents) + len(m.fields) }

func (m *Model) logits(f Features) (frames, intents, fields []float64) {
	nf, ni, no := len(m.frames), len(m.frames)+len(m.intents), m.outputs()
	z := make([]float64, no)
	for k := range z {
		z[k] = float64(m.bias[k])
	}
	v := float64(f.Value)
	for _, b := range f.Buckets {
		row := m.w[int(b)*no : int(b)*no+no]
		for k, w := range row {
			z[k] += v * float64(w)
		}
	}
	return z[:nf], z[nf:ni], z[ni:]
}

// Predict reads a question: every frame and intent with its calibrated
// probability, most probable first.
func (m *Model) Predict(question string) Prediction {
	zf, zi, zd := m.logits(Extract(question, m.buckets))
	pf, pi := Softmax(zf, m.tempFrame), Softmax(zi, m.tempIntent)
	p := Prediction{Frames: make([]FrameScore, len(pf)), Intents: make([]IntentScore, len(pi))}
	if len(zd) > 0 {
		p.Fields = make([]FieldScore, len(zd))
		for k, x := range Softmax(zd, m.tempField) {
			p.Fields[k] = FieldScore{Field: m.fields[k], P: x}
		}
		slices.SortStableFunc(p.Fields, func(a, b FieldScore) int { return cmpDesc(a.P, b.P) })
	}
	for k, x := range pf {
		p.Frames[k] = FrameScore{Frame: m.frames[k], P: x}
	}
	for k, x := range pi {
		p.Intents[k] = IntentScore{Intent: m.intents[k], P: x}
	}
	slices.SortStableFunc(p.Frames, func(a, b FrameScore) int { return cmpDesc(a.P, b.P) })
	slices.SortStableFunc(p.Intents, func(a, b IntentScore) int { return cmpDesc(a.P, b.P) })
	return p
}

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// Softmax returns the probabilities of logits z divided by temperature t
// (t <= 0 reads as 1).
func Softmax(z []float64, t float64) []float64 {
	if t <= 0 {
		t = 1
	}
	out := make([]float64, len(z))
	if len(z) == 0 {
		return out
	}
	hi := math.Inf(-1)
	for _, x := range z {
		hi = math.Max(hi, x/t)
	}
	sum := 0.0
	for k, x := range z {
		out[k] = math.Exp(x/t - hi)
		sum += out[k]
	}
	for k := range out {
		out[k] /= sum
	}
	return out
}

// header is the weights file's first line.
type header struct {
	Format     int           `json:"format"`
	Frames     []plan.Frame  `json:"frames"`
	Intents    []plan.Intent `json:"intents"`
	Fields     []string      `json:"fields,omitempty"`
	Buckets    int           `json:"buckets"`
	TempFrame  float64       `json:"temperature_frame"`
	TempIntent float64       `json:"temperature_intent"`
	TempField  float64       `json:"temperature_field,omitempty"`
	// Scale turns the stored int16 weights into floats: w = q × Scale.
	Scale float64 `json:"scale"`
	Info  Info    `json:"info"`
}

// maxBuckets bounds the table a weights file may declare; maxFields the
// fields.
const (
	maxBuckets = 1 << 22
	maxFields  = 256
)

// Encode writes the model: gzip of a JSON header line, then the biases as
// float32 and the weights as int16 (of one scale), little-endian. The
// same model always encodes to the same bytes.
func (m *Model) Encode(w io.Writer) error {
	hi := 0.0
	for _, x := range m.w {
		hi = math.Max(hi, math.Abs(float64(x)))
	}
	scale := hi / math.MaxInt16
	if scale == 0 {
		scale = 1
	}
	h := header{Format: Format, Frames: m.frames, Intents: m.intents, Fields: m.fields, Buckets: m.buckets,
		TempFrame: m.tempFrame, TempIntent: m.tempIntent, TempField: m.tempField, Scale: scale, Info: m.info}
	line, err := json.Marshal(h)
	if err != nil {
		return err
	}
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(zw)
	bw.Write(line)
	bw.WriteByte('\n')
	if err := binary.Write(bw, binary.LittleEndian, m.bias); err != nil {
		return err
	}
	q := make([]int16, len(m.w))
	for i, x := range m.w {
		q[i] = int16(math.Round(float64(x) / scale))
	}
	if err := binary.Write(bw, binary.LittleEndian, q); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return zw.Close()
}

// Decode reads a model Encode wrote.
func Decode(r io.Reader) (*Model, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadModel, err)
	}
	br := bufio.NewReader(zr)
	line, err := br.ReadBytes('\n')
	if err != nil {
		return nil, fmt.Errorf("%w: header: %w", ErrBadModel, err)
	}
	var h header
	if err := json.Unmarshal(line, &h); err != nil {
		return nil, fmt.Errorf("%w: header: %w", ErrBadModel, err)
	}
	switch {
	case h.Format != Format:
		return nil, fmt.Errorf("%w: format %d, want %d", ErrBadModel, h.Format, Format)
	case h.Buckets <= 0 || h.Buckets > maxBuckets || h.Buckets&(h.Buckets-1) != 0:
		return nil, fmt.Errorf("%w: %d buckets", ErrBadModel, h.Buckets)
	case len(h.Frames) == 0 || len(h.Intents) == 0:
		return nil, fmt.Errorf("%w: no frames or intents", ErrBadModel)
	case h.TempFrame <= 0 || h.TempIntent <= 0 || h.Scale <= 0 || len(h.Fields) > 0 && h.TempField <= 0:
		return nil, fmt.Errorf("%w: temperatures and scale must be positive", ErrBadModel)
	case len(h.Fields) > maxFields:
		return nil, fmt.Errorf("%w: %d fields", ErrBadModel, len(h.Fields))
	}
	for _, i := range h.Intents {
		if !i.Valid() {
			return nil, fmt.Errorf("%w: unknown intent %q", ErrBadModel, i)
		}
	}
	m := &Model{frames: h.Frames, intents: h.Intents, fields: h.Fields, buckets: h.Buckets, tempFrame: h.TempFrame,
		tempIntent: h.TempIntent, tempField: h.TempField, info: h.Info}
	no := m.outputs()
	m.bias, m.w = make([]float32, no), make([]float32, h.Buckets*no)
	if err := binary.Read(br, binary.LittleEndian, m.bias); err != nil {
		return nil, fmt.Errorf("%w: biases: %w", ErrBadModel, err)
	}
	q := make([]byte, 2*len(m.w))
	if _, err := io.ReadFull(br, q); err != nil {
		return nil, fmt.Errorf("%w: weights: %w", ErrBadModel, err)
	}
	for i := range m.w {
		m.w[i] = float32(float64(int16(binary.LittleEndian.Uint16(q[2*i:]))) * h.Scale)
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("%w: data after the weights", ErrBadModel)
	}
	return m, nil
}

// Default returns the model embedded in the binary (weights.bin.gz),
// decoded anew on each call: callers keep the one they are given.
func Default() (*Model, error) {
	return Decode(bytes.NewReader(embedded))
}
