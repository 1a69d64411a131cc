package seed

import (
	"context"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/storefront"
)

// DemoOpenClient is the demo shop's API client (开放接口).
const DemoOpenClient = "演示店铺对接"

// demoOpenClient adds the shop's demo API client, without a secret: no secret is made that
// someone would have to read from a log. The operator rotates it on 开放接口 to get one
// (docs/storefront.md); until then every call of it is refused as bad_signature.
func demoOpenClient(ctx context.Context, tx *gorm.DB) error {
	store := storefront.NewStore(tx)
	if _, found, err := store.ByName(ctx, DemoOpenClient); err != nil || found {
		return err
	}
	c, err := storefront.Unissued(DemoOpenClient, nil, time.Now().UTC().Truncate(time.Millisecond))
	if err != nil {
		return err
	}
	return store.Create(ctx, &c)
}
