package vendortest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// OSS answers PostObject as Aliyun OSS does: 403 for a bad signature, an expired policy or a
// field outside its conditions, 400 EntityTooLarge/EntityTooSmall outside content-length-range;
// success_action_status (201) with no body when stored.
func OSS(t testing.TB) *Server {
	return start(t, func(s *Server, w http.ResponseWriter, f form) {
		code, msg := s.oss(f)
		if code >= 300 {
			w.Header().Set("Content-Type", "application/xml")
			w.WriteHeader(code)
			_, _ = fmt.Fprintf(w, "<Error><Message>%s</Message></Error>", msg)
			return
		}
		w.WriteHeader(code)
	})
}

func (s *Server) oss(f form) (int, string) {
	if f.fields["OSSAccessKeyId"] != s.AccessKey {
		return http.StatusForbidden, "InvalidAccessKeyId"
	}
	sign, err := base64.StdEncoding.DecodeString(f.fields["Signature"])
	if err != nil || !validMAC(s.SecretKey, f.fields["policy"], sign) {
		return http.StatusForbidden, "SignatureDoesNotMatch"
	}
	raw, err := base64.StdEncoding.DecodeString(f.fields["policy"])
	var p struct {
		Expiration string            `json:"expiration"`
		Conditions []json.RawMessage `json:"conditions"`
	}
	if err != nil || json.Unmarshal(raw, &p) != nil {
		return http.StatusBadRequest, "InvalidPolicyDocument"
	}
	exp, err := time.Parse(time.RFC3339, p.Expiration)
	if err != nil {
		return http.StatusBadRequest, "InvalidPolicyDocument: expiration"
	}
	if !s.Now().Before(exp) {
		return http.StatusForbidden, "Invalid according to Policy: Policy expired."
	}
	if !f.hasFile {
		return http.StatusBadRequest, "file is empty"
	}
	for _, c := range p.Conditions {
		if code, msg := s.ossCondition(c, f); code != 0 {
			return code, msg
		}
	}
	status := http.StatusNoContent
	if v := f.fields["success_action_status"]; v == "200" || v == "201" {
		status = map[string]int{"200": 200, "201": 201}[v]
	}
	if !s.put(f.fields["key"], f.file, f.fields["Content-Type"]) {
		return http.StatusConflict, "FileAlreadyExists"
	}
	return status, ""
}

// ossCondition checks one condition: ["content-length-range", min, max], ["eq", "$field", v],
// ["starts-with", "$field", prefix] or {"field": v}.
func (s *Server) ossCondition(raw json.RawMessage, f form) (int, string) {
	var list []any
	if json.Unmarshal(raw, &list) != nil {
		var exact map[string]string
		if json.Unmarshal(raw, &exact) != nil {
			return http.StatusBadRequest, "InvalidPolicyDocument: condition"
		}
		for k, v := range exact {
			if k != "bucket" && f.fields[k] != v {
				return http.StatusForbidden, "Invalid according to Policy: " + k
			}
		}
		return 0, ""
	}
	if len(list) != 3 {
		return http.StatusBadRequest, "InvalidPolicyDocument: condition"
	}
	op, _ := list[0].(string)
	if op == "content-length-range" {
		lo, _ := list[1].(float64)
		hi, _ := list[2].(float64)
		switch n := float64(len(f.file)); {
		case n > hi:
			return http.StatusBadRequest, "EntityTooLarge"
		case n < lo:
			return http.StatusBadRequest, "EntityTooSmall"
		}
		return 0, ""
	}
	field, _ := list[1].(string)
	want, _ := list[2].(string)
	got := f.fields[strings.TrimPrefix(field, "$")]
	if (op == "eq" && got != want) || (op == "starts-with" && !strings.HasPrefix(got, want)) || (op != "eq" && op != "starts-with") {
		return http.StatusForbidden, "Invalid according to Policy: Policy Condition failed: " + string(raw)
	}
	return 0, ""
}
