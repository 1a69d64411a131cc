package dict_test

import (
	"context"
	"errors"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/platform/dbtest"
)

// newService is the service over g and must, which returns a save's ID and fails the test on
// an error.
func newService(t *testing.T, g *gorm.DB) (*dict.Service, func(int64, error) int64) {
	return dict.NewService(dict.NewStore(g)), func(id int64, err error) int64 {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
}

func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Fatalf("%s: err %v, want %v", what, err, want)
	}
}

func TestDictRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, must := newService(t, g)
		gender := must(s.SaveDict(ctx, dict.DictInput{Name: "gender", Description: "性别"}))
		colour := must(s.SaveDict(ctx, dict.DictInput{Name: "colour"}))

		_, err := s.SaveDict(ctx, dict.DictInput{Name: "gender"})
		wantErr(t, "a second gender", err, dict.ErrNameConflict)
		_, err = s.SaveDict(ctx, dict.DictInput{ID: colour, Name: "gender"})
		wantErr(t, "renaming onto a taken name", err, dict.ErrNameConflict)
		_, err = s.SaveDict(ctx, dict.DictInput{ID: colour + gender + 100, Name: "ghost"})
		wantErr(t, "editing a missing dictionary", err, dict.ErrNotFound)

		if id := must(s.SaveDict(ctx, dict.DictInput{ID: colour, Name: "color", Description: "颜色"})); id != colour {
			t.Fatalf("edit answered ID %d, want %d", id, colour)
		}
		ds, n, err := s.Dicts(ctx, "颜", 0, 10)
		if err != nil || n != 1 || len(ds) != 1 || ds[0].Name != "color" {
			t.Fatalf("search by description = %+v %d %v", ds, n, err)
		}
		if ds, n, err = s.Dicts(ctx, "", 1, 1); err != nil || n != 2 || len(ds) != 1 || ds[0].ID != colour {
			t.Fatalf("second page of one = %+v %d %v", ds, n, err)
		}
	})
}

func TestDetailRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, must := newService(t, g)
		gender := must(s.SaveDict(ctx, dict.DictInput{Name: "gender"}))
		other := must(s.SaveDict(ctx, dict.DictInput{Name: "other"}))

		_, err := s.SaveDetail(ctx, dict.DetailInput{DictID: gender + other + 100, Label: "x", Value: "x"})
		wantErr(t, "an entry of a missing dictionary", err, dict.ErrUnknownDict)

		female := must(s.SaveDetail(ctx, dict.DetailInput{DictID: gender, Label: "女", Value: "2", Sort: 2}))
		male := must(s.SaveDetail(ctx, dict.DetailInput{DictID: gender, Label: "男", Value: "1", Sort: 1}))
		_, err = s.SaveDetail(ctx, dict.DetailInput{DictID: gender, Label: "again", Value: "1"})
		wantErr(t, "a taken value", err, dict.ErrValueConflict)
		_, err = s.SaveDetail(ctx, dict.DetailInput{ID: female, DictID: gender, Label: "女", Value: "1"})
		wantErr(t, "changing onto a taken value", err, dict.ErrValueConflict)
		must(s.SaveDetail(ctx, dict.DetailInput{DictID: other, Label: "one", Value: "1"})) // values are per dictionary
		_, err = s.SaveDetail(ctx, dict.DetailInput{ID: female + male + 100, DictID: gender, Label: "x", Value: "x"})
		wantErr(t, "editing a missing entry", err, dict.ErrDetailNotFound)
		wantErr(t, "deleting a missing entry", s.DeleteDetail(ctx, female+male+100), dict.ErrDetailNotFound)

		ds, n, err := s.Details(ctx, "gender", 0, 10)
		if err != nil || n != 2 || len(ds) != 2 || ds[0].Label != "男" || ds[1].Label != "女" {
			t.Fatalf("entries in order = %+v %d %v", ds, n, err)
		}
		if ds, n, err = s.Details(ctx, "nothing", 0, 10); err != nil || n != 0 || len(ds) != 0 {
			t.Fatalf("unknown dictionary = %+v %d %v", ds, n, err)
		}

		if err := s.DeleteDetail(ctx, male); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteDicts(ctx, []int64{gender}); err != nil {
			t.Fatal(err)
		}
		var left int64
		if err := g.Model(&dict.Detail{}).Where("dict_id = ?", gender).Count(&left).Error; err != nil || left != 0 {
			t.Fatalf("entries outlived their dictionary: %d %v", left, err)
		}
		if ds, n, _ := s.Details(ctx, "other", 0, 10); n != 1 || len(ds) != 1 {
			t.Fatalf("another dictionary's entries went too: %+v", ds)
		}
	})
}
