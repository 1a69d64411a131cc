package httpx

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"syscall"
	"testing"

	gomysql "github.com/go-sql-driver/mysql"
)

// A dependency that is down or full is a 503 or 507 with its own message; the errors of a
// query or of the BFF itself stay a 500 (the fault scenarios in cmd/bff cause the real ones).
func TestDependencyErrors(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: fmt.Errorf("connect: %w", syscall.ECONNREFUSED)}
	for _, c := range []struct {
		name   string
		err    error
		status int
		msg    string
	}{
		{"database refused", fmt.Errorf("querying: %w", refused), http.StatusServiceUnavailable, MsgUnavailable},
		{"connection cut", gomysql.ErrInvalidConn, http.StatusServiceUnavailable, MsgUnavailable},
		{"server shutting down", &gomysql.MySQLError{Number: 1053, Message: "Server shutdown in progress"}, http.StatusServiceUnavailable, MsgUnavailable},
		{"reset", syscall.ECONNRESET, http.StatusServiceUnavailable, MsgUnavailable},
		{"disk full", &fs.PathError{Op: "write", Path: "/up/.upload-1", Err: syscall.ENOSPC}, http.StatusInsufficientStorage, MsgStorageFull},
		{"quota", fmt.Errorf("storing: %w", syscall.EDQUOT), http.StatusInsufficientStorage, MsgStorageFull},
		{"duplicate key", &gomysql.MySQLError{Number: 1062, Message: "Duplicate entry"}, http.StatusInternalServerError, "服务器内部错误"},
		{"a bug", errors.New("nil map"), http.StatusInternalServerError, "服务器内部错误"},
	} {
		e := classify(c.err)
		if e.Status != c.status || e.Message != c.msg {
			t.Errorf("%s: %d %s, want %d %s", c.name, e.Status, e.Message, c.status, c.msg)
		}
	}
	if CodeOf(http.StatusInsufficientStorage) != CodeStorageFull {
		t.Errorf("507's code is %s", CodeOf(http.StatusInsufficientStorage))
	}
}
