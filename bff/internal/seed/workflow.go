package seed

import (
	"context"

	"gorm.io/gorm"

	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/workflow"
)

// KeyWorkflowPages marks the workflow pages as seeded (once, like the system pages).
const KeyWorkflowPages = "seed.workflow-pages"

// Titles of the workflow menus; their pages are the fixed routes /applyForm and /startBatch.
const (
	WorkflowMenu   = "流程"
	ApplyFormMenu  = "流程申请"
	StartBatchMenu = "流程申请（多人）"
	BatchButton    = "批量发起"
)

// DemoAnnualDays is the demo staff user's annual leave per year.
const DemoAnnualDays = 10

// leaveTypes is the leave_type dictionary; annual (年假) is the one the balance limits.
func leaveTypes() []dict.Entry {
	return []dict.Entry{{Label: "年假", LabelEn: "Annual leave", Value: workflow.AnnualLeave},
		{Label: "事假", LabelEn: "Personal leave", Value: "personal"}, {Label: "病假", LabelEn: "Sick leave", Value: "sick"},
		{Label: "调休", LabelEn: "Time off in lieu", Value: "compensatory"}}
}

// workflowPages adds 流程 with its two pages and the leave_type dictionary, and grants them
// to the superuser role.
func workflowPages(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	if err := dict.NewStore(tx).Ensure(ctx, workflow.LeaveTypeDict, "请假类型", leaveTypes()); err != nil {
		return err
	}
	menus := menu.NewStore(tx, gen)
	dir, err := menus.Ensure(ctx, workflowDir())
	if err != nil {
		return err
	}
	apply, err := menus.Ensure(ctx, menu.Menu{PID: &dir.ID, Type: menu.TypeMenu, Cache: true, Title: ApplyFormMenu, Name: "ApplyForm",
		Path: "/applyForm", Component: "workflow/applyForm/index", Icon: "form", Sort: 1, Breadcrumb: true})
	if err != nil {
		return err
	}
	batch, err := menus.Ensure(ctx, menu.Menu{PID: &dir.ID, Type: menu.TypeMenu, Cache: true, Title: StartBatchMenu, Name: "StartBatch",
		Path: "/startBatch", Component: "workflow/startBatch/index", Icon: "peoples", Sort: 2, Breadcrumb: true})
	if err != nil {
		return err
	}
	btn, err := menus.Ensure(ctx, menu.Menu{PID: &batch.ID, Type: menu.TypeButton, Title: BatchButton,
		Permission: perm.LeaveBatch, Sort: 1, Breadcrumb: true})
	if err != nil {
		return err
	}
	return grantSuperuser(ctx, tx, gen, []int64{dir.ID, apply.ID, batch.ID, btn.ID})
}

// workflowDir is the 流程 directory (the leave slice's step and the engine's both ensure it).
func workflowDir() menu.Menu {
	return menu.Menu{Type: menu.TypeDir, Title: WorkflowMenu, Path: "/workflow", Component: menu.Layout, Icon: "form",
		Sort: 2, AlwaysShow: true, Breadcrumb: true}
}
