// Package tree holds the walks that every parent-pointer table (menus, departments) needs.
package tree

// Subtree returns root and every node under it, parents before children. id and pid read a
// node's ID and parent (nil at the top).
func Subtree[T any](all []T, root int64, id func(T) int64, pid func(T) *int64) []int64 {
	out := []int64{root}
	for i := 0; i < len(out); i++ {
		for _, n := range all {
			if p := pid(n); p != nil && *p == out[i] {
				out = append(out, id(n))
			}
		}
	}
	return out
}

// Union returns the subtrees of the roots, each node once, parents before children.
func Union[T any](all []T, roots []int64, id func(T) int64, pid func(T) *int64) []int64 {
	seen := map[int64]bool{}
	var out []int64
	for _, r := range roots {
		for _, n := range Subtree(all, r, id, pid) {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out
}
