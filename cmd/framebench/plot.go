package main

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"strings"

	"github.com/tickwork/tickwork/engine/atomicfile"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// plotRun is one run's series for the plot, reduced to at most maxPoints
// points: above that, frames are grouped in buckets and each bucket shows
// the mean and the worst frame.
type plotRun struct {
	scenario          string
	title, ticksTitle string
	targetMs          float64 // paced runs: the target interval
	bucketed          bool
	t                 []float64 // seconds from the start of the measured part
	meanMs, maxMs     []float64 // frame interval: mean (or the frame's own) and worst
	tickT, tickN      []float64 // frames that ran ticks (all frames when not bucketed)
	hist              []int     // frames by number of ticks run
}

const maxPoints = 2400

func newPlotRun(r *Run, recs []frameRec) plotRun {
	pr := plotRun{
		scenario: r.Scenario,
		title: fmt.Sprintf("%s · %s actors · median %.2f ms (%.1f fps) · p99 %.2f ms · max %.2f ms · %.2f allocs/frame · %d GC",
			r.Scenario, thousands(r.Actors), r.Interval.Median, r.FPSMedian, r.Interval.P99, r.Interval.Max, r.AllocsPerFrame, r.GCCycles),
	}
	if r.Pacing != nil {
		pr.targetMs = r.Pacing.TargetMs
		pr.title += fmt.Sprintf(" · target %.2f ms, pace p99 %.3f ms", r.Pacing.TargetMs, r.Pacing.EngineP99Ms)
	}
	n := len(recs)
	per := 1
	if n > maxPoints {
		per = (n + maxPoints - 1) / maxPoints
		pr.bucketed = true
	}
	for i := 0; i < n; i += per {
		j := min(i+per, n)
		var sum, worst float64
		for k := i; k < j; k++ {
			v := float64(recs[k].interval) / 1e3
			sum += v
			worst = math.Max(worst, v)
		}
		pr.t = append(pr.t, float64(recs[(i+j-1)/2].at)/1e6)
		pr.meanMs = append(pr.meanMs, sum/float64(j-i))
		pr.maxMs = append(pr.maxMs, worst)
	}
	ticking := 0
	for i := range recs {
		k := int(max(recs[i].ticks, 0))
		for len(pr.hist) <= k {
			pr.hist = append(pr.hist, 0)
		}
		pr.hist[k]++
		if k > 0 {
			ticking++
		}
	}
	step := 1
	if pr.bucketed && ticking > maxPoints {
		step = (ticking + maxPoints - 1) / maxPoints
	}
	seen := 0
	for i := range recs {
		if pr.bucketed && recs[i].ticks == 0 {
			continue
		}
		if seen++; (seen-1)%step == 0 {
			pr.tickT = append(pr.tickT, float64(recs[i].at)/1e6)
			pr.tickN = append(pr.tickN, float64(recs[i].ticks))
		}
	}
	var hs []string
	for k, c := range pr.hist {
		if c > 0 {
			hs = append(hs, fmt.Sprintf("%d: %s", k, thousands(c)))
		}
	}
	pr.ticksTitle = fmt.Sprintf("ticks per frame · %d ticks in %.1f s · exact: %s\nframes by ticks run: %s",
		r.Ticks, r.DurationS, yesNo(r.Exact.Exact && r.Exact.NoLostTime), strings.Join(hs, ", "))
	if pr.bucketed {
		pr.ticksTitle += " (frames with 0 not drawn)"
	}
	if pr.bucketed {
		pr.title += fmt.Sprintf(" · %d frames, %d per point", n, per)
	}
	return pr
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// thousands writes n with a thin separator every three digits: 100,000.
func thousands(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 && s[i-1] != '-' {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

var (
	colMean   = color.NRGBA{R: 31, G: 119, B: 180, A: 255}
	colMax    = color.NRGBA{R: 214, G: 39, B: 40, A: 140}
	colTarget = color.NRGBA{R: 44, G: 160, B: 44, A: 255}
	colTicks  = color.NRGBA{R: 60, G: 60, B: 60, A: 255}
)

func xys(x, y []float64) plotter.XYs {
	out := make(plotter.XYs, len(x))
	for i := range x {
		out[i].X, out[i].Y = x[i], y[i]
	}
	return out
}

// framePlots builds a run's two plots: frame intervals and ticks per frame.
func framePlots(pr *plotRun) (*plot.Plot, *plot.Plot, error) {
	ft := plot.New()
	ft.Title.Text = pr.title
	ft.X.Label.Text = "time (s)"
	ft.Y.Label.Text = "frame interval (ms)"
	ft.Add(plotter.NewGrid())
	if pr.bucketed {
		worst, err := plotter.NewLine(xys(pr.t, pr.maxMs))
		if err != nil {
			return nil, nil, err
		}
		worst.Color = colMax
		ft.Add(worst)
		ft.Legend.Add("worst frame", worst)
	}
	mean, err := plotter.NewLine(xys(pr.t, pr.meanMs))
	if err != nil {
		return nil, nil, err
	}
	mean.Color, mean.Width = colMean, vg.Points(1)
	ft.Add(mean)
	if pr.bucketed {
		ft.Legend.Add("mean", mean)
	} else {
		ft.Legend.Add("frame", mean)
	}
	if pr.targetMs > 0 && len(pr.t) > 0 {
		tl, err := plotter.NewLine(plotter.XYs{{X: pr.t[0], Y: pr.targetMs}, {X: pr.t[len(pr.t)-1], Y: pr.targetMs}})
		if err != nil {
			return nil, nil, err
		}
		tl.Color, tl.Dashes = colTarget, []vg.Length{vg.Points(4), vg.Points(3)}
		ft.Add(tl)
		ft.Legend.Add("target", tl)
	}
	ft.Legend.Top = true

	tp := plot.New()
	tp.Title.Text = pr.ticksTitle
	tp.X.Label.Text = "time (s)"
	tp.Y.Label.Text = "ticks"
	tp.X.Min = 0
	tp.Add(plotter.NewGrid())
	sc, err := plotter.NewScatter(xys(pr.tickT, pr.tickN))
	if err != nil {
		return nil, nil, err
	}
	sc.GlyphStyle.Color, sc.GlyphStyle.Radius = colTicks, vg.Points(1.3)
	tp.Add(sc)
	top := 1.0
	for _, v := range pr.tickN {
		top = math.Max(top, v)
	}
	tp.Y.Min, tp.Y.Max = -0.3, top+0.3
	tp.Y.Tick.Marker = plot.ConstantTicks(intTicks(int(top)))
	if len(pr.t) > 0 {
		tp.X.Max = math.Max(tp.X.Max, pr.t[len(pr.t)-1])
		ft.X.Max = tp.X.Max
	}
	ft.X.Min = 0
	if pr.targetMs == 0 {
		ft.Y.Min = 0 // paced runs keep the range of their data, so the jitter shows
	}
	return ft, tp, nil
}

func intTicks(top int) []plot.Tick {
	var ts []plot.Tick
	for i := 0; i <= top; i++ {
		ts = append(ts, plot.Tick{Value: float64(i), Label: fmt.Sprint(i)})
	}
	return ts
}

// newCanvas returns a PNG or SVG canvas for path and a function writing it.
func newCanvas(path string, w, h vg.Length) (vg.CanvasSizer, func(io.Writer) error) {
	if strings.HasSuffix(strings.ToLower(path), ".svg") {
		c := vgsvg.New(w, h)
		return c, func(out io.Writer) error { _, err := c.WriteTo(out); return err }
	}
	c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(110), vgimg.UseBackgroundColor(color.White))
	return c, func(out io.Writer) error { _, err := vgimg.PngCanvas{Canvas: c}.WriteTo(out); return err }
}

// writeFramePlot draws every run as one row: frame intervals over the run
// on the left, ticks per frame on the right; written atomically to path.
func writeFramePlot(path string, runs []plotRun) (err error) {
	defer func() { // the plotting library panics on some impossible layouts
		if p := recover(); p != nil {
			err = fmt.Errorf("plot %s: %v", path, p)
		}
	}()
	const rowH, head = 2.6 * vg.Inch, 0.05 * vg.Inch
	w, h := 15*vg.Inch, rowH*vg.Length(len(runs))+head
	cv, write := newCanvas(path, w, h)
	dc := draw.New(cv)
	left := make([][]*plot.Plot, len(runs))
	right := make([][]*plot.Plot, len(runs))
	for i := range runs {
		ft, tp, err := framePlots(&runs[i])
		if err != nil {
			return fmt.Errorf("plot %s: %w", path, err)
		}
		left[i], right[i] = []*plot.Plot{ft}, []*plot.Plot{tp}
	}
	body := draw.Crop(dc, 0, 0, 0, -head)
	split := w * 0.7
	tiles := draw.Tiles{Rows: len(runs), Cols: 1, PadY: 0.15 * vg.Inch, PadTop: 0.05 * vg.Inch, PadBottom: 0.05 * vg.Inch, PadLeft: 0.1 * vg.Inch, PadRight: 0.15 * vg.Inch}
	for _, side := range []struct {
		plots [][]*plot.Plot
		c     draw.Canvas
	}{
		{left, draw.Crop(body, 0, split-w, 0, 0)},
		{right, draw.Crop(body, split, 0, 0, 0)},
	} {
		cs := plot.Align(side.plots, tiles, side.c)
		for i := range side.plots {
			side.plots[i][0].Draw(cs[i][0])
		}
	}
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return fmt.Errorf("plot %s: %w", path, err)
	}
	return atomicfile.WriteFile(path, buf.Bytes(), 0)
}

// writeSoakPlot draws a soak's heap and RSS over time, with the end of the
// warm-up marked.
func writeSoakPlot(path string, s *Soak) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("plot %s: %v", path, p)
		}
	}()
	p := plot.New()
	p.Title.Text = fmt.Sprintf("soak · %s · %s actors · %.0f s · growth after warm-up: heap in use %+.2f%%, heap alloc %+.2f%%, RSS %+.2f%% · %d GC",
		s.Scenario, thousands(s.Actors), s.DurationS, 100*s.HeapGrowth, 100*s.AllocGrowth, 100*s.RSSGrowth, s.GCCycles)
	p.X.Label.Text = "time (s)"
	p.Y.Label.Text = "MiB"
	p.Add(plotter.NewGrid())
	series := []struct {
		name string
		get  func(*SoakSample) uint64
		c    color.Color
	}{
		{"RSS", func(x *SoakSample) uint64 { return x.RSS }, colMax},
		{"heap in use", func(x *SoakSample) uint64 { return x.HeapInuse }, colMean},
		{"heap alloc", func(x *SoakSample) uint64 { return x.HeapAlloc }, colTarget},
	}
	top := 0.0
	for _, sr := range series {
		pts := make(plotter.XYs, len(s.Samples))
		for i := range s.Samples {
			pts[i].X, pts[i].Y = s.Samples[i].T, float64(sr.get(&s.Samples[i]))/(1<<20)
			top = math.Max(top, pts[i].Y)
		}
		l, sc, err := plotter.NewLinePoints(pts)
		if err != nil {
			return fmt.Errorf("plot %s: %w", path, err)
		}
		l.Color, sc.Color = sr.c, sr.c
		p.Add(l, sc)
		p.Legend.Add(sr.name, l, sc)
	}
	wl, err := plotter.NewLine(plotter.XYs{{X: s.WarmupS, Y: 0}, {X: s.WarmupS, Y: top}})
	if err != nil {
		return fmt.Errorf("plot %s: %w", path, err)
	}
	wl.Color, wl.Dashes = colTicks, []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(wl)
	p.Legend.Add("end of warm-up", wl)
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.XOffs = 0.15 * vg.Inch
	p.Y.Min, p.Y.Max = 0, math.Max(top*1.35, 1)
	cv, write := newCanvas(path, 12*vg.Inch, 4.5*vg.Inch)
	p.Draw(draw.Crop(draw.New(cv), 0.05*vg.Inch, -0.2*vg.Inch, 0.05*vg.Inch, -0.1*vg.Inch))
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return fmt.Errorf("plot %s: %w", path, err)
	}
	return atomicfile.WriteFile(path, buf.Bytes(), 0)
}
