package order

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/audit"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
)

// RemarkMax is the longest remark staff may write (the column holds 500 for the shop's own).
const RemarkMax = 255

// remarkNoteSide is how much of each remark the history's note keeps: the note column holds
// 255 characters and must hold both sides; the operation log keeps them whole.
const remarkNoteSide = 110

// remarkBody is the body of PUT /api/orders/:id/remark.
type remarkBody struct {
	Remark string `json:"remark" maxLength:"255" description:"the new remark; empty clears it"`
}

// handleRemark: PUT /api/orders/:id/remark {remark} → 204; the history gets 修改备注 with
// before → after, the operation log the change.
func (s *Service) handleRemark(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	var b remarkBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	var chk httpx.Check
	chk.Text("remark", &b.Remark, RemarkMax, false)
	if chk.Err != nil {
		return chk.Err
	}
	p := authz.From(c)
	before, err := s.SetRemark(c.Request().Context(), agency.Scope(p), p.Username, id, b.Remark)
	if err != nil {
		return httpError(err)
	}
	audit.Changes(c, remarkBody{Remark: before}, b)
	return c.NoContent(http.StatusNoContent)
}

// SetRemark changes one order's remark inside the scope as actor and records 修改备注 in its
// history; the answer is the remark before. An unchanged remark writes nothing.
func (s *Service) SetRemark(ctx context.Context, scope *int64, actor string, id int64, remark string) (string, error) {
	return s.store.SetRemark(ctx, scope, id, remark, func(o Order) History {
		return History{FromStatus: o.Status, ToStatus: o.Status, Operator: actor, CreateTime: s.stamp(),
			Note: "修改备注：" + cut(o.Remark) + " → " + cut(remark)}
	})
}

// SetRemark writes the remark and the history entry hist makes from the order as it was, in
// one transaction under the row's lock. The status does not move, so the watchers (figures
// kept by status) hear nothing.
func (s *Store) SetRemark(ctx context.Context, scope *int64, id int64, remark string, hist func(Order) History) (string, error) {
	var before string
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var o Order
		err := scoped(tx, scope).Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(&o).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		before = o.Remark
		if o.Remark == remark {
			return nil
		}
		h := hist(o)
		if err := tx.Model(&Order{}).Where("id = ?", o.ID).
			Updates(map[string]any{"remark": remark, "update_time": h.CreateTime}).Error; err != nil {
			return err
		}
		h.OrderID = o.ID
		return tx.Create(&h).Error
	})
	return before, err
}
