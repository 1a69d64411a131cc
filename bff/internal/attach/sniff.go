package attach

import (
	"bytes"
	"slices"
	"strings"
)

// Kind is a file type recognised by its content.
type Kind struct {
	Ext         string
	ContentType string
}

// sniffLen is how much of a file sniff looks at.
const sniffLen = 512

var (
	kindPDF  = Kind{"pdf", "application/pdf"}
	kindPNG  = Kind{"png", "image/png"}
	kindJPEG = Kind{"jpg", "image/jpeg"}
	kindGIF  = Kind{"gif", "image/gif"}
	kindWEBP = Kind{"webp", "image/webp"}
	kindBMP  = Kind{"bmp", "image/bmp"}
	kindSVG  = Kind{"svg", "image/svg+xml"}
	kindZIP  = Kind{"zip", "application/zip"}
	kindDOCX = Kind{"docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"}
	kindXLSX = Kind{"xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}
	kindOLE  = Kind{"doc", "application/msword"} // also old .xls: the OLE container is the same
)

// sniff recognises a file by its first bytes (magic numbers), never by its name. Office files
// are zip (docx, xlsx) or OLE (doc, xls) containers: the name's extension only chooses between
// the formats the content allows.
func sniff(head []byte, name string) (Kind, bool) {
	ext := strings.ToLower(strings.TrimPrefix(extOf(name), "."))
	switch {
	case bytes.HasPrefix(head, []byte("%PDF-")):
		return kindPDF, true
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return kindPNG, true
	case bytes.HasPrefix(head, []byte("\xff\xd8\xff")):
		return kindJPEG, true
	case bytes.HasPrefix(head, []byte("GIF87a")), bytes.HasPrefix(head, []byte("GIF89a")):
		return kindGIF, true
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		return kindWEBP, true
	case bytes.HasPrefix(head, []byte("BM")) && len(head) >= 14:
		return kindBMP, true
	case bytes.HasPrefix(head, []byte("PK\x03\x04")):
		switch ext {
		case "docx":
			return kindDOCX, true
		case "xlsx":
			return kindXLSX, true
		}
		return kindZIP, true
	case bytes.HasPrefix(head, []byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")):
		if ext == "xls" {
			return Kind{"xls", "application/vnd.ms-excel"}, true
		}
		return kindOLE, true
	case isSVG(head):
		return kindSVG, true
	}
	return Kind{}, false
}

func isSVG(head []byte) bool {
	s := bytes.TrimLeft(head, "\xef\xbb\xbf \t\r\n")
	if !bytes.HasPrefix(s, []byte("<")) {
		return false
	}
	return bytes.Contains(bytes.ToLower(s), []byte("<svg"))
}

func extOf(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 && !strings.ContainsAny(name[i:], `/\`) {
		return name[i:]
	}
	return ""
}

// DefaultTypes are the accepted kinds unless configured otherwise (docs/decisions.md "Uploads": pdf and images;
// doc/docx/xls/xlsx/zip for contract attachments).
var DefaultTypes = []string{"pdf", "png", "jpg", "gif", "webp", "bmp", "svg", "doc", "docx", "xls", "xlsx", "zip"}

func allowed(k Kind, types []string) bool { return slices.Contains(types, k.Ext) }
