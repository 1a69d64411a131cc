package app_test

import (
	"fmt"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/order"
)

// trackingSamples: the matrix samples of 物流跟踪's routes. The provider's push is public and has
// none: with tracking off (the matrix's settings) it answers 404.
func trackingSamples() map[string]sample {
	return map[string]sample{
		"GET /api/orders/:id/tracking": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Path: fmt.Sprintf("/api/orders/%d/tracking", m.newOrder(t, order.Pay, order.Ship))}
		},
	}
}
