package order

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/audit"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/limits"
	"mallconsole/bff/internal/platform/perm"
)

// shipdeskRoutes registers the shipping desk: 修改地址 before shipping, 修改物流 and 取消发货 after.
func (s *Service) shipdeskRoutes(r *authz.Router) {
	r.PUT("/api/orders/:id/address", authz.Perm(perm.OrderEdit), s.handleAddress).
		Doc(authz.Doc{Summary: "change where an unpaid or paid order goes (修改地址; history keeps before → after)", Params: httpx.IDPath{}, Body: addressBody{}})
	r.PUT("/api/orders/:id/shipment", authz.Perm(perm.OrderShip), s.handleShipment).
		Doc(authz.Doc{Summary: "correct a shipped order's company and number within shipmentFixHours (修改物流)", Params: httpx.IDPath{}, Body: shipmentBody{}})
	r.POST("/api/orders/:id/unship", authz.Perm(perm.OrderShip), s.handleUnship).
		Doc(authz.Doc{Summary: "cancel a shipment within shipmentFixHours: back to 待发货 (取消发货)", Params: httpx.IDPath{}, Body: unshipBody{}})
}

// addressBody is the body of PUT /api/orders/:id/address.
type addressBody struct {
	CustomerName string `json:"customerName" maxLength:"64"`
	Phone        string `json:"phone" maxLength:"32" description:"a mainland mobile number"`
	Address      string `json:"address" maxLength:"255"`
}

// shipmentBody is the body of PUT /api/orders/:id/shipment.
type shipmentBody struct {
	ExpressCompany string `json:"expressCompany" description:"an express_company value"`
	TrackingNo     string `json:"trackingNo" maxLength:"64" description:"letters, digits and -"`
}

// unshipBody is the body of POST /api/orders/:id/unship.
type unshipBody struct {
	Reason string `json:"reason" maxLength:"200"`
}

// UnshipReasonMax is the longest reason of 取消发货 (the history's note holds it after its prefix).
const UnshipReasonMax = 200

// handleAddress: PUT /api/orders/:id/address {customerName, phone, address} → 204.
func (s *Service) handleAddress(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	var b addressBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	var chk httpx.Check
	chk.Text("customerName", &b.CustomerName, limits.NameMax, true)
	chk.Text("phone", &b.Phone, limits.PhoneMax, true)
	chk.Phone("phone", &b.Phone)
	chk.Text("address", &b.Address, 255, true)
	if chk.Err != nil {
		return chk.Err
	}
	p := authz.From(c)
	before, err := s.SetAddress(c.Request().Context(), agency.Scope(p), p.Username, id, Address(b))
	if err != nil {
		return httpError(err)
	}
	audit.Changes(c, addressBody(before), b)
	return c.NoContent(http.StatusNoContent)
}

// handleShipment: PUT /api/orders/:id/shipment {expressCompany, trackingNo} → 204.
func (s *Service) handleShipment(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	var b shipmentBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	var chk httpx.Check
	checkShipment(&chk, &b.ExpressCompany, &b.TrackingNo)
	if chk.Err != nil {
		return chk.Err
	}
	p := authz.From(c)
	before, err := s.SetShipment(c.Request().Context(), agency.Scope(p), p.Username, id, Shipment(b))
	if err != nil {
		return httpError(err)
	}
	audit.Changes(c, shipmentBody(before), b)
	return c.NoContent(http.StatusNoContent)
}

// checkShipment checks a shipment's fields as 发货 does.
func checkShipment(chk *httpx.Check, company, trackingNo *string) {
	chk.Text("expressCompany", company, 32, true)
	chk.Text("trackingNo", trackingNo, 64, true)
	if *trackingNo != "" && !trackingPattern.MatchString(*trackingNo) {
		chk.Fail("trackingNo", "只能包含字母、数字和-")
	}
}

// handleUnship: POST /api/orders/:id/unship {reason} → 204.
func (s *Service) handleUnship(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	var b unshipBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	var chk httpx.Check
	chk.Text("reason", &b.Reason, UnshipReasonMax, true)
	if chk.Err != nil {
		return chk.Err
	}
	p := authz.From(c)
	if err := s.Unship(c.Request().Context(), agency.Scope(p), p.Username, id, b.Reason); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusNoContent)
}
