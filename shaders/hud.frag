#version 410 core

// HUD colour: a rectangle samples a fully covered texel on unit 0 (kind 0)
// for its coverage, as a glyph samples the TrueType glyph atlas
// on unit 2 (kind 2); an image quad (kind 1) samples its image,
// whose colour textures decode to linear light, and writes it sRGB-encoded
// as the HUD's colours are, multiplied by the tint.

uniform sampler2D uAtlas; // texture unit 0
uniform sampler2D uImage; // texture unit 1
uniform sampler2D uGlyphs; // texture unit 2: the TrueType glyph atlas

in vec2 vUV;
in vec4 vColor;
flat in float vImage;

out vec4 fragColor;

vec3 linearToSrgb(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, c));
}

void main() {
    if (vImage > 1.5) {
        // A TrueType glyph: coverage from the glyph atlas.
        fragColor = vec4(vColor.rgb, vColor.a * texture(uGlyphs, vUV).r);
    } else if (vImage > 0.5) {
        vec4 t = texture(uImage, vUV);
        fragColor = vec4(linearToSrgb(t.rgb), t.a) * vColor;
    } else {
        fragColor = vec4(vColor.rgb, vColor.a * texture(uAtlas, vUV).r);
    }
}
