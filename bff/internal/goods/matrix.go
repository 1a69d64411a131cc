package goods

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"mallconsole/bff/internal/platform/money"
)

// Limits of a goods item's specs and SKUs. A dimension of 20 values covers a size chart or a
// colour card; 200 combinations keep the dialog's table and the edit's transaction small.
const (
	MaxSpecValues = 20
	MaxSkus       = 200
	maxSpecText   = 32 // a dimension's name or value
	maxSkuCode    = 64
	maxBarcode    = 64
	maxSpecsJSON  = 2048
)

// SkuInput is one SKU of a save: an existing one (ID, or the same spec combination) or a new one.
type SkuInput struct {
	ID       int64 // 0: matched by its spec combination, else new
	Code     string
	Barcode  string
	Specs    []string // one value per dimension, in the dimensions' order
	Price    money.Fen
	Cost     money.Fen
	Stock    int64 // the counted stock: a change from the current one is booked as a stocktake
	LowStock int64
	OnSale   bool
	// legacy: made from a body without specs and SKUs (a client written before SKUs), which
	// says nothing of the barcode, threshold and on-sale flag: an edit keeps the SKU's.
	legacy bool
	// lowDefault: the form left the threshold empty; Save puts the shop's default (订单设置) in.
	lowDefault bool
}

// InvalidError is a save whose specs or SKUs break a rule; Field names the part
// (specs[1].values, skus[3].code), as the 400 does.
type InvalidError struct{ Field, Reason string }

func (e *InvalidError) Error() string { return "goods: " + e.Field + ": " + e.Reason }

// comboKey is a spec combination as a map key (values hold no control characters).
func comboKey(values []string) string { return strings.Join(values, "\x1f") }

// SpecText is a combination as people read it: 红色 / XL ("" for a SKU without specs).
func SpecText(values []string) string { return strings.Join(values, " / ") }

// checkMatrix applies the rules of specs and SKUs: at most MaxSpecs dimensions with distinct
// names, each with 1..MaxSpecValues distinct values; the SKUs are exactly the combinations of
// the values, one each (a goods item without specs is one SKU with no values); SKU codes are
// given, distinct within the item, and numbers are in range. It reports the first failure.
func checkMatrix(specs []Spec, skus []SkuInput) *InvalidError {
	bad := func(field, reason string, args ...any) *InvalidError {
		return &InvalidError{Field: field, Reason: fmt.Sprintf(reason, args...)}
	}
	if len(specs) > MaxSpecs {
		return bad("specs", "最多%d个规格", MaxSpecs)
	}
	names := map[string]bool{}
	combos := 1
	for i, sp := range specs {
		field := fmt.Sprintf("specs[%d]", i)
		if r := textProblem(sp.Name, maxSpecText); r != "" {
			return bad(field+".name", "规格名%s", r)
		}
		if names[sp.Name] {
			return bad(field+".name", "规格名“%s”重复", sp.Name)
		}
		names[sp.Name] = true
		if len(sp.Values) == 0 || len(sp.Values) > MaxSpecValues {
			return bad(field+".values", "规格“%s”应有1到%d个规格值", sp.Name, MaxSpecValues)
		}
		seen := map[string]bool{}
		for _, v := range sp.Values {
			if r := textProblem(v, maxSpecText); r != "" {
				return bad(field+".values", "规格值%s", r)
			}
			if seen[v] {
				return bad(field+".values", "规格“%s”的值“%s”重复", sp.Name, v)
			}
			seen[v] = true
		}
		combos *= len(sp.Values)
	}
	// goods.specs is VARCHAR(2048): the dimensions' JSON must fit (MariaDB counts characters).
	if b, _ := json.Marshal(specs); utf8.RuneCount(b) > maxSpecsJSON {
		return bad("specs", "规格名和规格值合计过长")
	}
	if combos > MaxSkus {
		return bad("skus", "规格组合最多%d个，现有%d个", MaxSkus, combos)
	}
	if len(specs) == 0 && (len(skus) != 1 || len(skus[0].Specs) != 0) {
		return bad("skus", "没有规格的商品只有一个SKU")
	}
	codes, got := map[string]bool{}, map[string]bool{}
	for i, k := range skus {
		field := fmt.Sprintf("skus[%d]", i)
		if k.Code == "" {
			return bad(field+".code", "SKU编码不能为空")
		}
		if r := textProblem(k.Code, maxSkuCode); r != "" {
			return bad(field+".code", "SKU编码%s", r)
		}
		// Case-blind: MariaDB's collation would take 'a-1' and 'A-1' for the same code.
		low := strings.ToLower(k.Code)
		if codes[low] {
			return bad(field+".code", "SKU编码 %s 重复", k.Code)
		}
		codes[low] = true
		if utf8.RuneCountInString(k.Barcode) > maxBarcode {
			return bad(field+".barcode", "条形码最多%d个字符", maxBarcode)
		}
		if len(k.Specs) != len(specs) {
			return bad(field+".specs", "应有%d个规格值", len(specs))
		}
		for d, v := range k.Specs {
			if !slices.Contains(specs[d].Values, v) {
				return bad(field+".specs", "“%s”不是规格“%s”的值", v, specs[d].Name)
			}
		}
		key := comboKey(k.Specs)
		if got[key] {
			return bad(field+".specs", "规格组合“%s”重复", SpecText(k.Specs))
		}
		got[key] = true
		switch {
		case k.Price < 0:
			return bad(field+".price", "必须是不小于0的金额")
		case k.Cost < 0:
			return bad(field+".cost", "必须是不小于0的金额")
		case k.Stock < 0 || k.Stock > maxStock:
			return bad(field+".stock", "必须是0到%d之间的整数", maxStock)
		case k.LowStock < 0 || k.LowStock > maxStock:
			return bad(field+".lowStock", "必须是0到%d之间的整数", maxStock)
		}
	}
	if len(skus) != combos {
		return bad("skus", "每个规格组合需要一个SKU：应有%d个，收到%d个", combos, len(skus))
	}
	return nil
}

// textProblem is why s cannot name a spec, a value or a code ("" when it can): empty, too long,
// or holding control characters (a code is also a ledger's key and a sheet's cell).
func textProblem(s string, max int) string {
	switch {
	case strings.TrimSpace(s) == "":
		return "不能为空"
	case !utf8.ValidString(s):
		return "不是有效的文字"
	case utf8.RuneCountInString(s) > max:
		return fmt.Sprintf("最多%d个字符", max)
	case strings.ContainsFunc(s, unicode.IsControl):
		return "不能含控制字符"
	}
	return ""
}

// skuMatch is which existing SKU each SKU of a save is: ids[i] for skus[i] (0: new), and kept
// maps an existing SKU's id to its index in skus.
type skuMatch struct {
	ids  []int64
	kept map[int64]int
}

// matchSkus pairs skus with old: by id first (an id not of old is ErrUnknownSku), then the rest
// by spec combination among the old SKUs still unpaired.
func matchSkus(old []Sku, skus []SkuInput) (skuMatch, error) {
	m := skuMatch{ids: make([]int64, len(skus)), kept: map[int64]int{}}
	byID, byCombo := map[int64]bool{}, map[string]int64{}
	for _, o := range old {
		byID[o.ID] = true
	}
	for i, k := range skus {
		if k.ID == 0 {
			continue
		}
		if _, taken := m.kept[k.ID]; !byID[k.ID] || taken {
			return m, ErrUnknownSku
		}
		m.ids[i], m.kept[k.ID] = k.ID, i
	}
	for _, o := range old {
		if _, taken := m.kept[o.ID]; !taken {
			byCombo[comboKey(o.Specs)] = o.ID
		}
	}
	for i, k := range skus {
		if k.ID != 0 {
			continue
		}
		if id, ok := byCombo[comboKey(k.Specs)]; ok {
			m.ids[i], m.kept[id] = id, i
			delete(byCombo, comboKey(k.Specs))
		}
	}
	return m, nil
}
