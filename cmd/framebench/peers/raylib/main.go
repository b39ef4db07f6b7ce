//go:build x11

package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/tickwork/tickwork/cmd/framebench/internal/peer"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// options are the peer's flags.
type options struct {
	cubes         int
	duration      time.Duration
	warmup        time.Duration
	width, height int
	pace          int
	shot          string
	shading       peer.Shading
	at            float64 // scene time of the screenshot's frame, seconds; negative: the clock's
}

// run parses args, makes one run and prints its report; it returns the exit
// status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("raylib", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.IntVar(&o.cubes, "cubes", 1000, "cubes to draw, 1 to 1000000")
	fs.DurationVar(&o.duration, "duration", 3*time.Second, "measured time, after the warm-up (10ms to 1h)")
	fs.DurationVar(&o.warmup, "warmup", 500*time.Millisecond, "time run before measuring (0 to 1m)")
	fs.IntVar(&o.width, "width", 1280, "window width, 16 to 16384")
	fs.IntVar(&o.height, "height", 720, "window height, 16 to 16384")
	fs.IntVar(&o.pace, "pace", 0, "frames per second for raylib's frame limiter (SetTargetFPS); 0: unpaced")
	fs.StringVar(&o.shot, "shot", "", "write a PNG of the last frame to this file")
	shading := fs.String("shading", string(peer.ShadingLinear), "how the cubes are lit: linear (in linear light, sRGB output: tickwork's pixels) or gamma (on the sRGB values, as a raylib user writes it)")
	fs.Float64Var(&o.at, "at", -1, "with -shot: the scene's time in seconds in the screenshot (cubes turned as at that time), so that it can be compared; negative: the clock's")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	var err error
	if o.shading, err = peer.ParseShading(*shading); err != nil {
		fmt.Fprintf(stderr, "raylib peer: -shading: %v (see -h)\n", err)
		return 2
	}
	if err := o.validate(fs.NArg()); err != nil {
		fmt.Fprintf(stderr, "raylib peer: %v (see -h)\n", err)
		return 2
	}
	rep, err := measure(&o)
	if err != nil {
		fmt.Fprintf(stderr, "raylib peer: %v\n", err)
		return 1
	}
	if err := writeReport(stdout, rep); err != nil {
		fmt.Fprintf(stderr, "raylib peer: %v\n", err)
		return 1
	}
	return 0
}

func (o *options) validate(extra int) error {
	switch {
	case extra > 0:
		return fmt.Errorf("unexpected arguments")
	case o.cubes < 1 || o.cubes > 1_000_000:
		return fmt.Errorf("-cubes %d: allowed 1 to 1000000", o.cubes)
	case o.duration < 10*time.Millisecond || o.duration > time.Hour:
		return fmt.Errorf("-duration %v: allowed 10ms to 1h", o.duration)
	case o.warmup < 0 || o.warmup > time.Minute:
		return fmt.Errorf("-warmup %v: allowed 0 to 1m", o.warmup)
	case o.width < 16 || o.width > 16384 || o.height < 16 || o.height > 16384:
		return fmt.Errorf("window %d×%d: allowed 16 to 16384 each way", o.width, o.height)
	case o.pace < 0 || o.pace > 1000:
		return fmt.Errorf("-pace %d: allowed 0 (unpaced) to 1000", o.pace)
	}
	return nil
}
