package main

import (
	"errors"
	"fmt"

	"github.com/tickwork/tickwork/engine/window"
)

// windowTarget opens a fixed-size window of the configured size with the
// gl41 renderer, vsync as sc asks.
func windowTarget(c *config, sc scenario) (*target, error) {
	w, err := window.Open(window.Config{
		Width: c.width, Height: c.height, Title: "tickwork framebench",
		NoVSync: !sc.vsync, FixedSize: true,
	})
	if err != nil {
		return nil, err
	}
	return &target{win: w, r: w.Renderer(), gl: w.Renderer(), close: w.Close}, nil
}

// openTarget returns where sc draws.
func openTarget(c *config, sc scenario) (*target, error) {
	if sc.window {
		return windowTarget(c, sc)
	}
	return headlessTarget(c), nil
}

// keeper is a small hidden window kept open while windowed runs come and
// go. GLFW is terminated with the last window, which closes the display
// connection; Xvfb resets when its last client leaves, and the next run's
// window could then fail to connect. With the keeper open, every run still
// gets a fresh window, context and renderer, but GLFW stays initialised.
type keeper struct{ w *window.Window }

// open opens the keeper window once; errors are the display's and are
// reported by the run that needs the display.
func (k *keeper) open() error {
	if k.w != nil {
		return nil
	}
	w, err := window.Open(window.Config{Width: 16, Height: 16, Title: "tickwork framebench", Hidden: true, NoVSync: true})
	if err != nil {
		return err
	}
	k.w = w
	return nil
}

func (k *keeper) close() {
	if k.w != nil {
		k.w.Close()
		k.w = nil
	}
}

// noDisplay explains a missing display for a windowed scenario.
func noDisplay(sc scenario, err error) error {
	return fmt.Errorf("scenario %s needs a display: %w\n"+
		"  run under a virtual X server: xvfb-run -a -s \"-screen 0 1920x1080x24\" framebench ...\n"+
		"  or measure without a window: -scenarios headless,varying-headless", sc.name, err)
}

func isNoDisplay(err error) bool { return errors.Is(err, window.ErrNoDisplay) }
