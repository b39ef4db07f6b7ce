package audio

import "io"

// sampleReader is a decoder's output: stereo float32 samples at the file's
// own rate, read in order. read fills p (an even length) with whole samples
// and returns how many; it returns io.EOF, with no samples, at the end.
type sampleReader interface {
	read(p []float32) (int, error)
}

// resampler turns a sampleReader's samples at rate into samples at Rate by
// linear interpolation. It keeps its place between calls, so the samples it
// gives do not depend on how many are asked for at a time: output sample j
// is source position j×rate/Rate, computed in integers, blended from the
// two source samples around it in float64. Clips and streams share it, so a
// file decodes to the same samples either way.
type resampler struct {
	src     sampleReader
	rate    int64
	buf     []float32 // source samples: buf[0:2] is sample base
	n       int64     // samples held in buf
	base    int64     // source index of buf's first sample
	j       int64     // next output sample
	ended   bool      // src said io.EOF: the last source sample is base+n-1
	restart func() (sampleReader, error)
	fresh   int64 // source samples read since the source (re)started
}

// newResampler reads src at rate through a buffer of size samples (at least
// 2), allocated here and only here. restart, when not nil, gives the
// source again from its start when it ends: the stream plays on as if the
// file were repeated without a gap.
func newResampler(src sampleReader, rate, size int, restart func() (sampleReader, error)) *resampler {
	return &resampler{src: src, rate: int64(rate), buf: make([]float32, 2*max(size, 2)), restart: restart}
}

// fill refills buf so that it holds source sample need (when the source has
// it), keeping the buffer's last sample as its first.
func (r *resampler) fill(need int64) error {
	for !r.ended && need >= r.base+r.n {
		keep := int64(0)
		if r.n > 0 {
			// Keep the last sample: the next output sample may blend it.
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

// read writes up to len(dst)/2 output samples and returns how many; fewer
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
		last := r.base + r.n - 1 // the last source sample held
		if r.ended && r.j >= (last+1)*Rate/r.rate {
			// The clip's length: the source samples' duration at Rate.
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
