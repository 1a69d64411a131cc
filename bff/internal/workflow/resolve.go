package workflow

// selfKey is the data key where the initiator names the approvers of a "self" node.
func selfKey(nodeID string) string { return "__approvers_" + nodeID }

// maxDeptDepth bounds a walk up the department tree (a loop in stored data must not hang it).
const maxDeptDepth = 64

// approvers resolves an approver node to enabled users, in order, without repeats and without
// the applicant: nobody approves their own request. skipped tells that the applicant was left
// out (fallback then decides who approves a node left without anyone).
func (r *run) approvers(n *Node) (users []int64, skipped bool, err error) {
	a := n.Props.Assignee
	if a == nil {
		return nil, false, nil
	}
	var ids []int64
	switch a.Kind {
	case "users":
		ids = refIDs(a.Users)
	case "role":
		ids, err = r.org.UsersWithRoles(r.ctx, refIDs(a.Roles))
	case "self":
		ids, _ = idList(r.data[selfKey(n.ID)])
	case "leader":
		ids, skipped, err = r.leaders(a)
	}
	if err != nil {
		return nil, false, err
	}
	ok, err := r.org.EnabledUsers(r.ctx, ids)
	if err != nil {
		return nil, false, err
	}
	users = []int64{}
	seen := map[int64]bool{}
	for _, id := range ids {
		switch {
		case id == r.inst.ApplicantID:
			skipped = true
		case ok[id] && !seen[id]:
			seen[id] = true
			users = append(users, id)
		}
	}
	return users, skipped, nil
}

// leaders are the heads of the applicant's department (level 1) and its parents, levels
// FromLevel..Levels, nearest first, without the applicant. A head who applies is not their own
// approver: when the levels give nobody else, the heads of the first level further up that has
// someone else approve (skipped tells that the applicant was left out).
func (r *run) leaders(a *Assignee) (out []int64, skipped bool, err error) {
	dept, err := r.org.DeptOf(r.ctx, r.inst.ApplicantID)
	if err != nil || dept == 0 {
		return nil, false, err
	}
	parents, err := r.org.DeptParents(r.ctx)
	if err != nil {
		return nil, false, err
	}
	for level := 1; dept != 0 && level <= maxDeptDepth; level++ {
		if level > a.Levels && (len(out) > 0 || !skipped) {
			break
		}
		if level >= max(a.FromLevel, 1) {
			heads, err := r.org.Leaders(r.ctx, dept)
			if err != nil {
				return nil, false, err
			}
			for _, h := range heads {
				if h == r.inst.ApplicantID {
					skipped = true
				} else {
					out = append(out, h)
				}
			}
		}
		dept = parents[dept]
	}
	return out, skipped, nil
}

// fallback is who approves a node that resolved to nobody, 0 for nobody (the node passes by
// itself): the node's empty rule (admin: that user; pass: nobody). But an applicant never
// approves their own request, and a node that had only the applicant never passes unseen: when
// the rule's admin is the applicant, or the applicant was left out and the rule is pass, a
// superuser other than the applicant approves — nobody only when the applicant is the one
// superuser, who could change the flow anyway.
func (r *run) fallback(n *Node, skipped bool) (int64, error) {
	e := n.Props.Empty
	toAdmin := e != nil && e.Action == "admin" && e.Admin != nil
	switch {
	case toAdmin && e.Admin.ID != r.inst.ApplicantID:
		return e.Admin.ID, nil
	case !toAdmin && !skipped:
		return 0, nil
	}
	return r.org.Superuser(r.ctx, r.inst.ApplicantID)
}
