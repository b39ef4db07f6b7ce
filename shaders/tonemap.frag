#version 410 core

// The tone-mapping pass of the HDR path: a scene layer drawn in linear,
// unclamped light into a floating-point target (its colour premultiplied
// by its coverage, which is 0 where the layer drew nothing) is exposed,
// tone mapped (Khronos PBR Neutral or ACES, as mesh.frag does per
// fragment without HDR), encoded sRGB (with LINEAR_OUTPUT defined: by the
// framebuffer, which also blends in linear light) and written with its
// coverage as alpha, to be blended over the layers below.

uniform sampler2D uHDRImage; // unit 0: the resolved layer, RGBA16F
uniform vec4 uTone;          // x exposure, y tone map (0 clamp, 1 Khronos PBR Neutral, 2 ACES)

out vec4 fragColor;

vec3 linearToSrgb(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, c));
}

vec3 neutral(vec3 color) {
    const float start = 0.8 - 0.04;
    const float desaturation = 0.15;
    float x = min(color.r, min(color.g, color.b));
    float offset = x < 0.08 ? x - 6.25 * x * x : 0.04;
    color -= offset;
    float peak = max(color.r, max(color.g, color.b));
    if (peak < start) {
        return color;
    }
    const float d = 1.0 - start;
    float newPeak = 1.0 - d * d / (peak + d - start);
    color *= newPeak / peak;
    float g = 1.0 - 1.0 / (desaturation * (peak - newPeak) + 1.0);
    return mix(color, vec3(newPeak), g);
}

vec3 aces(vec3 x) {
    return clamp(x * (2.51 * x + 0.03) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}

void main() {
    vec4 h = texelFetch(uHDRImage, ivec2(gl_FragCoord.xy), 0);
    float a = clamp(h.a, 0.0, 1.0);
    if (a <= 0.0) {
        discard;
    }
    vec3 c = max(h.rgb, 0.0) / a * uTone.x;
    if (uTone.y > 1.5) {
        c = aces(c);
    } else if (uTone.y > 0.5) {
        c = neutral(c);
    }
#ifdef LINEAR_OUTPUT
    fragColor = vec4(clamp(c, 0.0, 1.0), a); // the framebuffer encodes
#else
    fragColor = vec4(linearToSrgb(c), a);
#endif
}
