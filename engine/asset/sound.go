package asset

import (
	"bytes"
	"fmt"
	"hash"
	"io/fs"
	"math"
	"path/filepath"

	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/gfx/fsx"
)

// SoundID names a sound (a decoded clip) of a Library; 0 names none.
type SoundID uint16

// AddSound registers clip under name (IDs from 1). The library keeps c: do
// not change it afterwards. Call it while the game loads, from the
// goroutine that uses l.
func (l *Library) AddSound(name string, c *audio.Clip) (SoundID, error) {
	if c == nil || c.Len() == 0 {
		return 0, fmt.Errorf("asset: sound %q: no samples", name)
	}
	i, err := l.sounds.add("sound", name, c)
	return SoundID(i + 1), err
}

// LoadSound decodes the sound file name in fsys with the first of codecs
// that recognises its first bytes (audio.Decode: wav.Codec{},
// vorbis.Codec{}, mp3.Codec{} of engine/audio/wav, vorbis and mp3) into a
// clip at the mixer's rate and registers it under name. Loading the same
// file again returns the same ID. Errors name the file and what is wrong
// with it.
//
// The file must be a regular file (a FIFO or a device such as /dev/zero
// is refused at once: package gfx/fsx) and is read once, up to its size
// when opened. Decoding allocates about 40 bytes per decoded frame (the
// clip, 8 bytes a frame at the mixer's rate, its growth and the decoder's
// buffers) plus 4 MiB: a WAV at most 240 times its size plus 4 MiB,
// whatever its header says; a compressed file (Ogg, MP3) at most what its
// length gives, which audio.Decode bounds by audio.MaxClipSeconds.
func (l *Library) LoadSound(fsys fs.FS, name string, codecs ...audio.Codec) (SoundID, error) {
	if id, ok := l.SoundID(name); ok {
		return id, nil
	}
	data, err := fsx.ReadFile(fsys, name, 0)
	if err != nil {
		return 0, fmt.Errorf("asset: sound %s: %w", name, err)
	}
	return l.decodeSound(name, data, codecs)
}

// LoadSoundFile is LoadSound for a file on disk, named after p as given
// (slashes for separators), read as fsx.ReadPath reads it (a symbolic
// link is followed, to a regular file only). Its bounds are LoadSound's.
func (l *Library) LoadSoundFile(p string, codecs ...audio.Codec) (SoundID, error) {
	name := filepath.ToSlash(p)
	if id, ok := l.SoundID(name); ok {
		return id, nil
	}
	data, err := fsx.ReadPath(p, 0)
	if err != nil {
		return 0, fmt.Errorf("asset: sound %s: %w", name, err)
	}
	return l.decodeSound(name, data, codecs)
}

func (l *Library) decodeSound(name string, data []byte, codecs []audio.Codec) (SoundID, error) {
	if err := checkName("sound", name); err != nil {
		return 0, err
	}
	c, err := audio.Decode(name, bytes.NewReader(data), codecs...)
	if err != nil {
		return 0, fmt.Errorf("asset: sound: %w", err)
	}
	return l.AddSound(name, c)
}

// Sound returns the sound with id, or false for 0 or an unknown ID.
func (l *Library) Sound(id SoundID) (*audio.Clip, bool) {
	if id == 0 || int(id) > len(l.sounds.items) {
		return nil, false
	}
	return l.sounds.items[id-1], true
}

// SoundID returns the ID of the sound named name.
func (l *Library) SoundID(name string) (SoundID, bool) {
	i, ok := l.sounds.index[name]
	return SoundID(i + 1), ok
}

// LoadMusic registers the sound file name in fsys as music: a stream the
// mixer decodes while it plays (audio.Play.Stream), never decoded whole,
// with the first of codecs that recognises it (as LoadSound). The file's
// header is checked now; each voice playing it opens the file again.
// Loading the same name again returns the same stream. Each opening goes
// through fsx.Guard: a FIFO or a device is refused, and a voice reads the
// file only up to its size when opened.
func (l *Library) LoadMusic(fsys fs.FS, name string, codecs ...audio.Codec) (*audio.Stream, error) {
	if s, ok := l.Music(name); ok {
		return s, nil
	}
	if err := checkName("music", name); err != nil {
		return nil, err
	}
	s, err := audio.StreamFS(fsx.Guard(fsys), name, codecs...)
	if err != nil {
		return nil, fmt.Errorf("asset: music: %w", err)
	}
	if _, err := l.music.add("music", name, s); err != nil {
		return nil, err
	}
	return s, nil
}

// Music returns the music loaded under name.
func (l *Library) Music(name string) (*audio.Stream, bool) {
	i, ok := l.music.index[name]
	if !ok {
		return nil, false
	}
	return l.music.items[i], true
}

// hashSounds adds the sounds (names and samples) and the music (names and
// formats: the files are not read) to h.
func (l *Library) hashSounds(h hash.Hash64, w func(...any)) {
	var b [4]byte
	for i, c := range l.sounds.items {
		w("sound", l.sounds.names[i], len(c.Samples))
		for _, v := range c.Samples {
			u := math.Float32bits(v)
			b[0], b[1], b[2], b[3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
			h.Write(b[:])
		}
	}
	for i, s := range l.music.items {
		w("music", l.music.names[i], s.Format())
	}
}
