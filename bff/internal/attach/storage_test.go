package attach_test

import (
	"os"
	"path/filepath"
	"testing"

	"mallconsole/bff/internal/attach"
)

// A partial upload left by a killed process is removed when the disk storage opens; the stored
// files stay.
func TestNewDiskRemovesPartialUploads(t *testing.T) {
	dir := t.TempDir()
	kept := "0123456789abcdef0123456789abcdef.pdf"
	for _, n := range []string{".upload-123", ".upload-456", kept} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("%PDF-"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := attach.NewDisk(dir); err != nil {
		t.Fatal(err)
	}
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 1 || es[0].Name() != kept {
		t.Errorf("left %v, want only %s", es, kept)
	}
}
