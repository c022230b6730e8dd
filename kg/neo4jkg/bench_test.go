package neo4jkg

import (
	"context"
	"testing"

	"github.com/hybridrag/hybridrag/plan"
)

// The benchmarks compare the Neo4j store with the in-memory graph on the
// same operations (a relationship question's graph work). Run with
//
//	HYBRIDRAG_NEO4J_URI=bolt://127.0.0.1:7687 go test -run '^$' -bench . ./kg/neo4jkg/

func BenchmarkMembersNationalTrust(b *testing.B) {
	s, _, g := testStore(b)
	ctx := context.Background()
	b.Run("neo4j", func(b *testing.B) {
		for b.Loop() {
			ms, err := s.Members(ctx, "National Trust", "operated_by", 2021)
			if err != nil || len(ms) == 0 {
				b.Fatal(err, len(ms))
			}
		}
	})
	b.Run("embedded", func(b *testing.B) {
		for b.Loop() {
			if len(g.Members("National Trust", "operated_by", 2021)) == 0 {
				b.Fatal("no members")
			}
		}
	})
}

func BenchmarkSelectBodyPlace(b *testing.B) {
	s, _, g := testStore(b)
	ctx := context.Background()
	c := plan.Constraints{Bodies: []plan.Body{{Name: "National Trust", Relation: "operated_by"}}, Status: "open",
		Places: []plan.Place{{Name: "Devon", Level: plan.LevelAdmin}}}
	b.Run("neo4j", func(b *testing.B) {
		for b.Loop() {
			ids, err := s.Select(ctx, c, 0)
			if err != nil || len(ids) == 0 {
				b.Fatal(err, len(ids))
			}
		}
	})
	b.Run("embedded", func(b *testing.B) {
		for b.Loop() {
			if len(g.Select(c, 0)) == 0 {
				b.Fatal("empty")
			}
		}
	})
}

func BenchmarkSelectPlaceSubjects(b *testing.B) {
	s, _, g := testStore(b)
	ctx := context.Background()
	c := plan.Constraints{TypeCodes: []string{"M"}, Status: "open", Subjects: []string{"Buildings / Houses / Large houses"},
		Places: []plan.Place{{Name: "Kent", Level: plan.LevelAdmin, AdminLevel: "English County"}}}
	b.Run("neo4j", func(b *testing.B) {
		for b.Loop() {
			ids, err := s.Select(ctx, c, 0)
			if err != nil || len(ids) == 0 {
				b.Fatal(err, len(ids))
			}
		}
	})
	b.Run("embedded", func(b *testing.B) {
		for b.Loop() {
			if len(g.Select(c, 0)) == 0 {
				b.Fatal("empty")
			}
		}
	})
}

func BenchmarkShortestPath(b *testing.B) {
	s, _, g := testStore(b)
	ctx := context.Background()
	b.Run("neo4j", func(b *testing.B) {
		for b.Loop() {
			p, err := s.ShortestPath(ctx, "mm:mm.domus.SC277", "mm:mm.domus.SC038")
			if err != nil || p == nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("embedded", func(b *testing.B) {
		for b.Loop() {
			if g.ShortestPath("mm:mm.domus.SC277", "mm:mm.domus.SC038") == nil {
				b.Fatal("no path")
			}
		}
	})
}

// BenchmarkIngest measures a full import into an empty store ("fresh":
// Clear, then Ingest) and a re-import of the same dataset ("again", which
// changes nothing). Both rewrite the shared store: run them on purpose,
// with -benchtime=1x.
func BenchmarkIngest(b *testing.B) {
	s, ds, _ := testStore(b)
	ctx := context.Background()
	b.Run("fresh", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			if _, err := s.Clear(ctx); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			st, err := s.Ingest(ctx, ds, nil)
			if err != nil || st.NodesCreated == 0 {
				b.Fatal(err, st)
			}
		}
	})
	b.Run("again", func(b *testing.B) {
		for b.Loop() {
			st, err := s.Ingest(ctx, ds, nil)
			if err != nil || st.NodesCreated != 0 {
				b.Fatal(err, st)
			}
		}
	})
}
