#version 410 core

// Base colour texture × material factor × vertex colour × instance colour,
// Lambert-lit by one directional light plus an ambient term (or unlit), in
// linear light, written sRGB-encoded.

uniform vec3 uLightDir;   // direction the light travels, world space, unit length
uniform vec3 uLightColor; // diffuse colour (linear)
uniform vec3 uAmbient;    // ambient colour (linear)

uniform sampler2D uBaseTexture; // texture unit 0; a white texel when the material has none
uniform vec4 uBaseColor;        // the material's factor, linear
uniform float uAlphaCutoff;     // fragments with alpha below it are discarded (−1: none)
uniform float uOpaque;          // 1: alpha is ignored (written as 1)
uniform float uUnlit;           // 1: no lighting

in vec3 vNormal;
in vec4 vColor;
in vec2 vUV;

out vec4 fragColor;

vec3 linearToSrgb(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, c));
}

void main() {
    vec4 c = texture(uBaseTexture, vUV) * uBaseColor * vColor;
    if (c.a < uAlphaCutoff) {
        discard;
    }
    // Double-sided materials light their back faces too.
    vec3 n = normalize(gl_FrontFacing ? vNormal : -vNormal);
    float diffuse = max(dot(n, -uLightDir), 0.0);
    vec3 lit = mix(c.rgb * (uAmbient + uLightColor * diffuse), c.rgb, uUnlit);
    fragColor = vec4(linearToSrgb(lit), mix(c.a, 1.0, uOpaque));
}
