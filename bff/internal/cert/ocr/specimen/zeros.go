package specimen

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"

	"mallconsole/bff/internal/platform/bombtest"
)

// ZeroPNG is a w × h PNG of nothing but zero pixels, grey at 8 bits or, deep, RGBA at 16 bits:
// the decompression bombs and strips the OCR refuses from their header. Its pixel data is
// deflated by bombtest, so a picture of hundreds of MB is made at once and weighs about a
// thousandth of that.
func ZeroPNG(w, h int, deep bool) []byte {
	depth, colorType, bytesPerPixel := byte(8), byte(0), 1
	if deep {
		depth, colorType, bytesPerPixel = 16, 6, 8
	}
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	chunk(&out, "IHDR", append(ihdr, depth, colorType, 0, 0, 0))
	// each row is its filter byte (0, none) and its pixels: all zero
	chunk(&out, "IDAT", zeroZlib(int64(h)*int64(1+w*bytesPerPixel)))
	chunk(&out, "IEND", nil)
	return out.Bytes()
}

func chunk(out *bytes.Buffer, kind string, data []byte) {
	_ = binary.Write(out, binary.BigEndian, uint32(len(data)))
	body := append([]byte(kind), data...)
	out.Write(body)
	_ = binary.Write(out, binary.BigEndian, crc32.ChecksumIEEE(body))
}

// zeroZlib is a zlib stream of n zero bytes.
func zeroZlib(n int64) []byte {
	out := append([]byte{0x78, 0xda}, bombtest.Repeat{Unit: []byte{0}, N: n}.Deflate()...)
	// Adler-32 of zeros: the sum of bytes stays 1, the sum of sums grows by it each byte
	return binary.BigEndian.AppendUint32(out, uint32(n%65521)<<16|1)
}
