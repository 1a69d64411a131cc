package dept_test

import (
	"context"
	"slices"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/dept"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/tree"
)

// TestUpdatePaths: an edit renames, moves under another parent (its subtree goes along), to the
// top, switches the department off and on and changes its sort, each stored as given; a move
// under itself or its own descendant is refused and changes nothing.
func TestUpdatePaths(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _, root, mid, leaf, other := tree3(t, g)
		store := dept.NewStore(g)
		get := func(id int64) dept.Dept {
			t.Helper()
			m, err := store.ByIDs(ctx, []int64{id})
			if err != nil || m[id].ID != id {
				t.Fatalf("department %d: %v", id, err)
			}
			return m[id]
		}
		save := func(d dept.Dept) error { return s.Save(ctx, all, &d) }

		if err := save(dept.Dept{ID: mid, PID: &root, Name: "中台", Sort: 7, Enabled: true}); err != nil {
			t.Fatal(err)
		}
		if d := get(mid); d.Name != "中台" || d.Sort != 7 || !d.Enabled || *d.PID != root {
			t.Fatalf("renamed and re-sorted: %+v", d)
		}
		if err := save(dept.Dept{ID: mid, PID: &other, Name: "中台", Sort: 7, Enabled: false}); err != nil {
			t.Fatal(err)
		}
		if d := get(mid); *d.PID != other || d.Enabled {
			t.Fatalf("moved under other and disabled: %+v", d)
		}
		sub, err := store.Subtree(ctx, []int64{other})
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []int64{mid, leaf} {
			if !slices.Contains(sub, id) {
				t.Fatalf("the moved subtree %v lacks %d", sub, id)
			}
		}
		if slices.Contains(mustSubtree(t, store, root), leaf) {
			t.Fatal("the leaf stayed under the old parent")
		}
		for what, pid := range map[string]int64{"itself": mid, "its child": leaf} {
			wantErr(t, "under "+what, save(dept.Dept{ID: mid, PID: &pid, Name: "x", Enabled: true}), tree.ErrUnderItself)
		}
		if d := get(mid); d.Name != "中台" || *d.PID != other {
			t.Fatalf("a refused move changed the department: %+v", d)
		}
		if err := save(dept.Dept{ID: mid, PID: nil, Name: "中台", Sort: 1, Enabled: true}); err != nil {
			t.Fatal(err)
		}
		if d := get(mid); d.PID != nil || !d.Enabled || d.Sort != 1 {
			t.Fatalf("moved to the top and enabled: %+v", d)
		}
	})
}

func mustSubtree(t *testing.T, s *dept.Store, root int64) []int64 {
	t.Helper()
	ids, err := s.Subtree(context.Background(), []int64{root})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}
