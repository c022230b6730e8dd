package frameclass

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/hybridrag/hybridrag/plan"
)

// Example is one labelled question. An empty Frame, Intent or Field
// leaves that head untrained on it.
type Example struct {
	Question string
	Frame    plan.Frame
	Intent   plan.Intent
	// Field is the field the question asks for, when it asks for one.
	Field string
}

// TrainOptions are every setting of a fit; the zero value of a field
// takes the default DefaultTrainOptions gives.
type TrainOptions struct {
	// Frames and Intents are the labels the model tells apart, in order
	// (default: the frames and intents of the examples, sorted).
	Frames  []plan.Frame
	Intents []plan.Intent
	// Fields are the fields the field head tells apart (default: those
	// of the examples, sorted; none when no example has one).
	Fields []string
	// Buckets is the size of the feature table, a power of two.
	Buckets int
	// Epochs are passes over the examples, each in its own shuffled order.
	Epochs int
	// Rate is AdaGrad's learning rate; L2 the weight decay per update.
	Rate float64
	L2   float64
	// Seed seeds the shuffles.
	Seed uint64
	// Data names what the model is trained on (kept in Info).
	Data string
}

// DefaultTrainOptions are the settings tools/fitframes fits with.
func DefaultTrainOptions() TrainOptions {
	return TrainOptions{Buckets: 1 << 15, Epochs: 6, Rate: 0.2, L2: 1e-5, Seed: 20261206}
}

// Train fits a model on the examples with temperature 1 (see
// WithTemperatures). The result depends only on the examples, their
// order and the options.
func Train(examples []Example, o TrainOptions) (*Model, error) {
	d := DefaultTrainOptions()
	if o.Buckets == 0 {
		o.Buckets = d.Buckets
	}
	if o.Epochs == 0 {
		o.Epochs = d.Epochs
	}
	if o.Rate == 0 {
		o.Rate = d.Rate
	}
	if o.Buckets <= 0 || o.Buckets > maxBuckets || o.Buckets&(o.Buckets-1) != 0 {
		return nil, fmt.Errorf("frameclass: train: %d buckets: want a power of two up to %d", o.Buckets, maxBuckets)
	}
	if o.Frames == nil {
		o.Frames = labels(examples, func(e Example) plan.Frame { return e.Frame })
	}
	if o.Intents == nil {
		o.Intents = labels(examples, func(e Example) plan.Intent { return e.Intent })
	}
	if o.Fields == nil {
		o.Fields = labels(examples, func(e Example) string { return e.Field })
	}
	if len(o.Frames) == 0 || len(o.Intents) == 0 {
		return nil, fmt.Errorf("frameclass: train: no frames or no intents to tell apart")
	}
	if len(o.Fields) > maxFields {
		return nil, fmt.Errorf("frameclass: train: %d fields, at most %d", len(o.Fields), maxFields)
	}
	m := &Model{frames: slices.Clone(o.Frames), intents: slices.Clone(o.Intents), fields: slices.Clone(o.Fields), buckets: o.Buckets,
		tempFrame: 1, tempIntent: 1, tempField: 1,
		info: Info{Seed: o.Seed, Examples: len(examples), Epochs: o.Epochs, Data: o.Data}}
	nf, ni, no := len(m.frames), len(m.frames)+len(m.intents), m.outputs()
	m.w, m.bias = make([]float32, o.Buckets*no), make([]float32, no)

	type row struct {
		f                    Features
		frame, intent, field int // -1 when not labelled
	}
	rows := make([]row, len(examples))
	for i, e := range examples {
		rows[i] = row{f: Extract(e.Question, o.Buckets), frame: slices.Index(o.Frames, e.Frame), intent: slices.Index(o.Intents, e.Intent),
			field: slices.Index(o.Fields, e.Field)}
	}
	// AdaGrad: each weight's step shrinks with its squared gradients.
	sq := make([]float32, len(m.w))
	sqBias := make([]float64, no)
	const eps = 1e-8
	g := make([]float64, no)
	for epoch := range o.Epochs {
		order := rand.New(rand.NewPCG(o.Seed, uint64(epoch))).Perm(len(rows))
		for _, i := range order {
			r := rows[i]
			zf, zi, zd := m.logits(r.f)
			clear(g)
			if r.frame >= 0 {
				for k, p := range Softmax(zf, 1) {
					g[k] = p
				}
				g[r.frame]--
			}
			if r.intent >= 0 {
				for k, p := range Softmax(zi, 1) {
					g[nf+k] = p
				}
				g[nf+r.intent]--
			}
			if r.field >= 0 {
				for k, p := range Softmax(zd, 1) {
					g[ni+k] = p
				}
				g[ni+r.field]--
			}
			for k, gk := range g {
				if gk == 0 {
					continue
				}
				sqBias[k] += gk * gk
				m.bias[k] -= float32(o.Rate * gk / (math.Sqrt(sqBias[k]) + eps))
			}
			v := float64(r.f.Value)
			for _, b := range r.f.Buckets {
				base := int(b) * no
				for k, gk := range g {
					if gk == 0 {
						continue
					}
					j := base + k
					step := gk*v + o.L2*float64(m.w[j])
					sq[j] += float32(step * step)
					m.w[j] -= float32(o.Rate * step / (math.Sqrt(float64(sq[j])) + eps))
				}
			}
		}
	}
	return m, nil
}

// labels are the distinct non-empty labels of the examples, sorted.
func labels[T ~string](examples []Example, of func(Example) T) []T {
	var out []T
	for _, e := range examples {
		if l := of(e); l != "" && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	return out
}

// WithTemperatures returns a copy of the model (sharing its weights) whose
// frame and intent probabilities are taken at these temperatures.
func (m *Model) WithTemperatures(frame, intent float64) *Model {
	c := *m
	c.tempFrame, c.tempIntent = frame, intent
	return &c
}

// WithFieldTemperature returns a copy of the model (sharing its weights)
// whose field probabilities are taken at this temperature.
func (m *Model) WithFieldTemperature(t float64) *Model {
	c := *m
	c.tempField = t
	return &c
}

// FitTemperature returns the temperature that minimises the negative log
// likelihood of the labels under Softmax(logits, t): temperature scaling,
// fitted on questions the model was not trained on. It searches log t in
// [1/20, 20] by golden section; 1 when there is nothing to fit.
func FitTemperature(logits [][]float64, label []int) float64 {
	if len(logits) == 0 {
		return 1
	}
	nll := func(logT float64) float64 {
		t := math.Exp(logT)
		s := 0.0
		for i, z := range logits {
			p := Softmax(z, t)[label[i]]
			s -= math.Log(math.Max(p, 1e-12))
		}
		return s
	}
	lo, hi := math.Log(1.0/20), math.Log(20)
	phi := (math.Sqrt(5) - 1) / 2
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	fa, fb := nll(a), nll(b)
	for range 60 {
		if fa <= fb {
			hi, b, fb = b, a, fa
			a = hi - phi*(hi-lo)
			fa = nll(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + phi*(hi-lo)
			fb = nll(b)
		}
	}
	return math.Exp((lo + hi) / 2)
}

// Bin is one bin of a reliability table: the predictions whose top
// probability lies in [Lo, Hi), how many there are, their mean top
// probability and how many were right.
type Bin struct {
	Lo, Hi     float64
	N          int
	Confidence float64
	Accuracy   float64
}

// Reliability sorts predictions (top probability, whether the top label
// was right) into n equal-width bins and returns them with the expected
// calibration error: the mean gap between confidence and accuracy,
// weighted by each bin's share of the predictions.
func Reliability(conf []float64, right []bool, n int) ([]Bin, float64) {
	bins := make([]Bin, n)
	for i := range bins {
		bins[i].Lo, bins[i].Hi = float64(i)/float64(n), float64(i+1)/float64(n)
	}
	for i, c := range conf {
		k := min(int(c*float64(n)), n-1)
		bins[k].N++
		bins[k].Confidence += c
		if right[i] {
			bins[k].Accuracy++
		}
	}
	ece := 0.0
	for i := range bins {
		b := &bins[i]
		if b.N == 0 {
			continue
		}
		b.Confidence /= float64(b.N)
		b.Accuracy /= float64(b.N)
		ece += float64(b.N) / float64(len(conf)) * math.Abs(b.Confidence-b.Accuracy)
	}
	return bins, ece
}
