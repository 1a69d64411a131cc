package workflow_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/richtext"
	"mallconsole/bff/internal/workflow"
)

// TestDefaultsAreStoredClean: a saved draft keeps each default as data of the field would be
// stored (rich text sanitised) and none where the type takes none (description, upload).
func TestDefaultsAreStoredClean(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		o := newOrg(t, g)
		const dirty = `<p><strong>粗</strong><img src=x onerror=alert(1)><script>alert(2)</script></p>`
		sc := workflow.Schema{Fields: []workflow.Field{
			{Key: "body", Type: workflow.TRichtext, Label: "正文", Default: dirty},
			{Key: "tip", Type: workflow.TDesc, Content: "说明", Default: "<script>alert(3)</script>"},
			{Key: "files", Type: workflow.TUpload, Label: "附件", Default: []any{1.0, 2.0}},
		}}
		id, err := o.s.SaveForm(ctx, workflow.FormInput{Name: "默认值", Schema: sc})
		if err != nil {
			t.Fatal(err)
		}
		f, _, err := o.s.FormByID(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var got workflow.Schema
		if err := json.Unmarshal([]byte(f.DraftSchema), &got); err != nil {
			t.Fatal(err)
		}
		clean := richtext.New().HTML(dirty)
		if d := got.Fields[0].Default; d != clean || !strings.Contains(clean, "<strong>粗</strong>") || strings.Contains(clean, "alert") {
			t.Errorf("rich-text default stored as %q, want %q", d, clean)
		}
		if got.Fields[1].Default != nil || got.Fields[2].Default != nil {
			t.Errorf("defaults of a description and an upload stored: %+v", got.Fields)
		}
	})
}
