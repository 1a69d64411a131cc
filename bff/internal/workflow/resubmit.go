package workflow

import (
	"bytes"
	"context"
	"encoding/json"

	"mallconsole/bff/internal/platform/authz"
)

// checked is the data of a resubmit, checked before the step's transaction on the instance at
// revision rev.
type checked struct {
	data map[string]any
	rev  int64
}

// checkResubmit checks the data of a resubmit by the rules of start (the start node's editable
// fields, the approvers picked): before the step's transaction, because the checks read
// dictionaries, uploads and users through their own connections, which a transaction holding
// SQLite's write lock must not wait for (the pool could be held entirely by transactions
// queuing for that lock). The step goes on only if the instance is still at the revision
// checked. Nil when there is no data: the instance keeps its own.
func (s *Service) checkResubmit(ctx context.Context, p *authz.Principal, id int64, a Action) (*checked, error) {
	if a.Data == nil {
		return nil, nil
	}
	r, err := s.load(ctx, s.store.db.WithContext(ctx), id)
	if err != nil {
		return nil, err
	}
	if err := r.mayResubmit(p.UserID); err != nil {
		return nil, err
	}
	only := map[string]bool{}
	for _, f := range r.schema.Fields {
		if perm := r.ix.root.Props.FieldPerms[f.Key]; perm == "" || perm == PermEdit {
			only[f.Key] = true
		}
	}
	clean, err := s.checkData(ctx, dataCtx{uploader: p.UserID}, r.schema, a.Data, r.data, only)
	if err != nil {
		return nil, err
	}
	if err := s.checkSelfPicks(ctx, r.ix.root, a.Data, clean, []int64{r.inst.ApplicantID}); err != nil {
		return nil, err
	}
	return &checked{data: clean, rev: r.inst.Rev}, nil
}

func (r *run) mayResubmit(user int64) error {
	if !r.isInitiator(user) {
		return ErrForbidden
	}
	if r.inst.Status != IReturned {
		// Moved on since the caller's page was drawn (their own resubmit from another tab).
		return ErrTaskGone
	}
	return nil
}

// resubmit: the initiator sends a returned instance on with the data checkResubmit checked,
// and the form's own rules (the annual-leave balance) run again in the step's transaction.
// With the data as it was, the instance continues at the node that returned it; with changed
// data it runs again from the start: the routes choose by the new data, and the approvals given
// so far were given to the old data.
func (r *run) resubmit(p *authz.Principal, a Action, in *checked) error {
	if err := r.mayResubmit(p.UserID); err != nil {
		return err
	}
	if in != nil && in.rev != r.inst.Rev {
		return ErrTaskGone
	}
	if err := r.claim(); err != nil {
		return err
	}
	old := r.data
	if in != nil {
		r.data = in.data
	}
	if err := r.s.rebook(r); err != nil {
		return err
	}
	if err := r.step("start", AResubmit, p.UserID, 0, a.Comment); err != nil {
		return err
	}
	next := r.ix.nodes[r.inst.ReturnFrom]
	if same, err := sameData(old, r.data); err != nil {
		return err
	} else if !same {
		r.passed = []string{"start"}
		next = r.ix.after["start"]
	}
	r.inst.Status, r.inst.Current, r.inst.ReturnFrom = IRunning, "", ""
	if err := r.enter(next); err != nil {
		return err
	}
	return r.save()
}

// sameData compares data as it is stored: as JSON (a checked value holds IDs as int64, a
// stored one as float64).
func sameData(a, b map[string]any) (bool, error) {
	ja, err := json.Marshal(a)
	if err != nil {
		return false, err
	}
	jb, err := json.Marshal(b)
	return bytes.Equal(ja, jb), err
}
