package qdrantstore

import (
	"context"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// TestMain checks that no test leaves a goroutine behind (gRPC servers,
// connections, blocked calls); goroutines started at init are ignored, and
// so is the clean-up goroutine of the expirable LRU behind the pipeline's
// caches (the cluster test builds whole stacks), which golang-lru v2 never
// stops.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.IgnoreCurrent(),
		goleak.IgnoreTopFunction("github.com/hashicorp/golang-lru/v2/expirable.NewLRU[...].func1"))
}

func TestConfigDefaults(t *testing.T) {
	tests := []struct {
		name    string
		in      Config
		want    Config
		wantErr string
	}{
		{name: "zero", in: Config{}, want: Config{Host: "localhost", Port: 6334, Collection: "hybridrag", Timeout: 5 * time.Second, BatchSize: 256, SearchEf: 256}},
		{name: "http URL", in: Config{URL: "http://qdrant.local:7000", Host: "ignored", Port: 1, UseTLS: true},
			want: Config{URL: "http://qdrant.local:7000", Host: "qdrant.local", Port: 7000, Collection: "hybridrag", Timeout: 5 * time.Second, BatchSize: 256, SearchEf: 256}},
		{name: "https URL without port", in: Config{URL: "https://xyz.cloud.example", Collection: "c", Timeout: time.Second, BatchSize: 10},
			want: Config{URL: "https://xyz.cloud.example", Host: "xyz.cloud.example", Port: 6334, UseTLS: true, Collection: "c", Timeout: time.Second, BatchSize: 10, SearchEf: 256}},
		{name: "IPv6", in: Config{URL: "http://[::1]:6334"},
			want: Config{URL: "http://[::1]:6334", Host: "::1", Port: 6334, Collection: "hybridrag", Timeout: 5 * time.Second, BatchSize: 256, SearchEf: 256}},
		{name: "host and port", in: Config{Host: "h", Port: 1234, UseTLS: true, APIKey: "k"},
			want: Config{Host: "h", Port: 1234, UseTLS: true, APIKey: "k", Collection: "hybridrag", Timeout: 5 * time.Second, BatchSize: 256, SearchEf: 256}},
		{name: "bad scheme", in: Config{URL: "ftp://h"}, wantErr: "scheme"},
		{name: "bad port", in: Config{Port: 70000}, wantErr: "out of range"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.in.withDefaults()
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, got)
		})
	}
	require.Equal(t, "[::1]:6334", Config{Host: "::1", Port: 6334}.addr())
}

func TestOpenHealthCheckFails(t *testing.T) {
	fake := startFake(t)
	fake.healthErr = status.Error(codes.Unavailable, "service is shutting down")
	_, err := Open(context.Background(), Config{Timeout: time.Second}, fake.dialer())
	require.Error(t, err)
	require.Equal(t, codes.Unavailable, status.Code(err))
	require.ErrorContains(t, err, "health check")
	require.Equal(t, 1, fake.snapshot().health)
}

// openWithin runs Open and fails the test if it has not returned after a
// generous bound; the bound catches a hang, it does not measure speed.
func openWithin(t *testing.T, ctx context.Context, cfg Config, opts ...Option) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		s, err := Open(ctx, cfg, opts...)
		if err == nil {
			_ = s.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(30 * time.Second):
		t.Fatal("Open did not return")
		return nil
	}
}

// TestOpenTimeout points Open at a TCP server that accepts connections
// and never answers: the health check's timeout ends Open.
func TestOpenTimeout(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	var mu sync.Mutex
	var conns []net.Conn
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := lis.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		_ = lis.Close()
		<-done
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			_ = c.Close()
		}
	})
	port := lis.Addr().(*net.TCPAddr).Port
	err = openWithin(t, context.Background(), Config{Host: "127.0.0.1", Port: port, Timeout: 200 * time.Millisecond})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.ErrorContains(t, err, "health check")
}

func TestOpenRefused(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := lis.Addr().(*net.TCPAddr).Port
	require.NoError(t, lis.Close())
	err = openWithin(t, context.Background(), Config{URL: "http://127.0.0.1:" + strconv.Itoa(port), Timeout: 2 * time.Second})
	require.Error(t, err)
	require.ErrorContains(t, err, "127.0.0.1:"+strconv.Itoa(port))
}

func TestOpenCancelled(t *testing.T) {
	fake := startFake(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := openWithin(t, ctx, Config{}, fake.dialer())
	require.ErrorIs(t, err, context.Canceled)
}

func TestOpenBadConfig(t *testing.T) {
	_, err := Open(context.Background(), Config{URL: "mailto:x"})
	require.ErrorContains(t, err, "scheme")
}
