package server

import (
	"errors"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/hybridrag/hybridrag/pipeline"
)

// Metric names.
const (
	MetricRequests         = "hybridrag_http_requests_total"
	MetricRequestDuration  = "hybridrag_http_request_duration_seconds"
	MetricRetrieverLatency = "hybridrag_retriever_duration_seconds"
	MetricSourceErrors     = "hybridrag_source_errors_total"
	MetricAskFailures      = "hybridrag_ask_failures_total"
	MetricAnswers          = "hybridrag_answers_total"
	MetricCacheHits        = "hybridrag_cache_hits_total"
	MetricCacheMisses      = "hybridrag_cache_misses_total"
	MetricCacheHitRatio    = "hybridrag_cache_hit_ratio"
	MetricPanics           = "hybridrag_http_panics_total"
	MetricShed             = "hybridrag_http_shed_total"
)

type metrics struct {
	requests  *prometheus.CounterVec
	duration  *prometheus.HistogramVec
	legs      *prometheus.HistogramVec
	srcErrors *prometheus.CounterVec
	failures  *prometheus.CounterVec
	answers   *prometheus.CounterVec
	panics    prometheus.Counter
	shed      *prometheus.CounterVec
}

func newMetrics(reg *prometheus.Registry, asker Asker) (*metrics, error) {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: MetricRequests, Help: "HTTP requests by route, method and status code.",
		}, []string{"route", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: MetricRequestDuration, Help: "HTTP request latency by route, method and status code.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"route", "method", "status"}),
		legs: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: MetricRetrieverLatency, Help: "Latency of each retriever leg of an answered (uncached) question.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"retriever"}),
		srcErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: MetricSourceErrors, Help: "Retriever failures reported next to an answer, by source.",
		}, []string{"source"}),
		failures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: MetricAskFailures, Help: "Questions that got no answer, by error code.",
		}, []string{"code"}),
		answers: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: MetricAnswers, Help: "Answered questions by answer kind and whether the answer came from the cache.",
		}, []string{"kind", "cached"}),
		panics: prometheus.NewCounter(prometheus.CounterOpts{
			Name: MetricPanics, Help: "Panics recovered while serving a request.",
		}),
		shed: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: MetricShed, Help: "Requests refused with 503 by admission control (server at capacity), by route.",
		}, []string{"route"}),
	}
	cs := []prometheus.Collector{m.requests, m.duration, m.legs, m.srcErrors, m.failures, m.answers, m.panics, m.shed}
	if st, ok := asker.(cacheStatser); ok {
		cs = append(cs, cacheCollector{st})
	}
	for _, c := range cs {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func (m *metrics) handler(reg *prometheus.Registry) http.Handler {
	return promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg})
}

func (m *metrics) observeRequest(route, method string, status int, d time.Duration) {
	s := statusLabel(status)
	method = methodLabel(method)
	m.requests.WithLabelValues(route, method, s).Inc()
	m.duration.WithLabelValues(route, method, s).Observe(d.Seconds())
}

// methodLabel keeps the method label's values few: clients can send any
// token as a method.
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions:
		return m
	}
	return "OTHER"
}

func (m *metrics) observeResponse(r *pipeline.Response) {
	cached := "false"
	if r.Cached {
		cached = "true"
	}
	m.answers.WithLabelValues(r.Answer.Kind, cached).Inc()
	if !r.Cached {
		for leg, ms := range r.Timings.Legs {
			m.legs.WithLabelValues(leg).Observe(ms / 1000)
		}
	}
	for _, e := range r.Errors {
		m.srcErrors.WithLabelValues(e.Source).Inc()
	}
}

func (m *metrics) askFailed(err error) {
	_, code := statusOf(err)
	m.failures.WithLabelValues(code).Inc()
	if errors.Is(err, pipeline.ErrNoResults) {
		m.srcErrors.WithLabelValues("all").Inc()
	}
}

// cacheCollector reads the pipeline's cache counters at scrape time.
type cacheCollector struct{ st cacheStatser }

var (
	descCacheHits   = prometheus.NewDesc(MetricCacheHits, "Cache hits since start, by cache (answers, entities).", []string{"cache"}, nil)
	descCacheMisses = prometheus.NewDesc(MetricCacheMisses, "Cache misses since start, by cache (answers, entities).", []string{"cache"}, nil)
	descCacheRatio  = prometheus.NewDesc(MetricCacheHitRatio, "Cache hits over look-ups since start, by cache; 0 before the first look-up.", []string{"cache"}, nil)
)

func (c cacheCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- descCacheHits
	ch <- descCacheMisses
	ch <- descCacheRatio
}

func (c cacheCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.st.CacheStats()
	for _, x := range []struct {
		name         string
		hits, misses uint64
	}{{"answers", s.QueryHits, s.QueryMisses}, {"entities", s.EntityHits, s.EntityMisses}} {
		ch <- prometheus.MustNewConstMetric(descCacheHits, prometheus.CounterValue, float64(x.hits), x.name)
		ch <- prometheus.MustNewConstMetric(descCacheMisses, prometheus.CounterValue, float64(x.misses), x.name)
		ratio := 0.0
		if n := x.hits + x.misses; n > 0 {
			ratio = float64(x.hits) / float64(n)
		}
		ch <- prometheus.MustNewConstMetric(descCacheRatio, prometheus.GaugeValue, ratio, x.name)
	}
}
