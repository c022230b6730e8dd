package qdrantstore

import "github.com/qdrant/go-client/qdrant"

// client is the client of the endpoint in use, for tests that call
// Qdrant directly.
func (s *Store) client() *qdrant.Client { return s.nodes.clients[s.nodes.cur.Load()] }
