package upstream_test

import (
	"context"

	"github.com/golang-jwt/jwt/v5"
)

type claimsKey struct{}

func withClaims(ctx context.Context, c jwt.MapClaims) context.Context {
	return context.WithValue(ctx, claimsKey{}, c)
}

func claimsOf(ctx context.Context) map[string]any {
	c, _ := ctx.Value(claimsKey{}).(jwt.MapClaims)
	return c
}
