package audio_test

import "bytes"

// The helpers of the tests that read files through the codecs, which
// import this package and so test it from outside; those they share with
// the tests inside it are in export_test.go.

// nopCloser is a file in memory.
type nopCloser struct{ *bytes.Reader }

func (nopCloser) Close() error { return nil }
