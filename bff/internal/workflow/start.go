package workflow

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"slices"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/authz"
)

// maxBatch bounds the applicants of one batch.
const maxBatch = maxApplicants

// published reads a form and its published version.
func (s *Service) published(ctx context.Context, formID int64) (Form, FormVersion, error) {
	var f Form
	var v FormVersion
	err := s.store.db.WithContext(ctx).Where("id = ? AND enabled = ?", formID, true).Take(&f).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return f, v, ErrFormNotFound
	} else if err != nil {
		return f, v, err
	}
	if f.Version == 0 {
		return f, v, ErrNotPublished
	}
	err = s.store.db.WithContext(ctx).Where("form_id = ? AND version = ?", f.ID, f.Version).Take(&v).Error
	return f, v, err
}

// Start starts the published version of a form for the applicants (the caller when none), all
// in one transaction: any refusal writes nothing. It answers the batch (nil for one applicant
// of their own) and the instance IDs.
func (s *Service) Start(ctx context.Context, p *authz.Principal, formID int64, data map[string]any, applicants []int64) (*int64, []int64, error) {
	return s.start(ctx, p, formID, data, applicants, nil)
}

// start is Start; resubmitOf names the rejected instance a single applicant sends again.
func (s *Service) start(ctx context.Context, p *authz.Principal, formID int64, data map[string]any, applicants []int64, resubmitOf *int64) (*int64, []int64, error) {
	f, v, err := s.published(ctx, formID)
	if err != nil {
		return nil, nil, err
	}
	if systemStarted(f) {
		return nil, nil, invalid("formId", "该表单由系统发起，不能手动申请")
	}
	var sc Schema
	var root Node
	if err := errors.Join(json.Unmarshal([]byte(v.Schema), &sc), json.Unmarshal([]byte(v.Flow), &root)); err != nil {
		return nil, nil, err
	}
	clean, err := s.checkData(ctx, dataCtx{uploader: p.UserID}, sc, data, nil, nil)
	if err != nil {
		return nil, nil, err
	}
	batch := len(applicants) > 0
	if !batch {
		applicants = []int64{p.UserID}
	}
	applicants = uniq(applicants)
	if len(applicants) > maxBatch {
		return nil, nil, invalid("applicants", "最多%d人", maxBatch)
	}
	if ok, err := s.org.EnabledUsers(ctx, applicants); err != nil {
		return nil, nil, err
	} else if len(ok) != len(applicants) {
		return nil, nil, invalid("applicants", "申请人不存在或已停用")
	}
	if batch {
		if err := s.inScope(ctx, p, applicants); err != nil {
			return nil, nil, err
		}
	}
	if err := s.checkSelfPicks(ctx, &root, data, clean, applicants); err != nil {
		return nil, nil, err
	}
	raw, err := json.Marshal(clean)
	if err != nil {
		return nil, nil, err
	}
	var batchID *int64
	var told []*Outcome
	var heard []news
	ids := make([]int64, 0, len(applicants))
	err = s.store.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		told, heard, ids = nil, nil, ids[:0]
		if isLeave(f) {
			if err := lockUsers(tx, applicants); err != nil {
				return err
			}
		}
		now := s.now()
		if batch {
			b := WFBatch{FormID: f.ID, CreatorID: p.UserID, CreateTime: now}
			if err := tx.Create(&b).Error; err != nil {
				return err
			}
			batchID = &b.ID
		}
		for _, a := range applicants {
			inst := Instance{FormID: f.ID, VersionID: v.ID, ApplicantID: a, CreatorID: p.UserID, BatchID: batchID,
				ResubmitOf: resubmitOf, Status: IRunning, Data: string(raw), Passed: `["start"]`, CreateTime: now}
			if err := tx.Create(&inst).Error; errors.Is(err, gorm.ErrDuplicatedKey) && resubmitOf != nil {
				return ErrResent
			} else if err != nil {
				return err
			}
			r := &run{s: s, ctx: ctx, tx: tx, org: s.org.In(tx), inst: &inst, ix: newIndex(&root), schema: sc,
				data: maps.Clone(clean), passed: []string{"start"}, now: now, news: news{instance: inst.ID}}
			if err := s.formRules(r, f); err != nil {
				return err
			}
			if err := r.step("start", "submit", p.UserID, 0, ""); err != nil {
				return err
			}
			if err := r.enter(r.ix.after["start"]); err != nil {
				return err
			}
			if err := r.save(); err != nil {
				return err
			}
			told, heard = append(told, r.told), append(heard, r.news)
			ids = append(ids, inst.ID)
		}
		return nil
	})
	if err != nil {
		return nil, nil, s.shortBalance(ctx, err, batch)
	}
	for _, o := range told {
		s.afterCommit(ctx, o)
	}
	s.announce(ctx, heard...)
	return batchID, ids, nil
}

// shortBalance turns the leave rule's Overdrawn into the answer that names the applicant;
// other errors pass as they are.
func (s *Service) shortBalance(ctx context.Context, err error, batch bool) error {
	var o *Overdrawn
	if !errors.As(err, &o) {
		return err
	}
	who, uerr := s.users.ByIDs(ctx, []int64{o.Leave.ApplicantID})
	if uerr != nil {
		return uerr
	}
	return &ShortBalance{Applicant: who[o.Leave.ApplicantID].Username, Batch: batch,
		Left: max(o.LeftHundredths, 0), Asked: o.Leave.DayHundredths}
}

// inScope: a batch is started only for people in the caller's data scope, whom the picker shows.
func (s *Service) inScope(ctx context.Context, p *authz.Principal, ids []int64) error {
	sc, err := s.scope.Scope(ctx, p)
	if err != nil || sc.All {
		return err
	}
	for _, id := range ids {
		dept, err := s.org.DeptOf(ctx, id)
		if err != nil {
			return err
		}
		if dept == 0 || !sc.Allows(&dept) {
			return invalid("applicants", "申请人不在可选范围内")
		}
	}
	return nil
}

// checkSelfPicks copies the approvers the initiator picked for "self" nodes into clean, after
// checking they are enabled users and none of the applicants: nobody approves their own
// request.
func (s *Service) checkSelfPicks(ctx context.Context, root *Node, data, clean map[string]any, applicants []int64) error {
	ix := newIndex(root)
	for _, id := range ix.order {
		n := ix.nodes[id]
		if n.Type != NApprover || n.Props.Assignee == nil || n.Props.Assignee.Kind != "self" {
			continue
		}
		key := selfKey(n.ID)
		v, present := data[key]
		if !present || empty(v) {
			continue
		}
		ids, ok := idList(v)
		if !ok || len(ids) > 20 {
			return invalid(key, "%s：请选择审批人", n.label())
		}
		if slices.ContainsFunc(ids, func(id int64) bool { return slices.Contains(applicants, id) }) {
			return invalid(key, "%s：不能选择申请人本人作为审批人", n.label())
		}
		known, err := s.org.EnabledUsers(ctx, ids)
		if err != nil {
			return err
		}
		if len(known) != len(slices.Compact(slices.Sorted(slices.Values(ids)))) {
			return invalid(key, "%s：审批人不存在或已停用", n.label())
		}
		clean[key] = ids
	}
	return nil
}
