//go:build x11

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"strings"
	"time"

	rl "github.com/gen2brain/raylib-go/raylib"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/cmd/framebench/internal/peer"
	"github.com/tickwork/tickwork/engine/atomicfile"
	"github.com/tickwork/tickwork/gfx"
)

// engineName names the peer in reports; keep it in step with go.mod.
const engineName = "raylib-go v0.55.1"

// The instancing shaders: raylib binds vertexPosition and vertexNormal,
// sets mvp (view × projection when instancing) and colDiffuse (the
// material's colour), and feeds instanceTransform from
// DrawMeshInstanced's matrices. The vertex shader gives the fragment
// shader the colour to light: decoded to linear light (shaded as tickwork's
// mesh shader does, then encoded back to sRGB) or, lit in gamma space, the
// sRGB value as it is.
const vertexShader = `#version 330
in vec3 vertexPosition;
in vec3 vertexNormal;
in mat4 instanceTransform;
uniform mat4 mvp;
uniform vec4 colDiffuse;
out vec3 fragNormal;
out vec3 fragColor;

vec3 srgbToLinear(vec3 c) {
    return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(0.04045, c));
}

void main() {
    fragNormal = mat3(instanceTransform) * vertexNormal; // rotation and translation only
#ifdef LINEAR
    fragColor = srgbToLinear(colDiffuse.rgb);
#else
    fragColor = colDiffuse.rgb;
#endif
    gl_Position = mvp * instanceTransform * vec4(vertexPosition, 1.0);
}
`

const fragmentShader = `#version 330
in vec3 fragNormal;
in vec3 fragColor;
uniform vec3 lightDir;   // direction the light travels, unit length
uniform vec3 lightColor;
uniform vec3 ambient;
out vec4 finalColor;

vec3 linearToSrgb(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, c));
}

void main() {
    float diffuse = max(dot(normalize(fragNormal), -lightDir), 0.0);
    vec3 lit = fragColor * (ambient + lightColor * diffuse);
#ifdef LINEAR
    finalColor = vec4(linearToSrgb(lit), 1.0);
#else
    finalColor = vec4(lit, 1.0);
#endif
}
`

// shaderSource is src for shading s: "#define LINEAR" after the #version
// line for linear shading.
func shaderSource(src string, s peer.Shading) string {
	if s != peer.ShadingLinear {
		return src
	}
	first, rest, _ := strings.Cut(src, "\n")
	return first + "\n#define LINEAR\n" + rest
}

// measure opens the window, warms up, measures and returns the report.
// Everything runs on the main thread, which raylib's GLFW needs.
func measure(o *options) (*peer.Report, error) {
	sc, err := peer.NewScene(o.cubes)
	if err != nil {
		return nil, err
	}
	rl.SetTraceLogLevel(rl.LogWarning)
	rl.SetConfigFlags(0) // no FLAG_VSYNC_HINT: swap interval 0
	rl.InitWindow(int32(o.width), int32(o.height), "framebench raylib-go peer")
	if !rl.IsWindowReady() {
		return nil, errors.New("no window: is there a display? run under xvfb-run -a")
	}
	defer rl.CloseWindow()
	rl.SetTargetFPS(int32(o.pace))

	shader := rl.LoadShaderFromMemory(shaderSource(vertexShader, o.shading), shaderSource(fragmentShader, o.shading))
	// A shader that fails to compile or link comes back as raylib's
	// default one, which has no instanceTransform.
	if !rl.IsShaderValid(shader) || shader.ID == rl.GetShaderIdDefault() {
		return nil, errors.New("the instancing shader did not compile or link (GLSL 330 needed)")
	}
	defer rl.UnloadShader(shader)
	shader.UpdateLocation(rl.ShaderLocMatrixMvp, rl.GetShaderLocation(shader, "mvp"))
	shader.UpdateLocation(rl.ShaderLocMatrixModel, rl.GetShaderLocationAttrib(shader, "instanceTransform"))
	l := peer.Light
	dir := l.Dir.Normalize()
	rl.SetShaderValue(shader, rl.GetShaderLocation(shader, "lightDir"), dir[:], rl.ShaderUniformVec3)
	rl.SetShaderValue(shader, rl.GetShaderLocation(shader, "lightColor"), []float32{l.Color.R, l.Color.G, l.Color.B}, rl.ShaderUniformVec3)
	rl.SetShaderValue(shader, rl.GetShaderLocation(shader, "ambient"), []float32{l.Ambient.R, l.Ambient.G, l.Ambient.B}, rl.ShaderUniformVec3)

	mat := rl.LoadMaterialDefault()
	mat.Shader = shader
	mat.GetMap(rl.MapDiffuse).Color = rlColor(peer.CubeColor)
	mesh := rl.GenMeshCube(1, 1, 1)
	defer rl.UnloadMesh(&mesh)

	eye, target := sc.Camera()
	cam := rl.Camera3D{
		Position: rl.NewVector3(eye[0], eye[1], eye[2]), Target: rl.NewVector3(target[0], target[1], target[2]),
		Up: rl.NewVector3(0, 1, 0), Fovy: peer.FovY, Projection: rl.CameraPerspective,
	}
	bg := rlColor(peer.Background)
	mats := make([]mgl32.Mat4, sc.Len())
	tr := make([]rl.Matrix, sc.Len())
	frame := func(t float64) {
		sc.Matrices(t, mats)
		for i := range mats {
			toRaylib(&tr[i], &mats[i])
		}
		rl.BeginDrawing()
		rl.ClearBackground(bg)
		rl.BeginMode3D(cam)
		rl.DrawMeshInstanced(mesh, mat, tr, len(tr))
		rl.EndMode3D()
	}

	start := time.Now()
	for time.Since(start) < o.warmup {
		frame(time.Since(start).Seconds())
		rl.EndDrawing()
		if rl.WindowShouldClose() {
			return nil, errors.New("the window was closed")
		}
	}
	intervals := make([]int64, 0, int(o.duration.Seconds()*20_000)+1024)
	t0 := time.Now()
	prev := t0
	for n := 0; ; n++ {
		// A frame starts here: the previous EndDrawing has swapped and,
		// when paced, waited.
		now := time.Now()
		if n > 0 {
			intervals = append(intervals, now.Sub(prev).Microseconds())
		} else {
			t0 = now
		}
		prev = now
		if now.Sub(t0) >= o.duration {
			break
		}
		frame(now.Sub(start).Seconds())
		rl.EndDrawing()
		if rl.WindowShouldClose() {
			return nil, errors.New("the window was closed")
		}
	}
	rep := &peer.Report{Engine: engineName, Mode: "cubes", Shading: o.shading, Cubes: sc.Len(), Width: o.width, Height: o.height}
	target60 := 0.0
	if o.pace > 0 {
		rep.Mode, target60 = "pacing", 1e6/float64(o.pace)
	}
	rep.Summarise(intervals, prev.Sub(t0).Seconds(), target60)
	if o.shot != "" {
		at := o.at
		if at < 0 {
			at = time.Since(start).Seconds()
		}
		frame(at)
		err := screenshot(o.shot)
		rl.EndDrawing()
		if err != nil {
			return nil, err
		}
		rep.Screenshot = o.shot
	}
	return rep, nil
}

// toRaylib copies a column-major mgl32 matrix into raylib's Matrix, whose
// fields name the same column-major elements (m12..m14: translation).
func toRaylib(d *rl.Matrix, m *mgl32.Mat4) {
	*d = rl.Matrix{
		M0: m[0], M4: m[4], M8: m[8], M12: m[12],
		M1: m[1], M5: m[5], M9: m[9], M13: m[13],
		M2: m[2], M6: m[6], M10: m[10], M14: m[14],
		M3: m[3], M7: m[7], M11: m[11], M15: m[15],
	}
}

func rlColor(c gfx.Color) rl.Color {
	b := func(v float32) uint8 { return uint8(min(max(v, 0), 1)*255 + 0.5) }
	return rl.NewColor(b(c.R), b(c.G), b(c.B), b(c.A))
}

// screenshot reads the frame being drawn (before its swap) and writes it
// as a PNG, atomically.
func screenshot(path string) error {
	img := rl.LoadImageFromScreen()
	defer rl.UnloadImage(img)
	w, h := int(img.Width), int(img.Height)
	cols := rl.LoadImageColors(img)
	if len(cols) < w*h {
		return fmt.Errorf("screenshot: %d pixels read, want %d×%d", len(cols), w, h)
	}
	out := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i, c := range cols[:w*h] {
		o := 4 * i
		out.Pix[o], out.Pix[o+1], out.Pix[o+2], out.Pix[o+3] = c.R, c.G, c.B, 255
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, out); err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	if err := atomicfile.WriteFile(path, buf.Bytes(), 0); err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	return nil
}

// writeReport prints the report as one line of JSON.
func writeReport(w io.Writer, r *peer.Report) error {
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("encoding the report: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
