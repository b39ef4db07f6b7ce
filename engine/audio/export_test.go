package audio

// The tests outside the package (they read files through the codecs, which
// import this package) share the helpers of the tests inside it.
var (
	Ramp         = ramp
	MixerFor     = mixer
	RenderChunks = render
)
