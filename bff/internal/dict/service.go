package dict

import (
	"context"
	"errors"
)

// The service's answers other than success. http.go turns each into one HTTP answer (httpError);
// nothing else in the package knows HTTP.
var (
	ErrNotFound       = errors.New("dict: no such dictionary")
	ErrDetailNotFound = errors.New("dict: no such entry")
	ErrUnknownDict    = errors.New("dict: the entry's dictionary does not exist")
	ErrNameConflict   = errors.New("dict: dictionary name taken")
	ErrValueConflict  = errors.New("dict: value taken in this dictionary")
)

// Service holds the rules of dictionaries and their entries. Its input is already well formed
// (http.go checks lengths and required fields); it checks what needs the data.
type Service struct{ store *Store }

// NewService uses store.
func NewService(store *Store) *Service { return &Service{store: store} }

// DictInput is a dictionary to create (ID 0) or change.
type DictInput struct {
	ID          int64
	Name        string
	Description string
}

// DetailInput is an entry to create (ID 0) or change.
type DetailInput struct {
	ID      int64
	DictID  int64
	Label   string
	LabelEn string
	Value   string
	Sort    int
}

// Dicts returns a page of dictionaries whose name or description contains blurry, and the total.
func (s *Service) Dicts(ctx context.Context, blurry string, offset, limit int) ([]Dict, int64, error) {
	return s.store.Search(ctx, blurry, offset, limit)
}

// SaveDict creates the dictionary (in.ID 0) or changes it, and returns its ID. Names are unique.
func (s *Service) SaveDict(ctx context.Context, in DictInput) (int64, error) {
	if in.ID != 0 {
		if ok, err := s.store.DictExists(ctx, in.ID); err != nil {
			return 0, err
		} else if !ok {
			return 0, ErrNotFound
		}
	}
	d := Dict{ID: in.ID, Name: in.Name, Description: in.Description}
	if err := s.store.SaveDict(ctx, &d); err != nil {
		return 0, err
	}
	return d.ID, nil
}

// DeleteDicts removes dictionaries and their entries; IDs that do not exist are ignored.
func (s *Service) DeleteDicts(ctx context.Context, ids []int64) error {
	return s.store.DeleteDicts(ctx, ids)
}

// Details returns a page of the named dictionary's entries in order, and the total; an unknown
// name gives none.
func (s *Service) Details(ctx context.Context, dictName string, offset, limit int) ([]Detail, int64, error) {
	return s.store.DetailPage(ctx, dictName, offset, limit)
}

// SaveDetail creates the entry (in.ID 0) or changes it, and returns its ID. Its dictionary must
// exist, and a value is unique within its dictionary.
func (s *Service) SaveDetail(ctx context.Context, in DetailInput) (int64, error) {
	if ok, err := s.store.DictExists(ctx, in.DictID); err != nil {
		return 0, err
	} else if !ok {
		return 0, ErrUnknownDict
	}
	if in.ID != 0 {
		if err := s.detailExists(ctx, in.ID); err != nil {
			return 0, err
		}
	}
	d := Detail{ID: in.ID, DictID: in.DictID, Label: in.Label, LabelEn: in.LabelEn, Value: in.Value, Sort: in.Sort}
	if err := s.store.SaveDetail(ctx, &d); err != nil {
		return 0, err
	}
	return d.ID, nil
}

// DeleteDetail removes an entry.
func (s *Service) DeleteDetail(ctx context.Context, id int64) error {
	if err := s.detailExists(ctx, id); err != nil {
		return err
	}
	return s.store.DeleteDetail(ctx, id)
}

func (s *Service) detailExists(ctx context.Context, id int64) error {
	ok, err := s.store.DetailExists(ctx, id)
	if err == nil && !ok {
		err = ErrDetailNotFound
	}
	return err
}
