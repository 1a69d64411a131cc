// Package tree holds the walks that every parent-pointer table (menus, departments) needs. Every
// walk is bounded and loop-safe: a parent loop in the stored rows (written by hand, or by two
// moves that raced before moves were serialised) is reported as ErrLoop instead of walking
// forever.
package tree

import "errors"

var (
	// ErrLoop: the stored rows hold a parent loop on the walked path.
	ErrLoop = errors.New("tree: parent loop in stored data")
	// ErrUnderItself: the new parent is the node itself or one of its descendants.
	ErrUnderItself = errors.New("tree: parent is the node itself or under it")
)

// Subtree returns root and every node under it, parents before children. id and pid read a
// node's ID and parent (nil at the top).
func Subtree[T any](all []T, root int64, id func(T) int64, pid func(T) *int64) ([]int64, error) {
	children := map[int64][]int64{}
	for _, n := range all {
		if p := pid(n); p != nil {
			children[*p] = append(children[*p], id(n))
		}
	}
	return subtree(children, root)
}

func subtree(children map[int64][]int64, root int64) ([]int64, error) {
	out := []int64{root}
	seen := map[int64]bool{root: true}
	for i := 0; i < len(out); i++ {
		for _, c := range children[out[i]] {
			// With one parent per node a node is reached twice only through a loop.
			if seen[c] {
				return nil, ErrLoop
			}
			seen[c] = true
			out = append(out, c)
		}
	}
	return out, nil
}

// Union returns the subtrees of the roots, each node once, parents before children.
func Union[T any](all []T, roots []int64, id func(T) int64, pid func(T) *int64) ([]int64, error) {
	children := map[int64][]int64{}
	for _, n := range all {
		if p := pid(n); p != nil {
			children[*p] = append(children[*p], id(n))
		}
	}
	seen := map[int64]bool{}
	var out []int64
	for _, r := range roots {
		sub, err := subtree(children, r)
		if err != nil {
			return nil, err
		}
		for _, n := range sub {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out, nil
}

// CheckParent tells whether node may hang under parent: ErrUnderItself when parent is node or
// below it, ErrLoop when the ancestors of parent loop. It walks up from parent at most
// len(all) steps.
func CheckParent[T any](all []T, node, parent int64, id func(T) int64, pid func(T) *int64) error {
	up := make(map[int64]*int64, len(all))
	for _, n := range all {
		up[id(n)] = pid(n)
	}
	seen := map[int64]bool{}
	for at := &parent; at != nil; at = up[*at] {
		if *at == node {
			return ErrUnderItself
		}
		if seen[*at] {
			return ErrLoop
		}
		seen[*at] = true
	}
	return nil
}
