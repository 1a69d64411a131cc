package specimen

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/crc32"
)

// ZeroPNG is a w × h PNG of nothing but zero pixels, grey at 8 bits or, deep, RGBA at 16 bits:
// the decompression bombs and strips the OCR refuses from their header. Its pixel data is one
// flushed deflate block repeated, so a picture of hundreds of MB is made at once and weighs
// about a thousandth of that.
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

// zeroZlib is a zlib stream of n (≥ 1) zero bytes. After the first byte every block only copies the
// zeros before it, so the block deflating a MB of them serves for every MB.
func zeroZlib(n int64) []byte {
	const step = 1 << 20
	var block bytes.Buffer
	fw, _ := flate.NewWriter(&block, flate.BestCompression)
	deflate := func(k int64) []byte {
		block.Reset()
		_, _ = fw.Write(make([]byte, k))
		_ = fw.Flush() // ends on a byte, so blocks can follow one another
		return bytes.Clone(block.Bytes())
	}
	out := bytes.NewBuffer([]byte{0x78, 0xda})
	out.Write(deflate(1))
	rest := n - 1
	if rest >= step {
		mb := deflate(step)
		for ; rest >= step; rest -= step {
			out.Write(mb)
		}
	}
	if rest > 0 {
		out.Write(deflate(rest))
	}
	out.Write([]byte{1, 0, 0, 0xff, 0xff}) // the last block: stored, empty
	// Adler-32 of n zeros: the sum of bytes stays 1, the sum of sums grows by it each byte
	return binary.BigEndian.AppendUint32(out.Bytes(), uint32(n%65521)<<16|1)
}
