// Command bareecho is the yardstick of bff/bench/menus.sh: a bare echo server that answers GET
// /api/menus/build with the bytes of a file (the BFF's own answer, saved by the script) and
// nothing else — no session, no middleware — so the BFF's throughput can be read as a share of
// what echo itself serves on the same machine. With -any it answers every method and path so
// (bff/bench/floor.sh): what a Go HTTP server that does nothing costs behind the load test's nginx.
//
//	bareecho -addr 127.0.0.1:PORT -body menus.json [-any]
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"

	"github.com/labstack/echo/v4"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	file := flag.String("body", "", "the answer's bytes")
	every := flag.Bool("any", false, "answer every method and path, not only GET /api/menus/build")
	flag.Parse()
	body, err := os.ReadFile(*file)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bareecho:", err)
		os.Exit(1)
	}
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	answer := func(c echo.Context) error { return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, body) }
	if *every {
		e.Any("/*", answer)
	} else {
		e.GET("/api/menus/build", answer)
	}
	if err := e.Start(*addr); err != nil {
		fmt.Fprintln(os.Stderr, "bareecho:", err)
		os.Exit(1)
	}
}
