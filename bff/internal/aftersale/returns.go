package aftersale

import "gorm.io/gorm"

// Returning tells which of the orders have a return (退货退款) that is not rejected or
// cancelled: the order's shipment may then no longer be corrected or cancelled (order.Returns).
// tx is the caller's: inside an order's move it holds the order's lock, which Open takes too.
func (s *Service) Returning(tx *gorm.DB, orderIDs []int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	if len(orderIDs) == 0 {
		return out, nil
	}
	var ids []int64
	err := tx.Model(&Case{}).Where("order_id IN ? AND type = ? AND status NOT IN ?", orderIDs, TypeReturn,
		[]string{Rejected, Cancelled}).Distinct().Pluck("order_id", &ids).Error
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}
