package workflow

import (
	"context"
	"fmt"
	"maps"
	"slices"
)

// Problem is one bad node of a flow found at publishing.
type Problem struct {
	NodeID  string `json:"nodeId"`
	Message string `json:"message"`
}

// FlowProblems lists every bad node; http.go answers it as 400 with problems.
type FlowProblems struct{ Problems []Problem }

func (e *FlowProblems) Error() string {
	return fmt.Sprintf("workflow: %d flow problems", len(e.Problems))
}

// index is a flow read for running: nodes by ID and, for each, the node that follows it (its
// next, or the continuation of the route its chain belongs to).
type index struct {
	root  *Node
	nodes map[string]*Node
	after map[string]*Node
	order []string // depth-first, the order nodes are drawn
}

func newIndex(root *Node) *index {
	ix := &index{root: root, nodes: map[string]*Node{}, after: map[string]*Node{}}
	var walk func(n, cont *Node)
	walk = func(n, cont *Node) {
		for ; n != nil; n = n.Next {
			ix.nodes[n.ID] = n
			ix.order = append(ix.order, n.ID)
			next := n.Next
			if next == nil {
				next = cont
			}
			ix.after[n.ID] = next
			for _, b := range n.Branches {
				walk(b.Next, next)
			}
		}
	}
	walk(root, nil)
	return ix
}

// checkFlow finds every problem of a flow for publishing against its schema.
func (s *Service) checkFlow(ctx context.Context, sc Schema, root *Node) error {
	var ps []Problem
	bad := func(id, format string, args ...any) {
		ps = append(ps, Problem{NodeID: id, Message: fmt.Sprintf(format, args...)})
	}
	if root == nil || root.Type != NStart || root.ID != "start" {
		return &FlowProblems{[]Problem{{NodeID: "start", Message: "流程须以发起人节点（start）开始"}}}
	}
	seen := map[string]bool{}
	var userIDs, roleIDs []int64
	var walk func(n *Node)
	walk = func(n *Node) {
		for ; n != nil; n = n.Next {
			if n.ID == "" || seen[n.ID] {
				bad(n.ID, "节点ID为空或重复")
			}
			seen[n.ID] = true
			if n != root && n.Type == NStart {
				bad(n.ID, "只能有一个发起人节点")
			}
			checkPerms(sc, n, bad)
			switch n.Type {
			case NStart:
			case NApprover:
				u, r := checkApprover(n, bad)
				userIDs, roleIDs = append(userIDs, u...), append(roleIDs, r...)
			case NCC:
				if len(n.Props.Users)+len(n.Props.Roles) == 0 {
					bad(n.ID, "%s：请选择抄送人", n.label())
				}
				userIDs, roleIDs = append(userIDs, refIDs(n.Props.Users)...), append(roleIDs, refIDs(n.Props.Roles)...)
			case NRoute:
				checkRoute(sc, n, bad)
				for _, b := range n.Branches {
					walk(b.Next)
				}
			default:
				bad(n.ID, "未知的节点类型%s", n.Type)
			}
		}
	}
	walk(root)
	if err := s.checkRefs(ctx, root, userIDs, roleIDs, bad); err != nil {
		return err
	}
	if len(ps) > 0 {
		return &FlowProblems{ps}
	}
	return nil
}

// checkPerms checks a node's field permissions: known fields and values, and no edit on a cc
// node, whose recipients only read (the engine would show such a field read-only, so the
// designer is told rather than left to believe they may edit it).
func checkPerms(sc Schema, n *Node, bad func(string, string, ...any)) {
	for _, k := range slices.Sorted(maps.Keys(n.Props.FieldPerms)) {
		v := n.Props.FieldPerms[k]
		f, ok := fieldOf(sc, k)
		switch {
		case !ok || (v != PermRead && v != PermEdit && v != PermHidden):
			bad(n.ID, "字段权限%s无效：表单没有该字段或权限不是read/edit/hidden", k)
		case v == PermEdit && n.Type == NCC:
			bad(n.ID, "%s：抄送人只能查看，字段%s（%s）不能设为可编辑", n.label(), f.Label, k)
		}
	}
}

func refIDs(rs []Ref) []int64 {
	out := make([]int64, len(rs))
	for i, r := range rs {
		out[i] = r.ID
	}
	return out
}

// checkApprover checks an approver node and returns the users and roles it names.
func checkApprover(n *Node, bad func(string, string, ...any)) (users, roles []int64) {
	p := n.Props
	if !slices.Contains([]string{ModeOr, ModeAnd, ModeSeq}, p.Mode) {
		bad(n.ID, "%s：审批方式须为或签、会签或依次审批", n.label())
	}
	a := p.Assignee
	switch {
	case a == nil:
		bad(n.ID, "%s：请设置审批人", n.label())
	case a.Kind == "users" && len(a.Users) == 0, a.Kind == "role" && len(a.Roles) == 0:
		bad(n.ID, "%s：请设置审批人", n.label())
	case a.Kind == "leader" && (a.Levels < 1 || a.Levels > 5 || a.FromLevel > a.Levels || a.FromLevel < 0):
		bad(n.ID, "%s：部门负责人的级数须为1到5", n.label())
	case !slices.Contains([]string{"users", "role", "leader", "self"}, a.Kind):
		bad(n.ID, "%s：审批人类型无效", n.label())
	default:
		users, roles = refIDs(a.Users), refIDs(a.Roles)
	}
	// Named users can all be disabled later; a role or a department may be empty: each needs
	// to know what happens then.
	switch {
	case p.Empty == nil || (p.Empty.Action != "pass" && p.Empty.Action != "admin"):
		bad(n.ID, "%s：请设置审批人为空时的处理方式", n.label())
	case p.Empty.Action == "admin" && (p.Empty.Admin == nil || p.Empty.Admin.ID <= 0):
		bad(n.ID, "%s：审批人为空时转交的管理员未设置", n.label())
	case p.Empty.Action == "admin":
		users = append(users, p.Empty.Admin.ID)
	}
	return users, roles
}

// checkRoute checks a route's branches and their conditions.
func checkRoute(sc Schema, n *Node, bad func(string, string, ...any)) {
	defaults := 0
	prios := map[int]bool{}
	for _, b := range n.Branches {
		if b.Default {
			defaults++
			if len(b.Conditions) > 0 {
				bad(b.ID, "%s：默认分支不能有条件", b.label())
			}
		} else if len(b.Conditions) == 0 {
			bad(b.ID, "%s：请设置条件", b.label())
		}
		if prios[b.Priority] || b.Priority < 1 {
			bad(b.ID, "%s：优先级须为不重复的正整数", b.label())
		}
		prios[b.Priority] = true
		for _, c := range b.Conditions {
			if msg := conditionProblem(sc, c); msg != "" {
				bad(b.ID, "%s：%s", b.label(), msg)
			}
		}
	}
	if len(n.Branches) < 2 || defaults != 1 {
		bad(n.ID, "%s：至少两个分支，且恰有一个默认分支", n.label())
	}
}

// conditionProblem says what is wrong with a condition, "" when nothing.
func conditionProblem(sc Schema, c Condition) string {
	if c.Kind == "dept" {
		if len(c.Depts) == 0 {
			return "请选择部门"
		}
		return ""
	}
	if c.Kind != "field" {
		return "条件类型无效"
	}
	f, ok := fieldOf(sc, c.Field)
	if !ok {
		return "条件字段" + c.Field + "不存在"
	}
	switch f.Type {
	case TNumber, TAmount, TLeaveRange:
		if _, ok := c.Value.(float64); !ok || !slices.Contains([]string{"gt", "ge", "lt", "le", "eq", "ne"}, c.Op) {
			return "条件字段" + f.Label + "须用比较运算并给出数字"
		}
	case TSelect:
		if _, ok := c.Value.([]any); !ok || c.Op != "in" {
			return "条件字段" + f.Label + "须用in并给出选项列表"
		}
	default:
		return "字段" + f.Label + "不能用作条件"
	}
	return ""
}

// checkRefs reports named users that are not enabled and roles that do not exist, on every node
// naming them.
func (s *Service) checkRefs(ctx context.Context, root *Node, users, roles []int64, bad func(string, string, ...any)) error {
	okUsers, err := s.org.EnabledUsers(ctx, users)
	if err != nil {
		return err
	}
	okRoles, err := s.org.ExistingRoles(ctx, roles)
	if err != nil {
		return err
	}
	ix := newIndex(root)
	for _, id := range ix.order {
		n := ix.nodes[id]
		var us, rs []Ref
		if n.Props.Assignee != nil {
			us, rs = n.Props.Assignee.Users, n.Props.Assignee.Roles
		}
		us, rs = append(append([]Ref{}, us...), n.Props.Users...), append(append([]Ref{}, rs...), n.Props.Roles...)
		if n.Props.Empty != nil && n.Props.Empty.Admin != nil {
			us = append(us, *n.Props.Empty.Admin)
		}
		for _, u := range us {
			if !okUsers[u.ID] {
				bad(n.ID, "%s：用户%s不存在或已停用", n.label(), u.Name)
			}
		}
		for _, r := range rs {
			if !okRoles[r.ID] {
				bad(n.ID, "%s：角色%s不存在", n.label(), r.Name)
			}
		}
	}
	return nil
}
