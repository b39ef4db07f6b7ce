package engine

import (
	"fmt"
	"image"
	"image/png"
	"io"

	"github.com/tickwork/tickwork/engine/atomicfile"
	"github.com/tickwork/tickwork/gfx"
)

// writeScreenshot reads the frame r has just rendered and writes it to
// path as a PNG, atomically (package engine/atomicfile): readers see the
// old file or the whole new one, and a failed write leaves nothing behind.
// It runs on the main goroutine, after Render and before the swap.
func writeScreenshot(r gfx.Renderer, path string) error {
	s, ok := r.(Screenshotter)
	if !ok {
		return fmt.Errorf("engine: screenshot: the renderer %T cannot take screenshots", r)
	}
	img, err := s.Screenshot()
	if err != nil {
		return fmt.Errorf("engine: screenshot %s: %w", path, err)
	}
	if err := writePNG(path, img); err != nil {
		return fmt.Errorf("engine: screenshot: %w", err)
	}
	return nil
}

// WritePNG encodes img as a PNG and writes it to path atomically (package
// engine/atomicfile): readers see either the old file or the complete new
// one, no temporary file is left behind on error, and a directory, a
// missing directory or a read-only file is refused, not replaced. It may be
// called from any goroutine.
func WritePNG(path string, img image.Image) error {
	if err := writePNG(path, img); err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	return nil
}

func writePNG(path string, img image.Image) error {
	return atomicfile.Write(path, 0, func(w io.Writer) error { return png.Encode(w, img) })
}
