package seed

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/dept"
	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/user"
	"mallconsole/bff/internal/workflow"
)

// KeyWorkflowEngine marks the approval pages, the 人事 role and the leave form as seeded: a new
// once-key, so databases seeded with the first leave slice get them too.
const KeyWorkflowEngine = "seed.workflow-engine"

// Titles of the engine's menus and the HR role.
const (
	MyTasksMenu    = "我的审批"
	FormDesignMenu = "表单管理"
	FormDesignBtn  = "表单设计"
	HRRole         = "人事"
)

// workflowEngine adds 我的审批 and 表单管理 under 流程, the 人事 role (copied on every leave
// request) and the leave form, and grants the pages: all to the superuser role, 我的审批 to the
// staff and HR roles.
func workflowEngine(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	menus := menu.NewStore(tx, gen)
	dir, err := menus.Ensure(ctx, workflowDir())
	if err != nil {
		return err
	}
	tasks, err := menus.Ensure(ctx, menu.Menu{PID: &dir.ID, Type: menu.TypeMenu, Cache: true, Title: MyTasksMenu, Name: "WorkflowTasks",
		Path: "/workflow/tasks", Component: "workflow/tasks/index", Icon: "list", Sort: 3, Breadcrumb: true})
	if err != nil {
		return err
	}
	design, err := menus.Ensure(ctx, menu.Menu{PID: &dir.ID, Type: menu.TypeMenu, Cache: true, Title: FormDesignMenu, Name: "FormDesign",
		Path: "/formDesign", Component: "workflow/formDesign/index", Icon: "edit", Sort: 4, Breadcrumb: true})
	if err != nil {
		return err
	}
	btn, err := menus.Ensure(ctx, menu.Menu{PID: &design.ID, Type: menu.TypeButton, Title: FormDesignBtn,
		Permission: perm.WorkflowDesign, Sort: 1, Breadcrumb: true})
	if err != nil {
		return err
	}
	apply, err := menus.Ensure(ctx, menu.Menu{PID: &dir.ID, Type: menu.TypeMenu, Cache: true, Title: ApplyFormMenu, Name: "ApplyForm",
		Path: "/applyForm", Component: "workflow/applyForm/index", Icon: "form", Sort: 1, Breadcrumb: true})
	if err != nil {
		return err
	}
	roles := role.NewStore(tx, gen)
	hr, err := roles.Ensure(ctx, role.Role{Name: HRRole, Level: 3, DataScope: role.ScopeAll, Description: "人事，抄送请假申请"},
		[]int64{dir.ID, apply.ID, tasks.ID})
	if err != nil {
		return err
	}
	for name, ids := range map[string][]int64{AdminRole: {dir.ID, tasks.ID, design.ID, btn.ID}, StaffRole: {dir.ID, apply.ID, tasks.ID}} {
		var r role.Role
		err := tx.Where("name = ?", name).Take(&r).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			continue
		}
		if err != nil {
			return err
		}
		if err := roles.Grant(ctx, r.ID, ids); err != nil {
			return err
		}
	}
	admin, found, err := user.NewStore(tx, gen).ByUsername(ctx, AdminUser)
	if err != nil || !found {
		return err
	}
	sc, flow := workflow.LeaveForm(workflow.Ref{ID: admin.ID, Name: admin.NickName}, workflow.Ref{ID: hr.ID, Name: hr.Name})
	_, err = workflow.NewStore(tx).EnsureBuiltin(ctx, workflow.LeaveFormCode, "请假", "date", "人事", sc, flow, time.Now())
	return err
}

// demoLeaders makes the demo lead the head of 运营部 (the staff user's leave reaches them) and the
// superuser the head of 总部 (leave over 3 days then goes to them), unless a department has heads.
func demoLeaders(ctx context.Context, tx *gorm.DB, gen *cache.Generation, hq, ops int64) error {
	depts := dept.NewStore(tx)
	have, err := depts.Leaders(ctx)
	if err != nil {
		return err
	}
	users := user.NewStore(tx, gen)
	for d, name := range map[int64]string{ops: LeadUser, hq: AdminUser} {
		u, found, err := users.ByUsername(ctx, name)
		if err != nil {
			return err
		}
		if found && len(have[d]) == 0 {
			if err := depts.SetLeaders(ctx, d, []int64{u.ID}); err != nil {
				return err
			}
		}
	}
	return nil
}
