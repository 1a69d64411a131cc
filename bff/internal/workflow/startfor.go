package workflow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/money"
)

// StartFor is a system start: a feature starts its seeded form's published version (by code)
// for applicantID, without the principal's checks of the UI's start (the feature has checked
// its own permissions) but with the form's validation and rules. With tx non-nil it runs
// inside the caller's transaction, so that the caller's row and the instance commit (or roll
// back) together; with tx nil it runs in its own.
//
// Data keys must be fields of the published version: a key the form lacks (an administrator
// removed the field the feature relies on) is an error rather than silently dropped. An
// amount may be given as money.Fen, as yuan text ("12.34") or as a number of yuan. The
// checks read nothing outside tx, so the form must not ask what needs another connection
// (a dictionary select, users, departments, uploads are not checked for ownership).
//
// When the flow ends at once (nobody to approve: the node passes by itself) the form's
// Finisher is called before StartFor returns, inside tx; its AfterFinished only with tx nil
// (after StartFor's own commit): the caller's transaction commits after StartFor returns.
// Likewise the new tasks' assignees are told only with tx nil; with tx the caller calls
// Announce after its commit.
func (s *Service) StartFor(ctx context.Context, tx *gorm.DB, formCode string, applicantID int64, data map[string]any) (int64, error) {
	if tx != nil {
		id, _, _, err := s.startFor(ctx, tx, formCode, applicantID, data)
		return id, err
	}
	var id int64
	var told *Outcome
	var heard news
	err := s.store.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		id, told, heard, err = s.startFor(ctx, tx, formCode, applicantID, data)
		return err
	})
	if err == nil {
		s.afterCommit(ctx, told)
		s.announce(ctx, heard)
	}
	return id, err
}

// startFor starts inside tx and answers, besides the instance, what its Finisher was told when
// the flow ended at once (nil otherwise) and who to tell once tx commits.
func (s *Service) startFor(ctx context.Context, tx *gorm.DB, formCode string, applicantID int64, data map[string]any) (int64, *Outcome, news, error) {
	var f Form
	err := tx.Where("code = ? AND enabled = ?", formCode, true).Take(&f).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return 0, nil, news{}, ErrFormNotFound
	} else if err != nil {
		return 0, nil, news{}, err
	}
	if f.Version == 0 {
		return 0, nil, news{}, ErrNotPublished
	}
	var v FormVersion
	if err := tx.Where("form_id = ? AND version = ?", f.ID, f.Version).Take(&v).Error; err != nil {
		return 0, nil, news{}, err
	}
	var sc Schema
	var root Node
	if err := errors.Join(json.Unmarshal([]byte(v.Schema), &sc), json.Unmarshal([]byte(v.Flow), &root)); err != nil {
		return 0, nil, news{}, err
	}
	in, err := systemData(sc, data)
	if err != nil {
		return 0, nil, news{}, fmt.Errorf("workflow: start of %s: %w", formCode, err)
	}
	clean, err := s.checkData(ctx, dataCtx{}, sc, in, nil, nil)
	if err != nil {
		return 0, nil, news{}, err
	}
	org := s.org.In(tx)
	if ok, err := org.EnabledUsers(ctx, []int64{applicantID}); err != nil {
		return 0, nil, news{}, err
	} else if !ok[applicantID] {
		return 0, nil, news{}, invalid("applicant", "申请人不存在、已停用或不是员工")
	}
	if isLeave(f) {
		if err := lockUsers(tx, []int64{applicantID}); err != nil {
			return 0, nil, news{}, err
		}
	}
	raw, err := json.Marshal(clean)
	if err != nil {
		return 0, nil, news{}, err
	}
	now := s.now()
	inst := Instance{FormID: f.ID, VersionID: v.ID, ApplicantID: applicantID, CreatorID: applicantID,
		Status: IRunning, Data: string(raw), Passed: `["start"]`, CreateTime: now}
	if err := tx.Create(&inst).Error; err != nil {
		return 0, nil, news{}, err
	}
	r := &run{s: s, ctx: ctx, tx: tx, org: org, inst: &inst, ix: newIndex(&root), schema: sc,
		data: maps.Clone(clean), passed: []string{"start"}, now: now, news: news{instance: inst.ID}}
	if err := s.formRules(r, f); err != nil {
		return 0, nil, news{}, err
	}
	if err := r.step("start", "submit", applicantID, 0, startNote(f, clean)); err != nil {
		return 0, nil, news{}, err
	}
	if err := r.enter(r.ix.after["start"]); err != nil {
		return 0, nil, news{}, err
	}
	if err := r.save(); err != nil {
		return 0, nil, news{}, err
	}
	return inst.ID, r.told, r.news, nil
}

// systemData is data as the JSON of the API would carry it (numbers as float64, lists as
// []any), with amounts of the schema turned into yuan; a key the schema lacks is an error.
func systemData(sc Schema, data map[string]any) (map[string]any, error) {
	types := map[string]string{}
	for _, f := range sc.Fields {
		types[f.Key] = f.Type
	}
	out := map[string]any{}
	for k, v := range data {
		t, ok := types[k]
		if !ok {
			return nil, fmt.Errorf("the form has no field %q", k)
		}
		if t == TAmount {
			switch x := v.(type) {
			case money.Fen:
				v = float64(x) / 100
			case string:
				fen, err := money.Parse(x)
				if err != nil {
					return nil, invalid(k, "金额格式不正确")
				}
				v = float64(fen) / 100
			}
		}
		out[k] = v
	}
	b, err := json.Marshal(out)
	if err != nil {
		return nil, err
	}
	out = map[string]any{}
	return out, json.Unmarshal(b, &out)
}

// startNote is the comment of a system start's submit step: the record it was started for
// (an after-sales case), so that the instance's history names it.
func startNote(f Form, data map[string]any) string {
	if ref := refOf(f, data); ref != nil {
		return "售后单 " + ref.No
	}
	return ""
}
