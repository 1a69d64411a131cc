package seed

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/user"
	"mallconsole/bff/internal/workflow"
)

// KeyRefundForm marks the 退款审批 form as seeded: a new once-key, so databases seeded before
// after-sales get it too.
const KeyRefundForm = "seed.refund-form"

// refundForm adds the 退款审批 form (code refund) with its published flow: one approval node for
// the superuser role's holders, falling back to admin. Big after-sales refunds start it.
func refundForm(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	var admins role.Role
	err := tx.Where("name = ?", AdminRole).Take(&admins).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil // renamed or removed by an administrator: nothing to assign the flow to
	} else if err != nil {
		return err
	}
	admin, found, err := user.NewStore(tx, gen).ByUsername(ctx, AdminUser)
	if err != nil || !found {
		return err
	}
	sc, flow := workflow.RefundForm(workflow.Ref{ID: admins.ID, Name: admins.Name}, workflow.Ref{ID: admin.ID, Name: admin.NickName})
	_, err = workflow.NewStore(tx).EnsureBuiltin(ctx, workflow.RefundFormCode, "退款审批", "money", "售后", sc, flow, time.Now())
	return err
}
