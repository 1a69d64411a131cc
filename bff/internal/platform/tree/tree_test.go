package tree

import (
	"errors"
	"slices"
	"testing"
	"time"
)

type node struct {
	id  int64
	pid *int64
}

func p(v int64) *int64 { return &v }

func id(n node) int64   { return n.id }
func pid(n node) *int64 { return n.pid }

func TestSubtreeAndUnion(t *testing.T) {
	all := []node{{1, nil}, {2, p(1)}, {3, p(2)}, {4, nil}, {5, p(4)}}
	if got, err := Subtree(all, 1, id, pid); err != nil || !slices.Equal(got, []int64{1, 2, 3}) {
		t.Fatalf("subtree = %v %v", got, err)
	}
	if got, err := Union(all, []int64{2, 1, 5}, id, pid); err != nil || !slices.Equal(got, []int64{2, 3, 1, 5}) {
		t.Fatalf("union = %v %v", got, err)
	}
}

func TestCheckParent(t *testing.T) {
	all := []node{{1, nil}, {2, p(1)}, {3, p(2)}, {4, nil}}
	for _, c := range []struct {
		node, parent int64
		want         error
	}{{3, 4, nil}, {4, 3, nil}, {2, 2, ErrUnderItself}, {1, 3, ErrUnderItself}, {2, 3, ErrUnderItself}} {
		if err := CheckParent(all, c.node, c.parent, id, pid); !errors.Is(err, c.want) {
			t.Errorf("%d under %d: %v, want %v", c.node, c.parent, err, c.want)
		}
	}
}

// TestLoopsEnd: a parent loop in the rows (5 → 6 → 7 → 5, and 8 its own parent) ends every walk
// with ErrLoop, at once, instead of walking (and allocating) forever.
func TestLoopsEnd(t *testing.T) {
	all := []node{{1, nil}, {2, p(1)}, {5, p(7)}, {6, p(5)}, {7, p(6)}, {9, p(6)}, {8, p(8)}}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, root := range []int64{5, 6, 7, 8} {
			if _, err := Subtree(all, root, id, pid); !errors.Is(err, ErrLoop) {
				t.Errorf("subtree of %d: %v", root, err)
			}
		}
		if _, err := Union(all, []int64{1, 6}, id, pid); !errors.Is(err, ErrLoop) {
			t.Errorf("union: %v", err)
		}
		if err := CheckParent(all, 1, 9, id, pid); !errors.Is(err, ErrLoop) {
			t.Errorf("under a looping parent: %v", err)
		}
		if got, err := Subtree(all, 1, id, pid); err != nil || !slices.Equal(got, []int64{1, 2}) {
			t.Errorf("a sound subtree beside a loop: %v %v", got, err)
		}
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("a walk did not end")
	}
}
