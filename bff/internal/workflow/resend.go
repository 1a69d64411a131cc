package workflow

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/authz"
)

// Resend sends a rejected request again as a new instance of its form's published version,
// linked to the old one (ResubmitOf), which stays as it was: its timeline and decision are a
// record. Only the applicant resends, once per rejected request; the data is checked as a new
// application's.
func (s *Service) Resend(ctx context.Context, p *authz.Principal, id int64, data map[string]any) (int64, error) {
	var old Instance
	err := s.store.db.WithContext(ctx).Select("id, form_id, applicant_id, status").Where("id = ?", id).Take(&old).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return 0, ErrInstanceNotFound
	} else if err != nil {
		return 0, err
	}
	if old.ApplicantID != p.UserID {
		return 0, ErrForbidden
	}
	if old.Status != IRejected {
		return 0, ErrNotRejected
	}
	if again, err := resentAs(s.store.db.WithContext(ctx), id); err != nil {
		return 0, err
	} else if again != nil {
		return 0, ErrResent
	}
	_, ids, err := s.start(ctx, p, old.FormID, data, nil, &old.ID)
	if err != nil {
		return 0, err
	}
	return ids[0], nil
}

// resentAs is the instance that sent id again, nil when none.
func resentAs(g *gorm.DB, id int64) (*int64, error) {
	var ids []int64
	if err := g.Model(&Instance{}).Where("resubmit_of = ?", id).Limit(1).Pluck("id", &ids).Error; err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, nil
	}
	return &ids[0], nil
}

// maxApproveMany bounds one batch approval (a page of 我的待办 at its largest).
const maxApproveMany = 100

// Approved is one instance's outcome in a batch approval: OK, or the error that refused it.
type Approved struct {
	InstanceID int64
	Err        error
}

// ApproveMany approves the caller's pending task of each instance with one comment, each in its
// own transaction (Act): one refused — not the caller's, handled meanwhile — leaves the others
// approved. The instances must all be of one form (ErrMixedForms, nothing approved): the
// approver checked one kind of request, and the same comment fits them.
func (s *Service) ApproveMany(ctx context.Context, p *authz.Principal, ids []int64, comment string) ([]Approved, error) {
	ids = uniq(ids)
	var forms []int64
	if err := s.store.db.WithContext(ctx).Model(&Instance{}).Where("id IN ?", append(ids, 0)).
		Distinct("form_id").Pluck("form_id", &forms).Error; err != nil {
		return nil, err
	}
	if len(forms) > 1 {
		return nil, ErrMixedForms
	}
	out := make([]Approved, len(ids))
	for i, id := range ids {
		out[i] = Approved{InstanceID: id, Err: s.Act(ctx, p, id, Action{Name: AApprove, Comment: comment})}
	}
	return out, nil
}
