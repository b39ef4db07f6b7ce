package audio

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"

	"github.com/tickwork/tickwork/gfx/fsx"
)

// Stream is a sound the mixer decodes while it plays it (music, long
// ambiences): a voice of a stream holds the file open and a few thousand
// samples of buffers, never the whole sound. WAV, Ogg Vorbis and MP3 stream;
// a looping stream goes back to the file's start when it ends, without a
// gap. A Stream describes the file; each voice playing it opens it anew,
// so one Stream can play on several voices at once.
type Stream struct {
	Name  string
	codec Codec
	open  func() (io.ReadSeekCloser, error)
}

// NewStream makes a stream of the file open returns (called now, to check
// the file's format, channels and rate, and again each time a voice starts
// playing it, on the goroutine that calls Mixer.Start), decoded by the
// first of codecs that recognises it (as Decode). name labels the stream
// and the errors.
func NewStream(name string, open func() (io.ReadSeekCloser, error), codecs ...Codec) (*Stream, error) {
	if open == nil {
		return nil, fmt.Errorf("audio: stream %s: no function to open it", name)
	}
	s := &Stream{Name: name, open: open}
	f, err := open()
	if err != nil {
		return nil, fmt.Errorf("audio: stream %s: %w", name, err)
	}
	defer f.Close()
	if s.codec, err = pick(name, f, codecs); err != nil {
		return nil, err
	}
	if _, err := openDecoder(name, s.codec, f); err != nil {
		return nil, err
	}
	return s, nil
}

// StreamFS makes a stream of file name in fsys (os.DirFS, an embed.FS...),
// decoded by the first of codecs that recognises it. A file that cannot
// seek is read into memory when a voice starts, still encoded: only what
// plays is decoded. The file is opened through fsx.Guard: a FIFO or a
// device is refused, and reads stop at its size when opened.
func StreamFS(fsys fs.FS, name string, codecs ...Codec) (*Stream, error) {
	fsys = fsx.Guard(fsys)
	return NewStream(name, func() (io.ReadSeekCloser, error) {
		f, err := fsys.Open(name)
		if err != nil {
			return nil, err
		}
		if rsc, ok := f.(io.ReadSeekCloser); ok {
			return rsc, nil
		}
		defer f.Close()
		data, err := io.ReadAll(f)
		if err != nil {
			return nil, err
		}
		return nopCloser{bytes.NewReader(data)}, nil
	}, codecs...)
}

// StreamBytes makes a stream of an encoded file held in memory, decoded by
// the first of codecs that recognises it.
func StreamBytes(name string, data []byte, codecs ...Codec) (*Stream, error) {
	return NewStream(name, func() (io.ReadSeekCloser, error) { return nopCloser{bytes.NewReader(data)}, nil }, codecs...)
}

// Format returns the name of the stream's file format (its Codec's Name).
func (s *Stream) Format() string { return s.codec.Name() }

// Codec returns the codec that decodes the stream.
func (s *Stream) Codec() Codec { return s.codec }

type nopCloser struct{ io.ReadSeeker }

func (nopCloser) Close() error { return nil }

// streamVoice is the decoding state of one voice of a stream, made when it
// starts; Render decodes into its buffers.
type streamVoice struct {
	s    *Stream
	file io.ReadSeekCloser
	rs   *resampler
	buf  []float32 // output samples at Rate, before gains
	pos  int64     // output samples taken from rs so far
	err  error     // io.EOF at the end, or why decoding stopped
}

// streamSamples is the size of a stream voice's buffers in samples.
const streamSamples = 2048

// openStream opens s for a voice; loop makes it start again at its end.
func openStream(s *Stream, loop bool) (*streamVoice, error) {
	f, err := s.open()
	if err != nil {
		return nil, fmt.Errorf("audio: stream %s: %w", s.Name, err)
	}
	dec, err := openDecoder(s.Name, s.codec, f)
	if err != nil {
		f.Close()
		return nil, err
	}
	src := &safeReader{c: s.codec, dec: dec} // a pointer: restarting allocates nothing
	var restart func() (sampleReader, error)
	if loop {
		restart = func() (sampleReader, error) { return src, src.rewind() }
	}
	return &streamVoice{
		s: s, file: f,
		rs:  newResampler(src, dec.Rate(), streamSamples, restart),
		buf: make([]float32, 2*streamSamples),
	}, nil
}

// next returns up to n of the stream's next samples at Rate (from its
// buffer, valid until the next call), first skipping to output sample k.
// It returns no samples once the stream has ended or failed; the error is
// io.EOF at a normal end.
func (sv *streamVoice) next(k int64, n int) ([]float32, error) {
	if sv.err != nil {
		return nil, sv.err
	}
	for sv.pos < k {
		got, err := sv.rs.read(sv.buf[:2*min(int64(streamSamples), k-sv.pos)])
		sv.pos += int64(got)
		if err != nil {
			sv.err = err
			return nil, err
		}
	}
	got, err := sv.rs.read(sv.buf[:2*min(n, streamSamples)])
	sv.pos += int64(got)
	if err != nil {
		sv.err = err // after these samples, which are good
	}
	if got == 0 {
		return nil, err
	}
	return sv.buf[:2*got], nil
}

// close releases the voice's file.
func (sv *streamVoice) close() {
	if sv.file != nil {
		sv.file.Close()
		sv.file = nil
	}
}
