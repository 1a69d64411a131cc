package workflow

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// FormInput is the body of POST/PUT /api/workflow/forms: the draft.
type FormInput struct {
	ID     int64  `json:"id,omitempty"`
	Name   string `json:"name"`
	Icon   string `json:"icon"`
	Group  string `json:"group"`
	Schema Schema `json:"schema"`
	Flow   *Node  `json:"flow"`
}

// SaveForm creates (ID 0) or updates a form's draft. Published versions never change.
func (s *Service) SaveForm(ctx context.Context, in FormInput) (int64, error) {
	in.Name, in.Group = strings.TrimSpace(in.Name), strings.TrimSpace(in.Group)
	if n := utf8.RuneCountInString(in.Name); n == 0 || n > 64 {
		return 0, invalid("name", "须为1到64个字符")
	}
	if utf8.RuneCountInString(in.Group) > 32 || utf8.RuneCountInString(in.Icon) > 64 {
		return 0, invalid("group", "分组最多32个字符，图标最多64个字符")
	}
	sc, err := s.checkSchema(ctx, in.Schema)
	if err != nil {
		return 0, err
	}
	schema, err := json.Marshal(sc)
	if err != nil {
		return 0, err
	}
	flow := ""
	if in.Flow != nil {
		b, err := json.Marshal(in.Flow)
		if err != nil {
			return 0, err
		}
		flow = string(b)
	}
	now := s.now()
	g := s.store.db.WithContext(ctx)
	if in.ID == 0 {
		f := Form{Name: in.Name, Icon: in.Icon, GroupName: in.Group, DraftSchema: string(schema), DraftFlow: flow,
			DraftChanged: true, Enabled: true, CreateTime: now, UpdateTime: now}
		return f.ID, g.Create(&f).Error
	}
	res := g.Model(&Form{}).Where("id = ? AND enabled = ?", in.ID, true).Updates(map[string]any{
		"name": in.Name, "icon": in.Icon, "group_name": in.Group, "draft_schema": string(schema),
		"draft_flow": flow, "draft_changed": true, "update_time": now})
	if res.Error == nil && res.RowsAffected == 0 {
		return 0, ErrFormNotFound
	}
	return in.ID, res.Error
}

// DeleteForms deletes forms that were never used and disables those with instances (they stay
// readable for their instances); ErrFormInUse tells the caller some were only disabled.
func (s *Service) DeleteForms(ctx context.Context, ids []int64) error {
	inUse := false
	err := s.store.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, id := range ids {
			var n int64
			if err := tx.Model(&Instance{}).Where("form_id = ?", id).Count(&n).Error; err != nil {
				return err
			}
			if n > 0 {
				inUse = true
				if err := tx.Model(&Form{}).Where("id = ?", id).Update("enabled", false).Error; err != nil {
					return err
				}
				continue
			}
			if err := tx.Where("form_id = ?", id).Delete(&FormVersion{}).Error; err != nil {
				return err
			}
			if err := tx.Where("id = ? AND code IS NULL", id).Delete(&Form{}).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil && inUse {
		return ErrFormInUse
	}
	return err
}

// FormQuery filters the form list.
type FormQuery struct {
	Blurry, Group string
	Published     bool
	Offset, Limit int
}

// Forms lists enabled forms, by group then name.
func (s *Service) Forms(ctx context.Context, q FormQuery) ([]Form, int64, error) {
	tx := s.store.db.WithContext(ctx).Model(&Form{}).Where("enabled = ?", true)
	if q.Blurry != "" {
		tx = tx.Where("name LIKE ?", "%"+q.Blurry+"%")
	}
	if q.Group != "" {
		tx = tx.Where("group_name = ?", q.Group)
	}
	if q.Published {
		// What may be applied for (流程申请): forms only a feature starts are left out.
		tx = tx.Where("version > 0").Where("code IS NULL OR code <> ?", RefundFormCode)
	}
	return db.Paged[Form](tx, "group_name, name, id", q.Offset, q.Limit)
}

// FormByID reads a form and its published version (nil when none).
func (s *Service) FormByID(ctx context.Context, id int64) (Form, *FormVersion, error) {
	var f Form
	g := s.store.db.WithContext(ctx)
	if err := g.Where("id = ? AND enabled = ?", id, true).Take(&f).Error; errors.Is(err, gorm.ErrRecordNotFound) {
		return f, nil, ErrFormNotFound
	} else if err != nil || f.Version == 0 {
		return f, nil, err
	}
	var v FormVersion
	err := g.Where("form_id = ? AND version = ?", f.ID, f.Version).Take(&v).Error
	return f, &v, err
}
