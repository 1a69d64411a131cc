package storefront

import (
	"context"
	"time"

	"mallconsole/bff/internal/platform/kv"
)

// Window is how far a request's X-Timestamp may be from the server's clock, either way.
const Window = 5 * time.Minute

// nonceTTL is how long a used nonce is remembered: a request is accepted while its timestamp is
// within Window of the clock, so one stamped up to Window ahead stays acceptable for 2×Window
// after it was first seen. A minute more covers the instances' clocks differing a little.
const nonceTTL = 2*Window + time.Minute

// Nonces remembers the nonces used per client in the store every instance shares (SQL or
// Redis), so a request replayed to another instance is refused as well.
type Nonces struct {
	kv kv.Store
}

// NewNonces keeps nonces in store.
func NewNonces(store kv.Store) *Nonces { return &Nonces{kv: store} }

// Use marks the client's nonce used; false when it was used already within the window. Of two
// requests racing with one nonce exactly one gets true (kv.Store.PutNew is one atomic step).
func (n *Nonces) Use(ctx context.Context, clientID, nonce string) (bool, error) {
	return n.kv.PutNew(ctx, "open-nonce:"+clientID+":"+nonce, "1", nonceTTL)
}
