package workflow

import (
	"context"
	"encoding/json"
	"errors"

	"gorm.io/gorm"
)

// ErrPublishRace: another publish of the form (or its deletion) came first; answered 409.
var ErrPublishRace = errors.New("workflow: the form was published meanwhile")

// Publish freezes the draft as the next version after checking its schema and flow; a draft
// equal to the latest version makes none and answers that one.
//
// The checks read users, roles and dictionaries through the pool, so they run before the
// transaction: on SQLite a transaction holds the one write lock, and a check waiting for a
// connection held by transactions queued behind that lock waits out the busy timeout.
func (s *Service) Publish(ctx context.Context, id int64) (Published, error) {
	g := s.store.db.WithContext(ctx)
	var f Form
	if err := g.Where("id = ? AND enabled = ?", id, true).Take(&f).Error; errors.Is(err, gorm.ErrRecordNotFound) {
		return Published{}, ErrFormNotFound
	} else if err != nil {
		return Published{}, err
	}
	schema, flow, err := s.checkDraft(ctx, f)
	if err != nil {
		return Published{}, err
	}
	if same, err := s.samePublished(ctx, f, schema, flow); err != nil || same {
		return Published{Version: f.Version, Unchanged: same}, err
	}
	version := f.Version + 1
	err = g.Transaction(func(tx *gorm.DB) error {
		// The version guard comes before the insert: of two concurrent publishes the second
		// waits for the first's row lock, then finds the version moved instead of inserting a
		// duplicate version. The draft stays marked changed if it was saved after it was read.
		res := tx.Model(&Form{}).Where("id = ? AND version = ? AND enabled = ?", f.ID, f.Version, true).
			Updates(map[string]any{"version": version, "draft_changed": gorm.Expr(
				"CASE WHEN draft_schema = ? AND draft_flow = ? THEN ? ELSE ? END", f.DraftSchema, f.DraftFlow, false, true)})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrPublishRace
		}
		return tx.Create(&FormVersion{FormID: f.ID, Version: version, Schema: schema, Flow: flow, PublishTime: s.now()}).Error
	})
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		err = ErrPublishRace
	}
	return Published{Version: version}, err
}

// checkDraft checks a form's draft for publishing and returns its schema and flow as they are
// to be frozen (defaults cleaned).
func (s *Service) checkDraft(ctx context.Context, f Form) (schema, flow string, err error) {
	var sc Schema
	var root *Node
	if err := decode(f.DraftSchema, f.DraftFlow, &sc, &root); err != nil {
		return "", "", err
	}
	if sc, err = s.checkSchema(ctx, sc); err != nil {
		return "", "", err
	}
	if err := s.checkFlow(ctx, sc, root); err != nil {
		return "", "", err
	}
	return canonical(sc, root)
}

// samePublished tells whether schema and flow equal the form's published version. When they do
// the draft is marked unchanged (unless it was saved again meanwhile).
func (s *Service) samePublished(ctx context.Context, f Form, schema, flow string) (bool, error) {
	if f.Version == 0 {
		return false, nil
	}
	g := s.store.db.WithContext(ctx)
	var v FormVersion
	if err := g.Where("form_id = ? AND version = ?", f.ID, f.Version).Take(&v).Error; err != nil {
		return false, err
	}
	// Both compared as the code writes them and normalised, so that versions stored by older
	// code (another key order or spacing) and drafts that differ only in what the engine does not
	// read still compare equal.
	vs, vf, err := comparable(v.Schema, v.Flow)
	if err != nil {
		return false, err
	}
	ds, df, err := comparable(schema, flow)
	if err != nil || vs != ds || vf != df {
		return false, err
	}
	return true, g.Model(&Form{}).Where("id = ? AND version = ? AND draft_schema = ? AND draft_flow = ?",
		f.ID, f.Version, f.DraftSchema, f.DraftFlow).Update("draft_changed", false).Error
}

// canonical is a schema and flow as JSON ("" for no flow).
func canonical(sc Schema, root *Node) (schema, flow string, err error) {
	b, err := json.Marshal(sc)
	if err != nil || root == nil {
		return string(b), "", err
	}
	r, err := json.Marshal(root)
	return string(b), string(r), err
}

// comparable is a stored schema and flow as canonical JSON with the flow normalised: what the
// designer may spell either way (a branch's conditions [] or none, a leader assignee's fromLevel
// 0 or 1, empty lists or maps) one way, and the names of users, roles and departments, which the
// engine does not read (it reads IDs) and the designer shows as they are today, left out.
func comparable(schema, flow string) (string, string, error) {
	var sc Schema
	var root *Node
	if err := decode(schema, flow, &sc, &root); err != nil {
		return "", "", err
	}
	normalise(root)
	return canonical(sc, root)
}

func normalise(n *Node) {
	refs := func(rs []Ref) []Ref {
		if len(rs) == 0 {
			return nil
		}
		out := make([]Ref, len(rs))
		for i, r := range rs {
			out[i] = Ref{ID: r.ID}
		}
		return out
	}
	for ; n != nil; n = n.Next {
		p := &n.Props
		p.Users, p.Roles = refs(p.Users), refs(p.Roles)
		if len(p.FieldPerms) == 0 {
			p.FieldPerms = nil
		}
		if a := p.Assignee; a != nil {
			a.Users, a.Roles = refs(a.Users), refs(a.Roles)
			// resolve.go reads fromLevel as at least 1
			a.FromLevel = max(a.FromLevel, 1)
		}
		if e := p.Empty; e != nil && e.Admin != nil {
			e.Admin = &Ref{ID: e.Admin.ID}
		}
		if len(n.Branches) == 0 {
			n.Branches = nil
		}
		for i := range n.Branches {
			b := &n.Branches[i]
			if len(b.Conditions) == 0 {
				b.Conditions = nil
			}
			for j := range b.Conditions {
				b.Conditions[j].Depts = refs(b.Conditions[j].Depts)
			}
			normalise(b.Next)
		}
	}
}
