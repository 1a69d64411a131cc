package tracking

import (
	"context"
	"errors"
)

// Provider is a tracking API in the shape of the common Chinese ones (快递100 the model).
// Company is always the express_company dictionary's value: the provider maps it to its own
// code (an unmapped one is ErrUnsupportedCompany).
type Provider interface {
	// Query asks for a parcel's events now. A number the provider does not know (yet) is an
	// answer without events, not an error.
	Query(ctx context.Context, p Lookup) (Result, error)
	// Subscribe asks the provider to push the parcel's events as they come. A repeat of a
	// subscription already made succeeds.
	Subscribe(ctx context.Context, p Lookup) error
	// Push checks a push's signature and reads it: ErrBadSignature, ErrBadPush, or the parcel.
	Push(param, sign string) (Pushed, error)
}

// Lookup names a parcel to the provider.
type Lookup struct {
	Company    string // express_company value
	TrackingNo string
	PhoneTail  string // the receiver's last four digits, which some carriers require
}

// Result is the provider's state and events of a parcel, newest event first.
type Result struct {
	State  string
	Events []Event
}

// Pushed is a push's parcel and what it says.
type Pushed struct {
	Company    string // express_company value
	TrackingNo string
	Result
}

// The provider's failures. Any other error (a timeout, a refused connection) is the provider
// being unavailable; the caller answers with what it has.
var (
	ErrUnsupportedCompany = errors.New("tracking: the provider has no code for this company")
	ErrBadSignature       = errors.New("tracking: push signature does not match")
	ErrBadPush            = errors.New("tracking: push unreadable")
	ErrRefused            = errors.New("tracking: the provider refused the request")
)
