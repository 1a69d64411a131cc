package order

import (
	"context"
	"errors"
	"fmt"
	"regexp"

	"mallconsole/bff/internal/dict"
)

// Why one row of an express import fails (the row changes nothing; the others go on). An order
// not found and one outside the caller's agency are both ErrNotFound, so a channel operator
// cannot learn which order numbers exist elsewhere.
var (
	ErrOrderNoRequired = errors.New("order: the row has no order number")
	ErrCompanyRequired = errors.New("order: the row has no express company")
	ErrTrackingFormat  = errors.New("order: a tracking number is letters, digits and -, at most 64")
)

// DuplicateError: the row repeats an order number or tracking number of an earlier row; the
// earlier row was taken as it is, this one is not.
type DuplicateError struct {
	Field    string // "orderNo" or "trackingNo"
	FirstRow int
}

func (e *DuplicateError) Error() string {
	return fmt.Sprintf("order: %s repeats row %d", e.Field, e.FirstRow)
}

// trackingPattern is what a tracking number may hold (a manual ship checks the same in http.go).
var trackingPattern = regexp.MustCompile(`^[0-9A-Za-z-]{1,64}$`)

// RowError is a failed row: the sheet's row number, the order number as written, and why.
type RowError struct {
	Row     int
	OrderNo string
	Err     error
}

// ImportResult counts the rows; Errors lists the first MaxRowErrors failures in sheet order.
type ImportResult struct {
	Total, Imported, Failed int
	Errors                  []RowError
}

// MaxRowErrors bounds the listed failures, so a wrong sheet of 100,000 rows answers with a
// readable list and memory does not grow with it; Failed still counts them all.
const MaxRowErrors = 1000

// importBatch is how many rows one transaction ships: few enough that locks are short, many
// enough that 100,000 rows take seconds, not minutes.
const importBatch = 500

// Import ships the orders of each row of sheet (ImportRow by ImportRow, as Sheet.Each hands
// them) inside scope, as actor. Every row is checked on its own: a good row ships through the
// status machine with its history entry exactly as a manual ship does, a bad row changes
// nothing. Rows are shipped in batches, each batch one transaction.
func (s *Service) Import(ctx context.Context, scope *int64, actor string, each func(func(ImportRow) error) error) (ImportResult, error) {
	ds, err := s.dicts.Details(ctx, ExpressDict)
	if err != nil {
		return ImportResult{}, err
	}
	companies := expressValues(ds)
	var res ImportResult
	fail := func(e RowError) {
		res.Failed++
		if len(res.Errors) < MaxRowErrors {
			res.Errors = append(res.Errors, e)
		}
	}
	seenOrder, seenTracking := map[string]int{}, map[string]int{}
	// pending keeps the rows of a batch in sheet order, the ones already failed with their
	// error, so that the listed errors come in sheet order too.
	pending := make([]RowError, 0, importBatch)
	ready := make([]ImportRow, 0, importBatch)
	st, err := s.settings(ctx) // the rules as the import starts: its ships' auto-completion
	if err != nil {
		return res, err
	}
	flush := func() error {
		errs, err := s.store.ShipMany(ctx, scope, ready, s.shipChange(actor, st))
		if err != nil {
			return err
		}
		j := 0
		for _, p := range pending {
			if p.Err == nil {
				p.Err, j = errs[j], j+1
			}
			if p.Err != nil {
				fail(p)
			} else {
				res.Imported++
			}
		}
		pending, ready = pending[:0], ready[:0]
		return nil
	}
	err = each(func(r ImportRow) error {
		res.Total++
		err := checkRow(&r, companies, seenOrder, seenTracking)
		pending = append(pending, RowError{Row: r.Row, OrderNo: r.OrderNo, Err: err})
		if err == nil {
			ready = append(ready, r)
		}
		if len(pending) == importBatch {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	return res, err
}

// checkRow checks what a row must hold before its order is looked at, and turns a company's
// name into its dictionary value (a sheet may name the company, 顺丰速运, or give its value, SF).
func checkRow(r *ImportRow, companies map[string]string, seenOrder, seenTracking map[string]int) error {
	switch {
	case r.OrderNo == "":
		return ErrOrderNoRequired
	case r.Company == "":
		return ErrCompanyRequired
	case r.TrackingNo == "":
		return ErrTrackingRequired
	case !trackingPattern.MatchString(r.TrackingNo):
		return ErrTrackingFormat
	}
	value, ok := companies[r.Company]
	if !ok {
		return ErrUnknownExpress
	}
	r.Company = value
	if first, ok := seenOrder[r.OrderNo]; ok {
		return &DuplicateError{Field: "orderNo", FirstRow: first}
	}
	if first, ok := seenTracking[r.TrackingNo]; ok {
		return &DuplicateError{Field: "trackingNo", FirstRow: first}
	}
	seenOrder[r.OrderNo], seenTracking[r.TrackingNo] = r.Row, r.Row
	return nil
}

// expressValues maps each express company's label and value to its value.
func expressValues(ds []dict.Detail) map[string]string {
	out := make(map[string]string, 2*len(ds))
	for _, d := range ds {
		out[d.Label], out[d.Value] = d.Value, d.Value
	}
	return out
}
