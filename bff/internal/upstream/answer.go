package upstream

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"unicode/utf8"

	"mallconsole/bff/internal/platform/httpx"
)

// Messages of the upstream's failures (the front end shows them as they are).
const (
	msgDown      = "上游服务不可用"
	msgTimeout   = "上游服务超时"
	msgOpen      = "上游服务暂不可用，请稍后再试"
	msgFailed    = "上游服务出错"
	msgForbidden = "没有权限"
)

// maxErrorBody is how much of an error's body is read: enough for any JSON error, never a file.
const maxErrorBody = 64 << 10

// answerOf is the BFF's answer for an upstream's error status. A 5xx keeps its status with a
// generic message (the body goes to the log, never to the browser); 401 and 403 are 403 — the
// BFF session is valid, the upstream refused this caller; other 4xx keep their status and, in
// eladmin's {status, message} shape, their message.
func (px *proxy) answerOf(resp *http.Response, cl *call) error {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	status := resp.StatusCode
	msg := eladminMessage(resp.Header.Get("Content-Type"), body)
	switch {
	case status >= 500:
		px.log.Warn("upstream failed", "status", status, "request_id", cl.requestID, "body", clip(body, 1024))
		return &httpx.Error{Status: status, Message: msgFailed}
	case status == http.StatusUnauthorized:
		px.log.Info("upstream refused the identity", "request_id", cl.requestID, "body", clip(body, 256))
		return &httpx.Error{Status: http.StatusForbidden, Message: msgForbidden}
	case status == http.StatusForbidden && msg == "":
		return &httpx.Error{Status: http.StatusForbidden, Message: msgForbidden}
	case msg != "":
		return &httpx.Error{Status: status, Message: msg}
	}
	px.log.Info("upstream error without a message", "status", status, "request_id", cl.requestID, "body", clip(body, 256))
	return &httpx.Error{Status: status, Message: fmt.Sprintf("上游服务拒绝了请求（%d）", status)}
}

// eladminMessage is the message of an eladmin error body ({status, message, timestamp}), "" when
// the body is not one.
func eladminMessage(contentType string, body []byte) string {
	if !strings.Contains(strings.ToLower(contentType), "json") {
		return ""
	}
	var e struct {
		Status  json.Number `json:"status"`
		Message string      `json:"message"`
	}
	if json.Unmarshal(body, &e) != nil {
		return ""
	}
	return strings.TrimSpace(clip([]byte(e.Message), 500))
}

// clip shortens text for a log line or a message, never inside a character.
func clip(b []byte, n int) string {
	if len(b) <= n {
		return string(b)
	}
	for n > 0 && !utf8.RuneStart(b[n]) {
		n--
	}
	return string(b[:n]) + "…"
}
