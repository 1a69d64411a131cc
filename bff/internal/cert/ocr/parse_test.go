package ocr_test

import (
	"testing"

	"mallconsole/bff/internal/cert/ocr"
)

// Text as engines print it: spaces between characters, quotes for the card's lines, a label
// misread.
func TestParse(t *testing.T) {
	cases := []struct {
		name, text string
		side       ocr.Side
		want       ocr.Card
	}{
		{"front, tesseract style", "姓 名 ”王小明\n性别 “男   民族 汉\n出生 ”1990年3月7日\n住址 ”北京市东城区示例路\n一号院二号楼\n样本\n公民身份号码 “110101199003070011\n",
			ocr.Front, ocr.Card{Name: "王小明", Gender: "男", Ethnicity: "汉", Birth: "1990-03-07", Address: "北京市东城区示例路一号院二号楼", Number: "110101199003070011"}},
		{"front, birth label lost: the date and gender come from the number", "姓名 李四\n民族 回\n生 1990年\n公民身份号码 11010119850512058X",
			ocr.Front, ocr.Card{Name: "李四", Gender: "女", Ethnicity: "回", Birth: "1985-05-12", Number: "11010119850512058X"}},
		{"back", "中华人民共和国\n居民身份证\n签发机关 ”北京市公安局东城分局\n有效期限 “2020.01.01-2040.01.01",
			ocr.Back, ocr.Card{Authority: "北京市公安局东城分局", Validity: "2020.01.01-2040.01.01"}},
		{"back, long-term, authority on its own line", "签发机关\n上海市公安局\n有效期限 2010.05.06-长期",
			ocr.Back, ocr.Card{Authority: "上海市公安局", Validity: "2010.05.06-长期"}},
		{"nothing", "\n\n", ocr.Front, ocr.Card{}},
	}
	for _, c := range cases {
		if got := ocr.Parse(c.text, c.side); got != c.want {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got, c.want)
		}
	}
}
