package workflow

import (
	"slices"
	"sort"
)

// choose picks a route's branch: the first, by priority, whose conditions all hold, else the
// default one.
func (r *run) choose(n *Node) (Branch, error) {
	bs := slices.Clone(n.Branches)
	sort.SliceStable(bs, func(i, j int) bool { return bs[i].Priority < bs[j].Priority })
	var def Branch
	for _, b := range bs {
		if b.Default {
			def = b
			continue
		}
		ok := true
		for _, c := range b.Conditions {
			holds, err := r.holds(c)
			if err != nil {
				return Branch{}, err
			}
			ok = ok && holds
		}
		if ok {
			return b, nil
		}
	}
	return def, nil
}

// holds evaluates one condition on the instance's data and applicant.
func (r *run) holds(c Condition) (bool, error) {
	if c.Kind == "dept" {
		return r.inDepts(refIDs(c.Depts))
	}
	f, ok := fieldOf(r.schema, c.Field)
	if !ok {
		return false, nil
	}
	v := r.data[c.Field]
	if c.Op == "in" {
		want := map[string]bool{}
		list, _ := c.Value.([]any)
		for _, x := range list {
			if str, ok := x.(string); ok {
				want[str] = true
			}
		}
		switch x := v.(type) {
		case string:
			return want[x], nil
		case []any:
			for _, e := range x {
				if str, ok := e.(string); ok && want[str] {
					return true, nil
				}
			}
		}
		return false, nil
	}
	var got float64
	if f.Type == TLeaveRange {
		_, h, err := leaveRange(v)
		if err != nil {
			return false, nil
		}
		got = daysOf(h)
	} else if got, ok = v.(float64); !ok {
		return false, nil
	}
	want, _ := c.Value.(float64)
	switch c.Op {
	case "gt":
		return got > want, nil
	case "ge":
		return got >= want, nil
	case "lt":
		return got < want, nil
	case "le":
		return got <= want, nil
	case "eq":
		return got == want, nil
	case "ne":
		return got != want, nil
	}
	return false, nil
}

// inDepts tells whether the applicant is in one of depts or below.
func (r *run) inDepts(depts []int64) (bool, error) {
	dept, err := r.org.DeptOf(r.ctx, r.inst.ApplicantID)
	if err != nil || dept == 0 {
		return false, err
	}
	parents, err := r.org.DeptParents(r.ctx)
	if err != nil {
		return false, err
	}
	for hops := 0; dept != 0 && hops < 64; hops++ {
		if slices.Contains(depts, dept) {
			return true, nil
		}
		dept = parents[dept]
	}
	return false, nil
}
