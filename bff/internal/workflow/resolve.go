package workflow

// selfKey is the data key where the initiator names the approvers of a "self" node.
func selfKey(nodeID string) string { return "__approvers_" + nodeID }

// approvers resolves an approver node to enabled users, in order, without repeats.
func (r *run) approvers(n *Node) ([]int64, error) {
	a := n.Props.Assignee
	if a == nil {
		return nil, nil
	}
	var ids []int64
	switch a.Kind {
	case "users":
		ids = refIDs(a.Users)
	case "role":
		return r.org.UsersWithRoles(r.ctx, refIDs(a.Roles))
	case "self":
		ids, _ = idList(r.data[selfKey(n.ID)])
	case "leader":
		var err error
		if ids, err = r.leaders(a); err != nil {
			return nil, err
		}
	}
	ok, err := r.org.EnabledUsers(r.ctx, ids)
	if err != nil {
		return nil, err
	}
	out := []int64{}
	seen := map[int64]bool{}
	for _, id := range ids {
		if ok[id] && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out, nil
}

// leaders are the heads of the applicant's department (level 1) and its parents, levels
// FromLevel..Levels, nearest first.
func (r *run) leaders(a *Assignee) ([]int64, error) {
	dept, err := r.org.DeptOf(r.ctx, r.inst.ApplicantID)
	if err != nil || dept == 0 {
		return nil, err
	}
	parents, err := r.org.DeptParents(r.ctx)
	if err != nil {
		return nil, err
	}
	var out []int64
	for level := 1; level <= a.Levels && dept != 0; level++ {
		if level >= max(a.FromLevel, 1) {
			heads, err := r.org.Leaders(r.ctx, dept)
			if err != nil {
				return nil, err
			}
			out = append(out, heads...)
		}
		dept = parents[dept]
	}
	return out, nil
}
