package httpx

import "github.com/labstack/echo/v4"

// SecureHeaders sets the headers every answer carries: no type sniffing (an upload served back is
// what its type says), referrers cut to the origin across sites (list URLs carry search terms),
// and, when the console is published over https, HSTS so a browser never tries plain http again.
// The page's Content-Security-Policy is set where the page is served (package web): it names the
// page's own inline scripts.
func SecureHeaders(hsts bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			h := c.Response().Header()
			h.Set(echo.HeaderXContentTypeOptions, "nosniff")
			h.Set(echo.HeaderReferrerPolicy, "strict-origin-when-cross-origin")
			if hsts {
				h.Set(echo.HeaderStrictTransportSecurity, "max-age=31536000")
			}
			return next(c)
		}
	}
}
