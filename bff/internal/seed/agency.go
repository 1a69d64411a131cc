package seed

import (
	"context"

	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/cache"
)

// Codes of the demo agencies: the demo channel operator belongs to the first.
const (
	DemoAgencyCode  = "HZYQ"
	OtherAgencyCode = "CDJC"
)

// demoAgencies ensures the two demo agencies, the channel operator's first.
func demoAgencies(ctx context.Context, tx *gorm.DB, gen *cache.Generation) ([]agency.Agency, error) {
	store := agency.NewStore(tx, gen)
	var out []agency.Agency
	for _, a := range []agency.Agency{
		{Name: "杭州云栖商贸有限公司", Code: DemoAgencyCode, Contact: "李明", Phone: "13900000011", Enabled: true},
		{Name: "成都锦程供应链有限公司", Code: OtherAgencyCode, Contact: "王芳", Phone: "13900000012", Enabled: true},
	} {
		got, err := store.Ensure(ctx, a)
		if err != nil {
			return nil, err
		}
		out = append(out, got)
	}
	return out, nil
}
