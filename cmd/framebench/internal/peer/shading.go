package peer

import "fmt"

// Shading is how a peer lights the cubes.
type Shading string

// The peers' shadings. ShadingLinear is tickwork's: the sRGB colours
// decoded to linear light, lit there (Lambert: colour × (ambient + light ×
// max(n·l, 0))) and encoded back to sRGB, so the pictures match pixel for
// pixel. ShadingGamma is how a raylib user lights a scene: the same
// formula on the sRGB-encoded values as they are, written as they come
// out: cheaper, and darker in the half-lit shades.
const (
	ShadingLinear Shading = "linear"
	ShadingGamma  Shading = "gamma"
)

// Shadings are the known shadings, in the order a comparison runs them.
var Shadings = []Shading{ShadingGamma, ShadingLinear}

// ParseShading checks the name of a shading.
func ParseShading(s string) (Shading, error) {
	for _, k := range Shadings {
		if string(k) == s {
			return k, nil
		}
	}
	return "", fmt.Errorf("shading %q: want %q (lit in gamma space, as a raylib user writes it) or %q (lit in linear light: tickwork's pixels)", s, ShadingGamma, ShadingLinear)
}

// About describes the shading in a few words, for reports.
func (s Shading) About() string {
	switch s {
	case ShadingGamma:
		return "Lambert in gamma space"
	case ShadingLinear:
		return "Lambert in linear light, sRGB output: tickwork's pixels"
	}
	return "unknown shading"
}
