package tree

import (
	"slices"
	"testing"
)

type node struct {
	id  int64
	pid *int64
}

func TestSubtreeAndUnion(t *testing.T) {
	p := func(v int64) *int64 { return &v }
	all := []node{{1, nil}, {2, p(1)}, {3, p(2)}, {4, nil}, {5, p(4)}}
	id := func(n node) int64 { return n.id }
	pid := func(n node) *int64 { return n.pid }
	if got := Subtree(all, 1, id, pid); !slices.Equal(got, []int64{1, 2, 3}) {
		t.Fatalf("subtree = %v", got)
	}
	if got := Union(all, []int64{2, 1, 5}, id, pid); !slices.Equal(got, []int64{2, 3, 1, 5}) {
		t.Fatalf("union = %v", got)
	}
}
