// Command shopfixture adds orders to a BFF's SQLite database for the browser tests (the console
// never creates orders; the shop does). Each order goes through order.Service as the shop's
// would: created unpaid, then moved (paid, shipped) with its history. It prints the orders as
// JSON: [{"id":…,"orderNo":"…","status":"…"}]. With -agency the orders (and -goods goods on sale,
// coded <prefix>G<n>) belong to that channel agency. With -sheet it writes an express-import
// sheet instead: the header row and the rows given as JSON.
//
//	shopfixture -db data/bff.db -prefix E2E -unpaid 1 -paid 3 -shipped 1
//	shopfixture -db data/bff.db -prefix CHA -agency HZYQ -goods 2 -paid 1
//	shopfixture -sheet import.xlsx -rows '[["E2Epaid2","顺丰速运","SF1"]]'
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/xuri/excelize/v2"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/db"
)

type made struct {
	ID      int64  `json:"id"`
	OrderNo string `json:"orderNo"`
	Status  string `json:"status"`
}

func main() {
	path := flag.String("db", "data/bff.db", "the BFF's SQLite database (migrated and seeded: the BFF has started once)")
	prefix := flag.String("prefix", "FX", "order numbers are <prefix><status><n>")
	unpaid := flag.Int("unpaid", 0, "unpaid orders")
	paid := flag.Int("paid", 0, "paid orders (待发货)")
	shipped := flag.Int("shipped", 0, "shipped orders")
	agencyCode := flag.String("agency", "", "code of the channel agency the orders and goods belong to")
	goodsN := flag.Int("goods", 0, "goods on sale to add (coded <prefix>G<n>)")
	sheet := flag.String("sheet", "", "write an import sheet here instead")
	rows := flag.String("rows", "[]", "the sheet's rows below the header, as JSON [[订单号, 快递公司, 快递单号], …]")
	flag.Parse()
	if *sheet != "" {
		if err := writeSheet(*sheet, *rows); err != nil {
			fmt.Fprintln(os.Stderr, "shopfixture:", err)
			os.Exit(1)
		}
		return
	}
	counts := map[string]int{order.Unpaid: *unpaid, order.Paid: *paid, order.Shipped: *shipped}
	if err := run(*path, *prefix, *agencyCode, *goodsN, counts); err != nil {
		fmt.Fprintln(os.Stderr, "shopfixture:", err)
		os.Exit(1)
	}
}

func run(path, prefix, agencyCode string, goodsN int, counts map[string]int) error {
	ctx := context.Background()
	g, err := db.Open(ctx, db.SQLite, path, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		return err
	}
	defer func() { _ = db.Close(g) }()
	var agencyID *int64
	if agencyCode != "" {
		a, found, err := agency.NewStore(g, &cache.Generation{}).ByCode(ctx, agencyCode)
		if err != nil {
			return err
		}
		if !found {
			return fmt.Errorf("no agency %s", agencyCode)
		}
		agencyID = &a.ID
	}
	goodsStore := goods.NewStore(g)
	for i := 1; i <= goodsN; i++ {
		row := goods.Goods{Name: fmt.Sprintf("%s商品%d", prefix, i), Code: fmt.Sprintf("%sG%d", prefix, i), Category: "digital",
			Price: 9900, MaxPrice: 9900, Cost: 5000, Status: goods.Draft, AgencyID: agencyID, Gallery: []string{}}
		sku := goods.SkuInput{Code: row.Code, Specs: []string{}, Price: 9900, Cost: 5000, Stock: 20,
			LowStock: goods.DefaultLowStock, OnSale: true}
		if err := goodsStore.Create(ctx, &row, []goods.SkuInput{sku}, "system"); err != nil {
			return err
		}
		if err := goodsStore.PutOnSale(ctx, nil, []int64{row.ID}, time.Now()); err != nil {
			return err
		}
	}
	s := order.NewService(order.NewStore(g), dict.NewStore(g), time.Now)
	moves := map[string][]string{order.Unpaid: nil, order.Paid: {order.Pay}, order.Shipped: {order.Pay, order.Ship}}
	var out []made
	for _, status := range []string{order.Unpaid, order.Paid, order.Shipped} {
		for i := 1; i <= counts[status]; i++ {
			no := fmt.Sprintf("%s%s%d", prefix, status, i)
			id, err := s.Create(ctx, order.NewOrder{OrderNo: no, CustomerName: "测试客户", Phone: "13800001234", AgencyID: agencyID,
				Address: "上海市浦东新区世纪大道 1 号", Freight: 1000,
				Items: []order.NewItem{{GoodsID: 1, Name: "测试商品", UnitPrice: 12900, Quantity: int64(i)}}})
			if err != nil {
				return err
			}
			for _, a := range moves[status] {
				in := order.MoveInput{ExpressCompany: "SF", TrackingNo: fmt.Sprintf("SF%s%d", prefix, i)}
				if err := s.Move(ctx, nil, "shop", id, a, in); err != nil {
					return err
				}
			}
			out = append(out, made{ID: id, OrderNo: no, Status: status})
		}
	}
	return json.NewEncoder(os.Stdout).Encode(out)
}

func writeSheet(path, rowsJSON string) error {
	var rows [][]string
	if err := json.Unmarshal([]byte(rowsJSON), &rows); err != nil {
		return err
	}
	f := excelize.NewFile()
	defer func() { _ = f.Close() }()
	for i, r := range append([][]string{order.ImportHeader}, rows...) {
		if err := f.SetSheetRow("Sheet1", fmt.Sprintf("A%d", i+1), &r); err != nil {
			return err
		}
	}
	return f.SaveAs(path)
}
