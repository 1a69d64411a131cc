package gatewaytest

import (
	"bytes"
	"crypto/hmac"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"mallconsole/bff/internal/aftersale/gateway"
	"mallconsole/bff/internal/platform/money"
)

// serve is the gateway's API: POST /v1/refunds, GET /v1/refunds/{out_refund_no}.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		s.answer(w, http.StatusBadRequest, gateway.ErrorBody{Code: "PARAM_ERROR", Message: "unreadable body"})
		return
	}
	if !s.signedByMerchant(r, body) {
		s.answer(w, http.StatusUnauthorized, gateway.ErrorBody{Code: "SIGN_ERROR", Message: "bad signature"})
		return
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == gateway.PathRefunds:
		s.refund(w, r, body)
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, gateway.PathRefund):
		s.query(w, strings.TrimPrefix(r.URL.Path, gateway.PathRefund))
	default:
		s.answer(w, http.StatusNotFound, gateway.ErrorBody{Code: "NOT_FOUND", Message: "no such API"})
	}
}

// signedByMerchant checks the request's merchant, age and signature.
func (s *Server) signedByMerchant(r *http.Request, body []byte) bool {
	ts, nonce, sig := r.Header.Get(gateway.HeaderTimestamp), r.Header.Get(gateway.HeaderNonce), r.Header.Get(gateway.HeaderSignature)
	if r.Header.Get(gateway.HeaderMerchant) != s.opt.MerchantID || nonce == "" {
		return false
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return false
	}
	if d := s.opt.Now().Sub(time.Unix(sec, 0)); d > gateway.MaxSkew || d < -gateway.MaxSkew {
		return false
	}
	want := gateway.SignRequest(s.opt.Key, r.Method, r.URL.RequestURI(), ts, nonce, body)
	return hmac.Equal([]byte(want), []byte(sig))
}

// refund accepts a refund once per out_refund_no; a repeat answers the refund already kept
// (and pays nothing), a repeat with other terms is refused as real gateways do.
func (s *Server) refund(w http.ResponseWriter, r *http.Request, body []byte) {
	var in gateway.RefundBody
	if err := json.Unmarshal(body, &in); err != nil || in.OutRefundNo == "" || in.Amount <= 0 || in.Currency != "CNY" {
		s.answer(w, http.StatusBadRequest, gateway.ErrorBody{Code: "PARAM_ERROR", Message: "out_refund_no, amount > 0 and currency CNY are required"})
		return
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		s.answer(w, http.StatusServiceUnavailable, gateway.ErrorBody{Code: "SYSTEM_ERROR", Message: "closing"})
		return
	}
	b := s.behaviour(in.OutRefundNo)
	rec, ok := s.refunds[in.OutRefundNo]
	if ok {
		rec.Requests++
		if rec.Amount != money.Fen(in.Amount) || rec.OrderNo != in.OutTradeNo {
			s.mu.Unlock()
			s.answer(w, http.StatusConflict, gateway.ErrorBody{Code: "INVALID_REQUEST", Message: "out_refund_no already used with other terms"})
			return
		}
	} else {
		s.seq++
		rec = &Refund{RefundNo: in.OutRefundNo, OrderNo: in.OutTradeNo, RefundID: fmt.Sprintf("GW%08d", s.seq), NotifyURL: in.NotifyURL,
			Amount: money.Fen(in.Amount), Status: gateway.StatusProcessing, Requests: 1}
		s.refunds[in.OutRefundNo] = rec
		s.wg.Add(1)
		go s.finish(in.OutRefundNo, b)
	}
	st := s.state(rec)
	s.mu.Unlock()
	if b == Slow {
		// The refund is made; the answer comes too late for the client, which must treat the
		// outcome as unknown and find it with a query or a repeat.
		t := time.NewTimer(s.opt.SlowAnswer)
		defer t.Stop()
		select {
		case <-t.C:
		case <-r.Context().Done():
			return
		case <-s.closing:
			return
		}
	}
	s.answer(w, http.StatusOK, st)
}

func (s *Server) query(w http.ResponseWriter, refundNo string) {
	s.mu.Lock()
	rec, ok := s.refunds[refundNo]
	var st gateway.RefundState
	if ok {
		st = s.state(rec)
	}
	s.mu.Unlock()
	if !ok {
		s.answer(w, http.StatusNotFound, gateway.ErrorBody{Code: gateway.CodeNotFound, Message: "no such refund"})
		return
	}
	s.answer(w, http.StatusOK, st)
}

// answer writes a JSON answer signed with the notify key, as every message of the gateway is.
func (s *Server) answer(w http.ResponseWriter, status int, v any) {
	body := mustJSON(v)
	w.Header().Set("Content-Type", "application/json")
	s.signHeaders(w.Header(), s.opt.NotifyKey, body)
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only our own plain structs are marshalled
	}
	return b
}

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

func readSome(resp *http.Response) string {
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	return string(b)
}
