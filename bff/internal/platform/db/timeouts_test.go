package db

import (
	"testing"
	"time"

	gomysql "github.com/go-sql-driver/mysql"
)

// A MySQL DSN without timeouts gets ours; one that sets them keeps its own, and its other
// settings are untouched.
func TestMySQLTimeouts(t *testing.T) {
	got, err := withTimeouts("root:pw@tcp(127.0.0.1:3306)/shop?parseTime=true&charset=utf8mb4")
	if err != nil {
		t.Fatal(err)
	}
	c, err := gomysql.ParseDSN(got)
	if err != nil {
		t.Fatal(err)
	}
	if c.Timeout != DialTimeout || c.ReadTimeout != IOTimeout || c.WriteTimeout != IOTimeout {
		t.Errorf("%s: timeouts %v %v %v", got, c.Timeout, c.ReadTimeout, c.WriteTimeout)
	}
	if !c.InterpolateParams {
		t.Errorf("%s: arguments are not interpolated", got)
	}
	if c.User != "root" || c.Passwd != "pw" || c.DBName != "shop" || !c.ParseTime || c.Params["charset"] != "utf8mb4" {
		t.Errorf("%s lost a setting", got)
	}
	got, err = withTimeouts("root@tcp(127.0.0.1:3306)/shop?timeout=9s&readTimeout=1m&interpolateParams=false")
	if err != nil {
		t.Fatal(err)
	}
	if c, _ = gomysql.ParseDSN(got); c.InterpolateParams {
		t.Errorf("%s: interpolateParams=false was overridden", got)
	}
	if c.Timeout != 9*time.Second || c.ReadTimeout != time.Minute || c.WriteTimeout != IOTimeout {
		t.Errorf("%s: the DSN's own timeouts were not kept", got)
	}
	if _, err := withTimeouts("not a dsn"); err == nil {
		t.Error("a bad DSN was accepted")
	}
}
