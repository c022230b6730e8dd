package frameclass

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/plan"
)

func TestTokens(t *testing.T) {
	require.Equal(t, []string{"welche", "isil", "hat", "de-mus-000000", "in", "münchen"},
		tokens("Welche ISIL hat DE-MUS-811216 in München?"))
	require.Equal(t, []string{"q000", "x"}, tokens("  Q123 -- x- "))
	require.Len(t, tokens(strings.Repeat("word ", 1000)), maxTokens)
	require.Equal(t, "a-a-0", shape("de-mus-000000"))
	require.Equal(t, "a0", shape("q000"))
	require.Empty(t, shape("museum"))
}

func TestExtractBounded(t *testing.T) {
	f := Extract("What is the ISIL code of Heimatstube im Elbtor?", 1<<10)
	require.NotEmpty(t, f.Buckets)
	for _, b := range f.Buckets {
		require.Less(t, b, uint32(1<<10))
	}
	require.InDelta(t, 1, float64(f.Value*f.Value)*float64(len(f.Buckets)), 1e-5)
	require.Equal(t, f, Extract("What is the ISIL code of Heimatstube im Elbtor?", 1<<10), "deterministic")

	long := Extract(strings.Repeat("Museumsverbandsgeschäftsstellenleitung ", 10000), 1<<10)
	require.LessOrEqual(t, len(long.Buckets), maxTokens*(4+3*maxWordRunes))
	require.Empty(t, Extract("?!", 1<<10).Buckets)
}

// toy is a small labelled set a model can learn.
func toy() []Example {
	var out []Example
	for _, n := range []string{"Beamish", "the Ashmolean", "Chartwell", "Rijksmuseum", "Stadtarchiv Stendal", "the Hunterian"} {
		out = append(out,
			Example{Question: "What is the website of " + n + "?", Frame: plan.FrameField, Intent: plan.Factual, Field: "website"},
			Example{Question: "Is " + n + " accredited?", Frame: plan.FrameYesNo, Intent: plan.Factual},
			Example{Question: "When did " + n + " open?", Frame: plan.FrameField, Intent: plan.Temporal, Field: "opened"},
		)
	}
	for _, p := range []string{"Bath", "York", "Leiden", "Cornwall", "Bayern", "Wales"} {
		out = append(out,
			Example{Question: "Which museums are in " + p + "?", Frame: plan.FrameSet, Intent: plan.Exploratory},
			Example{Question: "How many libraries are there in " + p + "?", Frame: plan.FrameCount, Intent: plan.Exploratory},
		)
	}
	return out
}

// The field head learns which field a question asks for from the
// questions labelled with one, and reads it of a name it never saw.
func TestTrainLearnsFields(t *testing.T) {
	m, err := Train(toy(), TrainOptions{Buckets: 1 << 12, Epochs: 20})
	require.NoError(t, err)
	require.Equal(t, []string{"opened", "website"}, m.Fields())
	require.Equal(t, "website", m.Predict("What is the website of Kelham Island?").Field().Field)
	require.Equal(t, "opened", m.Predict("When did Kelham Island open?").Field().Field)
	none, err := Train(toy()[:0:0], TrainOptions{Frames: []plan.Frame{plan.FrameField}, Intents: []plan.Intent{plan.Factual}})
	require.NoError(t, err)
	require.Empty(t, none.Predict("What is the website of Kelham Island?").Fields, "no field labelled, no field head")
}

func TestTrainLearns(t *testing.T) {
	m, err := Train(toy(), TrainOptions{Buckets: 1 << 12, Epochs: 20})
	require.NoError(t, err)
	require.Equal(t, []plan.Frame{plan.FrameCount, plan.FrameField, plan.FrameSet, plan.FrameYesNo}, m.Frames())
	for _, c := range []struct {
		q      string
		frame  plan.Frame
		intent plan.Intent
	}{
		{"What is the website of Kelham Island?", plan.FrameField, plan.Factual},
		{"Is Kelham Island accredited?", plan.FrameYesNo, plan.Factual},
		{"Which museums are in Hull?", plan.FrameSet, plan.Exploratory},
		{"How many libraries are there in Hull?", plan.FrameCount, plan.Exploratory},
		{"When did Kelham Island open?", plan.FrameField, plan.Temporal},
	} {
		p := m.Predict(c.q)
		require.Equal(t, c.frame, p.Frame().Frame, c.q)
		require.Equal(t, c.intent, p.Intent().Intent, c.q)
		sum := 0.0
		for _, f := range p.Frames {
			sum += f.P
		}
		require.InDelta(t, 1, sum, 1e-9)
		require.GreaterOrEqual(t, p.Frames[0].P, p.Frames[1].P)
	}
}

func TestTrainDeterministic(t *testing.T) {
	enc := func() []byte {
		m, err := Train(toy(), TrainOptions{Buckets: 1 << 10, Epochs: 5, Seed: 3})
		require.NoError(t, err)
		var b bytes.Buffer
		require.NoError(t, m.WithTemperatures(1.5, 0.8).Encode(&b))
		return b.Bytes()
	}
	require.Equal(t, enc(), enc())
}

func TestTrainRejects(t *testing.T) {
	_, err := Train(toy(), TrainOptions{Buckets: 1000})
	require.Error(t, err)
	_, err = Train(nil, TrainOptions{})
	require.Error(t, err)
}

func TestEncodeDecode(t *testing.T) {
	m, err := Train(toy(), TrainOptions{Buckets: 1 << 10, Epochs: 5})
	require.NoError(t, err)
	m = m.WithTemperatures(1.25, 0.75).WithFieldTemperature(0.5)
	var b bytes.Buffer
	require.NoError(t, m.Encode(&b))
	got, err := Decode(bytes.NewReader(b.Bytes()))
	require.NoError(t, err)
	require.Equal(t, m.Frames(), got.Frames())
	require.Equal(t, m.Intents(), got.Intents())
	tf, ti := got.Temperatures()
	require.Equal(t, 1.25, tf)
	require.Equal(t, 0.75, ti)
	require.Equal(t, 0.5, got.FieldTemperature())
	require.Equal(t, m.Fields(), got.Fields())
	for _, e := range toy() {
		a, b := m.Predict(e.Question), got.Predict(e.Question)
		require.Equal(t, a.Frame().Frame, b.Frame().Frame, e.Question)
		require.InDelta(t, a.Frame().P, b.Frame().P, 1e-3, "int16 weights lose little")
	}

	_, err = Decode(strings.NewReader("not gzip"))
	require.ErrorIs(t, err, ErrBadModel)
	trunc := b.Bytes()[:b.Len()/2]
	_, err = Decode(bytes.NewReader(trunc))
	require.ErrorIs(t, err, ErrBadModel)
}

func TestFitTemperature(t *testing.T) {
	// labels drawn so that the logits are right at temperature 2: the fit
	// finds about 2
	var logits [][]float64
	var labels []int
	for i := range 400 {
		z := []float64{4, 0, -2}
		p := Softmax(z, 2)
		// a deterministic draw with these probabilities
		u := (float64(i) + 0.5) / 400
		k := 0
		for acc := p[0]; u > acc && k < 2; acc += p[k] {
			k++
		}
		logits, labels = append(logits, z), append(labels, k)
	}
	require.InDelta(t, 2, FitTemperature(logits, labels), 0.1)
	require.Equal(t, 1.0, FitTemperature(nil, nil))
}

func TestReliability(t *testing.T) {
	bins, ece := Reliability([]float64{0.95, 0.95, 0.55, 0.55}, []bool{true, false, true, true}, 10)
	require.Equal(t, 2, bins[9].N)
	require.InDelta(t, 0.5, bins[9].Accuracy, 1e-9)
	require.Equal(t, 2, bins[5].N)
	// half the predictions 0.45 over-confident, half 0.45 under-confident
	require.InDelta(t, 0.45, ece, 1e-9)
	require.False(t, math.IsNaN(ece))
}
