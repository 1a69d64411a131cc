package contract

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/perm"
)

// MaxPDF is the largest template or scan accepted (docs/decisions.md "Contracts").
const MaxPDF = 20 << 20

// Uploads is where the file rules are registered (attach.Service).
type Uploads interface {
	Typed(kind string, r attach.Rule)
	Hold(h attach.Holder)
}

// FileRules registers the rules of the two upload types: PDFs by content, at most MaxPDF; a
// template's file by who may write templates; a contract's scan (businessId = the contract's id)
// by who may edit contracts, inside their agency scope, while the contract is not yet signed —
// deleting one the same way. A signed (expired, terminated) contract keeps its scans against
// every delete, 存储管理's included.
func (s *Service) FileRules(u Uploads) {
	pdf := []string{"pdf"}
	u.Typed(TemplateFile, attach.Rule{Types: pdf, MaxBytes: MaxPDF,
		Attach: func(_ context.Context, p *authz.Principal, _ attach.Attachment) error {
			if !p.Can(perm.ContractTemplateAdd, perm.ContractTemplateEdit) {
				return httpx.Forbidden("没有权限")
			}
			return nil
		},
		Delete: func(_ context.Context, p *authz.Principal, _ attach.Attachment) error {
			if !p.Can(perm.ContractTemplateEdit) {
				return httpx.Forbidden("没有权限")
			}
			return nil
		}})
	scan := func(ctx context.Context, p *authz.Principal, a attach.Attachment) error {
		if !p.Can(perm.ContractEdit) {
			return httpx.Forbidden("没有权限")
		}
		// only the number as the contract lists its scans ("05" would be a scan no one sees)
		id, err := strconv.ParseInt(a.BusinessID, 10, 64)
		if err != nil || id <= 0 || strconv.FormatInt(id, 10) != a.BusinessID {
			return httpx.BadRequest("businessId", "必须是合同的编号（正整数）")
		}
		c, err := s.store.Get(ctx, agency.Scope(p), id)
		if err != nil {
			return fileError(err)
		}
		return s.settled(c)
	}
	u.Typed(ContractFile, attach.Rule{Types: pdf, MaxBytes: MaxPDF, Attach: scan, Delete: scan, Claimed: true})
	u.Hold(func(ctx context.Context, a attach.Attachment) error {
		id, err := strconv.ParseInt(a.BusinessID, 10, 64)
		if a.Type != ContractFile || err != nil {
			return nil
		}
		c, err := s.store.Get(ctx, nil, id)
		if errors.Is(err, ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		return s.settled(c)
	})
}

// settled refuses changing the scans of a contract no longer editable (signed, expired, terminated).
func (s *Service) settled(c Contract) error {
	if st := Effective(c, s.Today()); !Editable(st) {
		return httpx.Conflict("status", "合同"+StatusLabels[st]+"，附件不能再更改")
	}
	return nil
}

func fileError(err error) error {
	if err == ErrNotFound {
		return &httpx.Error{Status: http.StatusNotFound, Message: "合同不存在"}
	}
	return err
}
