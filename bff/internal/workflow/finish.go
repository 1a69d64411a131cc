package workflow

import (
	"context"
	"maps"

	"gorm.io/gorm"
)

// Outcome is how an instance ended, as its form's Finisher is told: Status is IApproved,
// IRejected or IWithdrawn; Comment and Approver are the comment and the name (nickname, else
// user name) of the user whose action ended it — "" when the flow passed by itself as it
// started (nobody to approve); Data is the instance's data.
type Outcome struct {
	InstanceID int64
	FormCode   string
	Status     string
	Comment    string
	Approver   string
	Data       map[string]any
}

// Finisher is a feature that acts when an instance of its form ends (the after-sales refund
// is sent or refused when its 退款审批 ends). Finished runs inside the transaction of the step
// that ended the instance: an error rolls the whole step back, and the action answers it.
type Finisher interface {
	Finished(tx *gorm.DB, o Outcome) error
}

// AfterFinisher is a Finisher that also acts once the step that ended an instance has
// committed (the after-sales refund is sent to the payment gateway only then): Act calls it after
// its transaction, never for a rolled-back step. A system start (StartFor) inside the caller's
// transaction cannot know when that commits: there the caller does it after its own commit.
type AfterFinisher interface {
	Finisher
	AfterFinished(ctx context.Context, o Outcome)
}

// FinishRefused is what a Finisher answers when its feature refuses the outcome (the case
// moved meanwhile): the step is rolled back and the action answers 409 with Message.
type FinishRefused struct{ Message string }

func (e *FinishRefused) Error() string { return "workflow: the finisher refused: " + e.Message }

// OnFinish registers the Finisher of a form (by its code). It is called while wiring the
// application, before serving: the map is not guarded for concurrent writes.
func (s *Service) OnFinish(formCode string, f Finisher) {
	s.finishers[formCode] = f
}

// ended marks that the step ended the instance; save then tells the form's Finisher.
func (r *run) ended() { r.over = true }

// notify tells the form's Finisher, if any, that the instance ended, inside the step's
// transaction. Called by save, the one place every path that ends an instance goes through
// (start passing by itself, approve at the last node, reject, withdraw, a return or resubmit
// whose flow then passes by itself).
func (r *run) notify() error {
	if !r.over {
		return nil
	}
	r.over = false
	var code *string
	if err := r.tx.Model(&Form{}).Select("code").Where("id = ?", r.inst.FormID).Scan(&code).Error; err != nil {
		return err
	}
	if code == nil {
		return nil
	}
	f := r.s.finishers[*code]
	if f == nil {
		return nil
	}
	o := Outcome{InstanceID: r.inst.ID, FormCode: *code, Status: r.inst.Status, Comment: r.comment, Data: maps.Clone(r.data)}
	if r.actor != 0 {
		// Read through the step's transaction: no second connection while it holds the lock.
		var u struct{ NickName, Username string }
		if err := r.tx.Table("users").Select("nick_name, username").Where("id = ?", r.actor).Take(&u).Error; err != nil {
			return err
		}
		o.Approver = u.NickName
		if o.Approver == "" {
			o.Approver = u.Username
		}
	}
	if err := f.Finished(r.tx, o); err != nil {
		return err
	}
	r.told = &o
	return nil
}

// afterCommit tells the AfterFinisher of the form of an instance the committed step ended.
func (s *Service) afterCommit(ctx context.Context, o *Outcome) {
	if o == nil {
		return
	}
	if f, ok := s.finishers[o.FormCode].(AfterFinisher); ok {
		f.AfterFinished(ctx, *o)
	}
}
