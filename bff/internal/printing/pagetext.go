package printing

// pageText is the print views: html/template escapes every value put in them.
const pageText = `{{define "head"}}<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
{{if eq .Size "label"}}@page { size: 100mm 150mm; margin: 3mm; }
body { font-size: 9pt; }
.sheet { width: 94mm; min-height: 140mm; }
.barcode img { width: 80mm; height: 14mm; }
{{else}}@page { size: A4; margin: 12mm; }
body { font-size: 10pt; }
.sheet { width: 186mm; }
.barcode img { width: 70mm; height: 16mm; }
{{end}}
* { box-sizing: border-box; }
body { margin: 0; color: #000; background: #fff; font-family: "Noto Sans CJK SC", "Droid Sans Fallback", "PingFang SC", "Microsoft YaHei", sans-serif; }
.sheet { margin: 0 auto; padding: 0; break-after: page; page-break-after: always; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
h1 { font-size: 1.6em; margin: 0 0 2mm; text-align: center; letter-spacing: 0.3em; }
.meta { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 1mm 4mm; margin-bottom: 2mm; }
table { width: 100%; border-collapse: collapse; table-layout: fixed; }
th, td { border: 0.2mm solid #000; padding: 1mm 1.2mm; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: #eee; font-weight: bold; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
.num { text-align: right; white-space: nowrap; }
.orders { font-size: 0.85em; color: #222; }
.barcode { text-align: center; margin: 1mm 0 2mm; }
.barcode img { display: block; margin: 0 auto; image-rendering: pixelated; }
.barcode div { font-family: monospace; letter-spacing: 0.15em; }
.info td:nth-child(odd) { width: 18%; background: #f6f6f6; white-space: nowrap; }
.totals { margin-top: 2mm; text-align: right; }
.remark { margin-top: 2mm; white-space: pre-wrap; overflow-wrap: anywhere; }
@media screen {
  body { background: #f0f0f0; padding: 8mm 0; }
  .sheet { background: #fff; padding: 8mm; margin-bottom: 8mm; box-shadow: 0 0 2mm rgba(0,0,0,.2); }
}
</style>
</head>
<body>
{{end}}

{{define "picking"}}{{template "head" .}}<div class="sheet">
<h1>{{.Title}}</h1>
<div class="meta"><span>{{.Shop}}</span><span>订单：{{.Orders}}单</span><span>商品：{{len .Lines}}种</span><span>合计：{{.Units}}件</span><span>打印时间：{{.Printed}}</span></div>
<table>
<colgroup><col style="width:8mm"><col style="width:30mm"><col style="width:44mm"><col style="width:28mm"><col style="width:14mm"><col></colgroup>
<thead><tr><th>序号</th><th>SKU编码</th><th>商品名称</th><th>规格</th><th class="num">数量</th><th>订单号</th></tr></thead>
<tbody>
{{range $i, $l := .Lines}}<tr><td>{{inc $i}}</td><td>{{or $l.SkuCode "-"}}</td><td>{{$l.GoodsName}}</td><td>{{or $l.Spec "-"}}</td><td class="num">{{$l.Units}}</td><td class="orders">{{join $l.OrderNos}}</td></tr>
{{end}}</tbody>
</table>
</div>
</body>
</html>
{{end}}

{{define "delivery"}}{{template "head" .}}{{range .Notes}}<div class="sheet">
<h1>{{$.Title}}</h1>
<div class="meta"><span>{{$.Shop}}</span><span>下单时间：{{time .CreateTime}}</span></div>
<div class="barcode"><img src="{{.BarcodeURL}}" alt="{{.OrderNo}}"><div>{{.OrderNo}}</div></div>
<table class="info">
<tr><td>收货人</td><td>{{.CustomerName}}</td><td>电话</td><td>{{.Phone}}</td></tr>
<tr><td>地址</td><td colspan="3">{{.Address}}</td></tr>
</table>
<table style="margin-top:2mm">
{{if eq $.Size "label"}}<colgroup><col style="width:20mm"><col><col style="width:9mm"><col style="width:16mm"></colgroup>
<thead><tr><th>SKU</th><th>商品 / 规格</th><th class="num">数量</th><th class="num">金额</th></tr></thead>
<tbody>{{range .Lines}}<tr><td>{{or .SkuCode "-"}}</td><td>{{.GoodsName}}{{if .SpecText}} / {{.SpecText}}{{end}}</td><td class="num">{{.Quantity}}</td><td class="num">{{.Amount}}</td></tr>
{{end}}</tbody>
{{else}}<colgroup><col style="width:30mm"><col><col style="width:32mm"><col style="width:14mm"><col style="width:22mm"><col style="width:24mm"></colgroup>
<thead><tr><th>SKU编码</th><th>商品名称</th><th>规格</th><th class="num">数量</th><th class="num">单价</th><th class="num">金额</th></tr></thead>
<tbody>{{range .Lines}}<tr><td>{{or .SkuCode "-"}}</td><td>{{.GoodsName}}</td><td>{{or .SpecText "-"}}</td><td class="num">{{.Quantity}}</td><td class="num">{{.UnitPrice}}</td><td class="num">{{.Amount}}</td></tr>
{{end}}</tbody>
{{end}}</table>
<div class="totals">商品合计：{{.Goods}}　运费：{{.Freight}}　订单金额：<b>{{.Amount}}</b></div>
{{if .Remark}}<div class="remark">备注：{{.Remark}}</div>{{end}}
</div>
{{end}}</body>
</html>
{{end}}
`
