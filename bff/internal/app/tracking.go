package app

import (
	"context"
	"errors"
	"net/http"
	"time"

	"mallconsole/bff/internal/job"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/tracking"
)

// trackingProvider is the provider of the settings, or nil when tracking is off (an interface
// holding a nil client would not read as "none").
func trackingProvider(cfg config.Tracking) tracking.Provider {
	if cfg.Provider != config.TrackingKuaidi100 {
		return nil
	}
	return &tracking.Kuaidi100{URL: cfg.URL, Customer: cfg.Customer, Key: cfg.Key, Salt: cfg.Salt, PushURL: cfg.PushURL,
		HTTP: &http.Client{Timeout: time.Minute}} // a backstop: every call has its own deadline (cfg.Timeout)
}

// orderShipments reads shipments from the orders for tracking, without tracking knowing the
// order package.
type orderShipments struct{ orders *order.Service }

func (o orderShipments) Shipment(ctx context.Context, scope *int64, id int64) (tracking.Shipment, error) {
	d, err := o.orders.Get(ctx, scope, id)
	if errors.Is(err, order.ErrNotFound) {
		return tracking.Shipment{}, tracking.ErrOrderNotFound
	}
	if err != nil {
		return tracking.Shipment{}, err
	}
	return shipmentOf(d.Order), nil
}

// errEnough stops the walk over shipped orders once limit are read.
var errEnough = errors.New("enough")

func (o orderShipments) Shipped(ctx context.Context, limit int) ([]tracking.Shipment, error) {
	out := make([]tracking.Shipment, 0, limit)
	err := o.orders.Each(ctx, order.Query{Status: order.Shipped, Order: "id DESC"}, func(od order.Order) error {
		if len(out) == limit {
			return errEnough
		}
		out = append(out, shipmentOf(od))
		return nil
	})
	if errors.Is(err, errEnough) {
		err = nil
	}
	return out, err
}

func shipmentOf(o order.Order) tracking.Shipment {
	return tracking.Shipment{OrderID: o.ID, ExpressCompany: o.ExpressCompany, TrackingNo: o.TrackingNo, Phone: o.Phone}
}

// trackingJobs: tracking.subscribe asks the provider to push shipped orders' parcels (nothing
// without a provider). A corrected tracking number is another parcel, so it is subscribed on
// the next run by itself.
func trackingJobs(parcels *tracking.Service) []job.Job {
	return []job.Job{{
		Name: "tracking.subscribe", Title: "订阅物流轨迹", Schedule: "@every 5m", Batch: 100,
		Run: func(ctx context.Context, r *job.Run) (int, error) { return parcels.Subscribe(ctx, r.Batch, r.Fence) },
	}}
}
