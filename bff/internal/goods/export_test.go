package goods

import (
	"context"

	"mallconsole/bff/internal/platform/db"
)

// SaveSeen is Save answering, for an edit, the row as the edit found and left it: what its
// operation-log entry compares (tests check it against the row read back).
func (s *Service) SaveSeen(ctx context.Context, scope *int64, in Input) (Edit, error) {
	_, e, err := s.write(ctx, scope, in)
	return e, err
}

// PageIndexes and PageIndex let tests check the indexes list pages are read from.
var PageIndexes = pageIndexes

func PageIndex(q Query) string { return db.IndexFor(pageIndexes, pageShape(q)) }
