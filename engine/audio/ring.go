package audio

import "sync/atomic"

// ring is a single-producer, single-consumer queue of stereo samples with
// no lock: the main goroutine writes (Feeder.Feed), the device's goroutine
// reads (Feeder.Read). Positions count samples since the start and only
// grow; a slot is pos & mask. The reader's position may run past the
// writer's (an underrun: the device was given silence), and the writer
// then jumps to it, so a late sample is never played late.
type ring struct {
	buf  []float32 // 2 × size samples
	mask int64
	w    atomic.Int64 // samples written: stored by the producer after the data
	r    atomic.Int64 // samples the device has taken (silence included)
	// underrun counts samples handed to the device as silence because the
	// ring was empty; only the consumer adds to it.
	underrun atomic.Int64
}

func newRing(samples int) ring {
	size := 1
	for size < samples {
		size <<= 1
	}
	return ring{buf: make([]float32, 2*size), mask: int64(size - 1)}
}

// size returns the ring's capacity in samples.
func (q *ring) size() int64 { return q.mask + 1 }

// write copies src (whole samples) to position at; the caller has checked
// that the samples fit (at+n ≤ r+size) and publishes them with q.w.Store.
func (q *ring) write(at int64, src []float32) {
	for len(src) > 0 {
		slot := at & q.mask
		n := copy(q.buf[2*slot:], src)
		src = src[n:]
		at += int64(n / 2)
	}
}

// read fills dst (whole samples) from the ring, silence for what is not
// there, and advances the read position by all of it. It returns how
// many samples were real. Called by the consumer only.
func (q *ring) read(dst []float32) int {
	n := int64(len(dst) / 2)
	r := q.r.Load()
	avail := q.w.Load() - r
	k := min(max(avail, 0), n)
	for done := int64(0); done < k; {
		slot := (r + done) & q.mask
		c := int64(copy(dst[2*done:2*k], q.buf[2*slot:])) / 2
		done += c
	}
	clear(dst[2*k:])
	if k < n {
		q.underrun.Add(n - k)
	}
	q.r.Store(r + n)
	return int(k)
}
