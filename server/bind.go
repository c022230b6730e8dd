package server

import (
	"context"
	"fmt"
	"net"
	"strings"
)

// Loopback reports whether a listen address (host:port) is reachable only
// from this machine: its host is "localhost", a loopback IP (127.0.0.0/8,
// ::1), or a name every address of which is a loopback one. An empty
// host (":8080") or an unspecified one (0.0.0.0, ::) listens on every
// interface, and is not. A name that does not resolve is an error.
func Loopback(ctx context.Context, addr string) (bool, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, err
	}
	if strings.EqualFold(host, "localhost") {
		return true, nil
	}
	if host == "" {
		return false, nil
	}
	if ip := net.ParseIP(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")); ip != nil {
		return ip.IsLoopback(), nil
	}
	ips, err := net.DefaultResolver.LookupIPAddr(ctx, host)
	if err != nil {
		return false, fmt.Errorf("resolve %s: %w", host, err)
	}
	for _, ip := range ips {
		if !ip.IP.IsLoopback() {
			return false, nil
		}
	}
	return len(ips) > 0, nil
}
