package httpx

import (
	"database/sql/driver"
	"errors"
	"net"
	"net/http"
	"syscall"

	gomysql "github.com/go-sql-driver/mysql"
)

// Messages of the answers a failing dependency gets: the user may try again later (503), or the
// file was refused for want of room (507). Neither is the server's bug, so neither is a 500.
const (
	MsgUnavailable = "服务暂不可用，请稍后重试"
	MsgStorageFull = "存储空间不足，文件未保存"
)

// dependencyError is the answer for an error that comes from a part the BFF depends on being
// down or full rather than from the BFF itself; nil for any other error.
func dependencyError(err error) *Error {
	switch {
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		return &Error{Status: http.StatusInsufficientStorage, Code: CodeStorageFull, Message: MsgStorageFull}
	case unavailable(err):
		return &Error{Status: http.StatusServiceUnavailable, Message: MsgUnavailable}
	}
	return nil
}

// unavailable tells the errors of a database or Redis that is stopped, restarting or out of
// reach: the connection refused, reset, cut or timed out, and MariaDB's own "shutting down" and
// "connection killed". A query that is wrong or a row that conflicts is none of these.
func unavailable(err error) bool {
	var op *net.OpError
	var my *gomysql.MySQLError
	switch {
	case errors.Is(err, driver.ErrBadConn), errors.Is(err, gomysql.ErrInvalidConn),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE),
		errors.As(err, &op):
		return true
	case errors.As(err, &my):
		switch my.Number {
		case 1040, 1053, 1077, 1927, 2006, 2013: // too many connections, shutdown in progress, normal shutdown, killed, gone away, lost
			return true
		}
	}
	return false
}
