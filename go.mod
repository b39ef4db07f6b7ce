module github.com/tickwork/tickwork

go 1.26.0

require (
	github.com/ebitengine/oto/v3 v3.4.0
	github.com/go-gl/gl v0.0.0-20231021071112-07e5d0ea2e71
	github.com/go-gl/glfw/v3.3/glfw v0.0.0-20240506104042-037f3cc74f2a
	github.com/go-gl/mathgl v1.2.0
	github.com/hajimehoshi/go-mp3 v0.3.4
	github.com/jfreymuth/oggvorbis v1.0.5
	github.com/qmuntal/gltf v0.29.0
	golang.org/x/image v0.47.0
	golang.org/x/sys v0.49.0
)

require (
	github.com/ebitengine/purego v0.9.0 // indirect
	github.com/jfreymuth/vorbis v1.0.2 // indirect
	golang.org/x/text v0.43.0 // indirect
)
