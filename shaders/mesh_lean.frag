#version 410 core

// The lean mesh fragment shader: the batch's colour (instance × material,
// linear, computed once per batch on the CPU), Lambert-lit by one
// directional light plus an ambient term (or unlit), written sRGB-encoded
// and opaque. No texture and no discard, so a software rasteriser can test
// depth before shading.

uniform vec3 uLightDir;   // direction the light travels, world space, unit length
uniform vec3 uLightColor; // diffuse colour (linear)
uniform vec3 uAmbient;    // ambient colour (linear)
uniform vec3 uColor;      // the batch's colour, linear
uniform float uUnlit;     // 1: no lighting

in vec3 vNormal;

out vec4 fragColor;

vec3 linearToSrgb(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, c));
}

void main() {
    // Double-sided materials light their back faces too.
    vec3 n = normalize(gl_FrontFacing ? vNormal : -vNormal);
    float diffuse = max(dot(n, -uLightDir), 0.0);
    vec3 lit = mix(uColor * (uAmbient + uLightColor * diffuse), uColor, uUnlit);
    fragColor = vec4(linearToSrgb(lit), 1.0);
}
