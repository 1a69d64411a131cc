// Package bombtest builds the compressed bombs that tests of upload limits feed a handler: a few
// KB or MB that unpack to hundreds of MB. They are made in about the time of their compressed
// size, so a test can afford several: the repeated part is deflated once and its block repeated.
package bombtest

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"hash/crc32"
	"io"
)

// Repeat is what a bomb unpacks to: Head, then Unit N times, then Tail.
type Repeat struct {
	Head []byte
	Unit []byte
	N    int64
	Tail []byte
}

// step is the length of the block that is deflated once and repeated: longer than deflate's
// 32 KB window, so the block refers only to repeats before it.
const step = 1 << 20

// Size is the length unpacked.
func (r Repeat) Size() int64 { return int64(len(r.Head)) + r.N*int64(len(r.Unit)) + int64(len(r.Tail)) }

// chunk is as many whole units as make about step bytes, and how many that is.
func (r Repeat) chunk() ([]byte, int64) {
	k := max(1, step/max(1, len(r.Unit)))
	return bytes.Repeat(r.Unit, k), int64(k)
}

// Deflate is r as a raw DEFLATE stream. Every block is flushed, so it ends on a byte and the
// next one may follow it; each block after the first copies from the repeats before it, which
// are the same whichever repeat it follows.
func (r Repeat) Deflate() []byte {
	var out, block bytes.Buffer
	fw, _ := flate.NewWriter(&block, flate.BestCompression)
	deflate := func(p []byte) []byte {
		block.Reset()
		_, _ = fw.Write(p)
		_ = fw.Flush()
		return block.Bytes()
	}
	out.Write(deflate(r.Head))
	chunk, k := r.chunk()
	n := r.N
	if n >= 2*k {
		out.Write(deflate(chunk)) // the first follows the head: written once
		steady := bytes.Clone(deflate(chunk))
		for n -= k; n >= k; n -= k {
			out.Write(steady)
		}
	}
	out.Write(deflate(bytes.Repeat(r.Unit, int(n))))
	out.Write(deflate(r.Tail))
	out.Write([]byte{1, 0, 0, 0xff, 0xff}) // the last block: stored, empty
	return out.Bytes()
}

// CRC32 is the IEEE CRC of r unpacked, as a zip entry records it.
func (r Repeat) CRC32() uint32 {
	crc := crc32.ChecksumIEEE(r.Head)
	chunk, k := r.chunk()
	n := r.N
	for ; n >= k; n -= k {
		crc = crc32.Update(crc, crc32.IEEETable, chunk)
	}
	crc = crc32.Update(crc, crc32.IEEETable, bytes.Repeat(r.Unit, int(n)))
	return crc32.Update(crc, crc32.IEEETable, r.Tail)
}

// Part is a zip entry: a name and what it unpacks to.
type Part struct {
	Name string
	Body Repeat
}

// Text is a part holding s.
func Text(name, s string) Part { return Part{Name: name, Body: Repeat{Head: []byte(s)}} }

// Zip is an archive of the parts in order, each deflated, with true sizes and checksums.
func Zip(parts ...Part) []byte {
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, p := range parts {
		var w io.Writer
		var err error
		var data []byte
		if p.Body.N == 0 { // nothing repeated: archive/zip deflates it as it does any file
			data = append(bytes.Clone(p.Body.Head), p.Body.Tail...)
			w, err = zw.Create(p.Name)
		} else {
			data = p.Body.Deflate()
			w, err = zw.CreateRaw(&zip.FileHeader{Name: p.Name, Method: zip.Deflate, CRC32: p.Body.CRC32(),
				CompressedSize64: uint64(len(data)), UncompressedSize64: uint64(p.Body.Size())})
		}
		if err != nil {
			panic(err) // archive/zip refuses only a writer closed or a name too long: a test's mistake
		}
		_, _ = w.Write(data)
	}
	_ = zw.Close()
	return out.Bytes()
}
