// Command specimen writes the SPECIMEN identity-card images (front.png, back.png) into a
// directory: the browser test uploads them (go run ./bff/cmd/specimen DIR).
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"mallconsole/bff/internal/cert/ocr/specimen"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: specimen DIR")
		os.Exit(2)
	}
	if err := write(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func write(dir string) error {
	front, err := specimen.FrontPNG(specimen.SampleFront)
	if err != nil {
		return err
	}
	back, err := specimen.BackPNG(specimen.SampleBack)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "front.png"), front, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "back.png"), back, 0o644)
}
