package workflow_test

import (
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/workflow"
)

// TestCopiesFollowTheirNodes: someone copied at two cc nodes reads a field when one of them
// shows it and never gets it in data when both hide it; an approver who was also copied keeps
// their node's permissions.
func TestCopiesFollowTheirNodes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		o := newOrg(t, g)
		cc := func(id string, perms map[string]string, who ...string) *workflow.Node {
			var us []workflow.Ref
			for _, w := range who {
				us = append(us, o.ref(w))
			}
			return &workflow.Node{ID: id, Type: workflow.NCC, Props: workflow.NodeProps{Users: us, FieldPerms: perms}}
		}
		form := o.publish(t, start(
			cc("c1", map[string]string{"note": workflow.PermHidden, "amount": workflow.PermHidden}, "hr", "lead"),
			cc("c2", map[string]string{"note": workflow.PermHidden}, "hr"),
			approver("n1", "or", users(o.ref("lead")), pass)))
		id := o.start(t, form, "ann", map[string]any{"note": "只给审批人", "amount": 3.0})
		hr := o.view(t, "hr", id)
		if _, seen := hr.Data["note"]; seen || hr.Data["amount"] != 3.0 || hr.FieldPerms["note"] != workflow.PermHidden ||
			hr.FieldPerms["amount"] != workflow.PermRead || hr.FieldPerms["kind"] != workflow.PermRead {
			t.Fatalf("hr, copied at c1 and c2: %+v %+v", hr.Data, hr.FieldPerms)
		}
		lead := o.view(t, "lead", id)
		if lead.Data["note"] != "只给审批人" || lead.FieldPerms["amount"] != workflow.PermRead {
			t.Fatalf("lead, copied at c1 and approving n1: %+v %+v", lead.Data, lead.FieldPerms)
		}
	})
}
