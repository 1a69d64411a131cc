package dict

import (
	"context"

	"mallconsole/bff/internal/platform/httpx"
)

// The records as an edit's operation-log entry compares them (audit.Edited): the list's rows.

func (s *Service) dictRow(ctx context.Context, id int64) (DictRow, error) {
	d, err := s.store.dictByID(ctx, id)
	return DictRow{ID: d.ID, Name: d.Name, Description: d.Description, CreateTime: httpx.FormatTime(d.CreateTime)}, err
}

func (s *Service) detailRow(ctx context.Context, id int64) (DetailRow, error) {
	d, err := s.store.detailByID(ctx, id)
	return DetailRow{ID: d.ID, Dict: &ref{d.DictID}, Label: d.Label, LabelEn: d.LabelEn, Value: d.Value, Sort: d.Sort}, err
}

func (s *Store) dictByID(ctx context.Context, id int64) (Dict, error) {
	var d Dict
	return d, s.db.WithContext(ctx).Where("id = ?", id).Take(&d).Error
}

func (s *Store) detailByID(ctx context.Context, id int64) (Detail, error) {
	var d Detail
	return d, s.db.WithContext(ctx).Where("id = ?", id).Take(&d).Error
}

func dictID(in DictInput) int64     { return in.ID }
func detailID(in DetailInput) int64 { return in.ID }
