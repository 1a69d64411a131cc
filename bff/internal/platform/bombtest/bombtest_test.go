package bombtest

import (
	"archive/zip"
	"bytes"
	"io"
	"testing"
)

// TestZipUnpacksToTheRepeat: the entries unpack, checksums and all, to head, units and tail,
// across the lengths where the repeated block is used or not.
func TestZipUnpacksToTheRepeat(t *testing.T) {
	for _, r := range []Repeat{
		{Head: []byte("<a>"), Unit: []byte(" "), N: 0, Tail: []byte("</a>")},
		{Head: []byte("<a>"), Unit: []byte(" "), N: 3<<20 + 7, Tail: []byte("</a>")},
		{Unit: []byte("<si><t>x</t></si>"), N: 200_001},
		{Head: []byte("x"), Unit: []byte{0}, N: 5 << 20},
	} {
		data := Zip(Part{Name: "p", Body: r})
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		rc, err := zr.File[0].Open()
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(rc) // archive/zip checks the size and the CRC at the end
		want := append(append(bytes.Clone(r.Head), bytes.Repeat(r.Unit, int(r.N))...), r.Tail...)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%d units of %q: %v, %d bytes back, want %d", r.N, r.Unit, err, len(got), len(want))
		}
		if r.Size() > 1<<20 && len(data) > int(r.Size()/100) {
			t.Errorf("%d bytes pack to %d", r.Size(), len(data))
		}
	}
}
