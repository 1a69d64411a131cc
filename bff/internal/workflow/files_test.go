package workflow_test

import (
	"context"
	"fmt"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/workflow"
)

// TestStatusHolding: an instance keeps the files of its upload fields only: the same number in
// a text or number field, or digits inside a longer number, keep nothing; a withdrawn instance
// still keeps its files.
func TestStatusHolding(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		o := newOrg(t, g)
		n := 0
		file := func() int64 {
			n++
			a := attach.Attachment{Key: fmt.Sprintf("%032d.png", n), OriginalName: "a.png", ContentType: "image/png",
				Size: 1, OwnerID: o.users["ann"], CreateTime: now}
			if err := g.Create(&a).Error; err != nil {
				t.Fatal(err)
			}
			return a.ID
		}
		kept, inText, inNumber := file(), file(), file()
		sc := workflow.Schema{Fields: []workflow.Field{
			{Key: "txt", Type: workflow.TText, Label: "文本"},
			{Key: "num", Type: workflow.TNumber, Label: "数字"},
			{Key: "files", Type: workflow.TUpload, Label: "附件"},
		}}
		form, err := o.s.SaveForm(ctx, workflow.FormInput{Name: "附件", Schema: sc, Flow: start(approver("n1", "or", users(o.ref("lead")), pass))})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := o.s.Publish(ctx, form); err != nil {
			t.Fatal(err)
		}
		data := map[string]any{"txt": fmt.Sprintf("见附件%d号", inText), "num": float64(inNumber), "files": []any{float64(kept)}}
		id := o.start(t, form, "ann", data)
		store := workflow.NewStore(g)
		holding := func(file int64) string {
			t.Helper()
			status, err := store.StatusHolding(ctx, file)
			if err != nil {
				t.Fatal(err)
			}
			return status
		}
		if got := holding(kept); got != workflow.IRunning {
			t.Fatalf("the uploaded file is held by %q, want running", got)
		}
		if a, b := holding(inText), holding(inNumber); a != "" || b != "" {
			t.Fatalf("numbers outside upload fields hold files: %q %q", a, b)
		}
		if err := o.act("ann", id, workflow.Action{Name: workflow.AWithdraw}); err != nil {
			t.Fatal(err)
		}
		if got := holding(kept); got != workflow.IWithdrawn {
			t.Fatalf("after withdrawing: %q", got)
		}
	})
}
