package audio

import "io"

// frameReader is a decoder's output: stereo float32 frames at the file's
// own rate, read in order. read fills p (an even length) with whole frames
// and returns how many; it returns io.EOF, with no frames, at the end.
type frameReader interface {
	read(p []float32) (int, error)
}

// resampler turns a frameReader's frames at rate into frames at Rate by
// linear interpolation. It keeps its place between calls, so the frames it
// gives do not depend on how many are asked for at a time: output frame j
// is source position j×rate/Rate, computed in integers, blended from the
// two source frames around it in float64. Clips and streams share it, so a
// file decodes to the same samples either way.
type resampler struct {
	src     frameReader
	rate    int64
	buf     []float32 // source frames: buf[0:2] is frame base
	n       int64     // frames held in buf
	base    int64     // source index of buf's first frame
	j       int64     // next output frame
	ended   bool      // src said io.EOF: the last source frame is base+n-1
	restart func() (frameReader, error)
	fresh   int64 // source frames read since the source (re)started
}

// newResampler reads src at rate through a buffer of size frames (at least
// 2), allocated here and only here. restart, when not nil, gives the
// source again from its start when it ends: the stream plays on as if the
// file were repeated without a gap.
func newResampler(src frameReader, rate, size int, restart func() (frameReader, error)) *resampler {
	return &resampler{src: src, rate: int64(rate), buf: make([]float32, 2*max(size, 2)), restart: restart}
}

// fill refills buf so that it holds source frame need (when the source has
// it), keeping the buffer's last frame as its first.
func (r *resampler) fill(need int64) error {
	for !r.ended && need >= r.base+r.n {
		keep := int64(0)
		if r.n > 0 {
			// Keep the last frame: the next output frame may blend it.
			copy(r.buf[:2], r.buf[2*(r.n-1):2*r.n])
			r.base += r.n - 1
			keep = 1
		}
		r.n = keep
		for r.n < int64(len(r.buf)/2) {
			k, err := r.src.read(r.buf[2*r.n:])
			r.n += int64(k)
			r.fresh += int64(k)
			if err == io.EOF {
				if r.restart == nil || r.fresh == 0 {
					r.ended = true // the end, or a loop of nothing
					break
				}
				if r.src, err = r.restart(); err != nil {
					return err
				}
				r.fresh = 0
				continue
			}
			if err != nil {
				return err
			}
			if k == 0 {
				break
			}
		}
		if r.n == keep && !r.ended {
			return io.ErrNoProgress // a reader that gives nothing and no end
		}
	}
	return nil
}

// read writes up to len(dst)/2 output frames and returns how many; fewer
// than asked only at the end of a source that does not restart (then
// io.EOF once nothing is left) or on the source's error.
func (r *resampler) read(dst []float32) (int, error) {
	want := len(dst) / 2
	for o := 0; o < want; o++ {
		num := r.j * r.rate
		i := num / Rate
		if err := r.fill(i + 1); err != nil {
			return o, err
		}
		last := r.base + r.n - 1 // the last source frame held
		if r.ended && r.j >= (last+1)*Rate/r.rate {
			// The clip's length: the source frames' duration at Rate.
			if o == 0 {
				return 0, io.EOF
			}
			return o, nil
		}
		a := 2 * (i - r.base)
		b := a
		if i+1 <= last {
			b += 2
		}
		f := float64(num%Rate) / Rate
		dst[2*o] = float32(float64(r.buf[a])*(1-f) + float64(r.buf[b])*f)
		dst[2*o+1] = float32(float64(r.buf[a+1])*(1-f) + float64(r.buf[b+1])*f)
		r.j++
	}
	return want, nil
}
