package contract

import (
	"context"

	"gorm.io/gorm"

	"mallconsole/bff/internal/attach"
)

// TemplateInput is a template as staff write it; FileID is the attachment of its PDF
// (uploaded with type=contractTemplate).
type TemplateInput struct {
	ID          int64
	Name        string
	Version     string
	FileID      int64
	Variables   []Var
	ValidMonths int
	Enabled     bool
}

// SaveTemplate creates (ID 0) or edits a template. The file must be an uploaded template PDF.
func (s *Service) SaveTemplate(ctx context.Context, in TemplateInput) (int64, error) {
	f, found, err := s.files.Get(ctx, in.FileID)
	if err != nil {
		return 0, err
	}
	if !found || f.Type != TemplateFile || f.ContentType != "application/pdf" {
		return 0, ErrFile
	}
	now := s.stamp()
	t := Template{ID: in.ID, Name: in.Name, Version: in.Version, FileID: f.ID, FileKey: f.Key, FileName: f.OriginalName,
		Variables: in.Variables, ValidMonths: in.ValidMonths, Enabled: in.Enabled, CreateTime: now, UpdateTime: now}
	if t.Variables == nil {
		t.Variables = []Var{}
	}
	for i, v := range t.Variables {
		if SystemVar(v.Key) { // filled in when a contract is made: a default would only mislead
			t.Variables[i].Value = ""
		}
	}
	err = s.store.SaveTemplate(ctx, &t, func(tx *gorm.DB) error { return s.files.Claim(tx, f.ID) })
	return t.ID, err
}

// Publish offers a template to the agencies.
func (s *Service) Publish(ctx context.Context, id int64) error {
	if _, err := s.store.Template(ctx, id); err != nil {
		return err
	}
	return s.store.Publish(ctx, id, s.stamp())
}

// OfferedTemplate is a template with whether the asking agency received it.
type OfferedTemplate struct {
	Template
	Received bool
}

// Templates lists templates: every one for staff (scope nil), the published and enabled ones
// for an agency's operator, each with whether their agency received it.
func (s *Service) Templates(ctx context.Context, scope *int64, q TemplateQuery) ([]OfferedTemplate, int64, error) {
	q.Offerable = scope != nil
	ts, n, err := s.store.Templates(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	got := map[int64]bool{}
	if scope != nil && len(ts) > 0 {
		ids := make([]int64, len(ts))
		for i, t := range ts {
			ids[i] = t.ID
		}
		if got, err = s.store.Received(ctx, *scope, ids); err != nil {
			return nil, 0, err
		}
	}
	out := make([]OfferedTemplate, len(ts))
	for i, t := range ts {
		out[i] = OfferedTemplate{Template: t, Received: got[t.ID]}
	}
	return out, n, nil
}

// Template returns one template; an operator sees only what is offered.
func (s *Service) Template(ctx context.Context, scope *int64, id int64) (Template, error) {
	t, err := s.store.Template(ctx, id)
	if err == nil && scope != nil && (!t.Published || !t.Enabled) {
		return Template{}, ErrTemplateNotFound
	}
	return t, err
}

// DeleteTemplates removes templates no contract was made from.
func (s *Service) DeleteTemplates(ctx context.Context, ids []int64) error {
	return s.store.DeleteTemplates(ctx, ids)
}

// Putter stores a file the program makes itself (attach.Service).
type Putter interface {
	Put(ctx context.Context, owner int64, kind, name string, body []byte) (attach.Attachment, error)
	Claim(tx *gorm.DB, ids ...int64) error
}

// DemoFiles gives a template seeded without a file (the demo's: the seed cannot reach file
// storage) a generated PDF, once; templates made through the API always have one.
func (s *Service) DemoFiles(ctx context.Context, files Putter) error {
	var ts []Template
	if err := s.db.WithContext(ctx).Where("file_id = ?", 0).Find(&ts).Error; err != nil {
		return err
	}
	for _, t := range ts {
		a, err := files.Put(ctx, 0, TemplateFile, t.Name+".pdf",
			MinimalPDF("Contract template (demo)", "Name: "+t.Version, "Agency: {{agencyName}}",
				"Term: {{startDate}} - {{endDate}}", "Rate: {{rate}}"))
		if err != nil {
			return err
		}
		err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if err := tx.Model(&Template{}).Where("id = ? AND file_id = ?", t.ID, 0).
				Updates(map[string]any{"file_id": a.ID, "file_key": a.Key, "file_name": a.OriginalName}).Error; err != nil {
				return err
			}
			return files.Claim(tx, a.ID)
		})
		if err != nil {
			return err
		}
	}
	return nil
}
