package seed_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/seed"
	"mallconsole/bff/internal/user"
	"mallconsole/bff/internal/workflow"
)

// TestRefundFormSeeded: the 退款审批 form is seeded published, its flow passes the publish
// checks, a refund asked by a staff member waits for the administrator, and a database seeded
// before after-sales gets it on its next start.
func TestRefundFormSeeded(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		opt := seed.Options{Demo: true, AdminPassword: "given-admin-pw", DemoPassword: "given-demo-pw", BcryptCost: bcrypt.MinCost}
		if err := seed.Run(ctx, g, opt); err != nil {
			t.Fatal(err)
		}
		var f workflow.Form
		if err := g.Where("code = ?", workflow.RefundFormCode).Take(&f).Error; err != nil {
			t.Fatal(err)
		}
		var v workflow.FormVersion
		if err := g.Where("form_id = ? AND version = ?", f.ID, f.Version).Take(&v).Error; err != nil || f.Name != "退款审批" || f.Version != 1 {
			t.Fatalf("form %+v, version %v", f, err)
		}
		var sc workflow.Schema
		var flow workflow.Node
		if err := json.Unmarshal([]byte(v.Schema), &sc); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(v.Flow), &flow); err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, fl := range sc.Fields {
			keys = append(keys, fl.Key+":"+fl.Label)
		}
		if len(keys) != 4 || keys[0] != "caseNo:售后单号" || keys[1] != "orderNo:订单号" || keys[2] != "amount:退款金额" || keys[3] != "reason:退款原因" {
			t.Fatalf("fields %v", keys)
		}
		var admins role.Role
		g.Where("name = ?", seed.AdminRole).Take(&admins)
		n := flow.Next
		if n == nil || n.Type != workflow.NApprover || n.Props.Assignee.Kind != "role" || len(n.Props.Assignee.Roles) != 1 ||
			n.Props.Assignee.Roles[0].ID != admins.ID || n.Next != nil {
			t.Fatalf("flow %+v", n)
		}
		gen := &cache.Generation{}
		users := user.NewStore(g, gen)
		s := workflow.NewService(workflow.NewStore(g), users, nil, nil, nil, time.Now)
		// The seeded flow is what the designer would publish: nothing to fix, no new version.
		if p, err := s.Publish(ctx, f.ID); err != nil || !p.Unchanged || p.Version != 1 {
			t.Fatalf("publish: %+v %v", p, err)
		}
		staff, _, _ := users.ByUsername(ctx, seed.StaffUser)
		admin, _, _ := users.ByUsername(ctx, seed.AdminUser)
		id, err := s.StartFor(ctx, nil, workflow.RefundFormCode, staff.ID, map[string]any{"caseNo": "AS1", "orderNo": "O1", "amount": "2000.00"})
		if err != nil {
			t.Fatal(err)
		}
		var tasks []workflow.Task
		g.Where("instance_id = ?", id).Find(&tasks)
		if len(tasks) != 1 || tasks[0].AssigneeID != admin.ID || tasks[0].Status != workflow.TPending {
			t.Fatalf("tasks %+v, want admin's", tasks)
		}
		// A database seeded before after-sales: the form comes with the next start.
		g.Where("instance_id = ?", id).Delete(&workflow.Task{})
		g.Where("instance_id = ?", id).Delete(&workflow.Step{})
		g.Where("id = ?", id).Delete(&workflow.Instance{})
		g.Where("form_id = ?", f.ID).Delete(&workflow.FormVersion{})
		g.Where("id = ?", f.ID).Delete(&workflow.Form{})
		g.Where("k = ?", seed.KeyRefundForm).Delete(&initsetup.Setting{})
		if err := seed.Run(ctx, g, opt); err != nil {
			t.Fatal(err)
		}
		var again int64
		g.Model(&workflow.Form{}).Where("code = ? AND version = 1", workflow.RefundFormCode).Count(&again)
		if again != 1 {
			t.Fatalf("reseeded %d", again)
		}
	})
}
