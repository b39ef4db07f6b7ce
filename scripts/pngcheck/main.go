// Command pngcheck exits non-zero unless each PNG named on its command line
// decodes and shows a picture: at least 16 distinct colours, so a black or
// one-colour frame (a window that drew nothing) is refused. The platform
// checks (scripts/check-windows.sh, scripts/check-wayland.sh) run it on the
// screenshots the sample wrote under Wine and on Wayland.
package main

import (
	"fmt"
	"image/png"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: pngcheck FILE.png...")
		os.Exit(2)
	}
	for _, name := range os.Args[1:] {
		if err := check(name); err != nil {
			fmt.Fprintln(os.Stderr, "pngcheck:", err)
			os.Exit(1)
		}
	}
}

func check(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	im, err := png.Decode(f)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	b := im.Bounds()
	seen := make(map[uint64]bool)
	for y := b.Min.Y; y < b.Max.Y; y += 4 {
		for x := b.Min.X; x < b.Max.X; x += 4 {
			r, g, bl, _ := im.At(x, y).RGBA()
			seen[uint64(r)<<32|uint64(g)<<16|uint64(bl)] = true
		}
	}
	if len(seen) < 16 {
		return fmt.Errorf("%s: %dx%d with %d colours: the window drew no scene", name, b.Dx(), b.Dy(), len(seen))
	}
	fmt.Printf("pngcheck: %s: %dx%d, %d colours\n", name, b.Dx(), b.Dy(), len(seen))
	return nil
}
