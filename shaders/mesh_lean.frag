#version 410 core

// The lean mesh fragment shader: the batch's colour (instance × material,
// linear, computed once per batch on the CPU), Lambert-lit as mesh.frag
// lights a Lambert material or unlit, written sRGB-encoded and opaque
// (with LINEAR_OUTPUT defined: linear, for a framebuffer that encodes;
// with HDR_OUTPUT: linear, unclamped and not tone mapped, see mesh.frag).
// Compiled twice: plain (the sun and one ambient colour) and with
// SCENE_FULL defined (the sun's shadows, a hemisphere ambient, point and
// spot lights, tone mapping and fog), for scenes that use them; the plain
// one also with FACETED defined, for faceted meshes, which the vertex
// shader lights (see mesh_lean.vert). No texture and no discard, so a
// software rasteriser can test depth before shading.

const int MAX_LIGHTS = 16;
const float PI = 3.14159265;

uniform vec3 uLightDir;   // direction the sun's light travels, world space, unit length
uniform vec3 uLightColor; // the sun's colour (linear)
uniform vec3 uAmbient;    // ambient from above (linear)
uniform vec3 uGround;     // ambient from below (linear)
uniform vec3 uCameraPos;  // world space
uniform sampler2DShadow uShadowMap; // unit 12: the cascades side by side, depth compared
uniform mat4 uShadowVP[3];         // world to each cascade's clip space
uniform vec4 uShadowSplits;        // xyz: view depth where cascades 0 to 2 end; w: cascades (0: no shadows)
uniform vec4 uShadowTexel;         // xyz: a texel of each cascade in world units; w: filter radius in texels
uniform vec3 uCameraFwd;           // the camera's forward axis, world space
uniform int uLightCount;
uniform vec4 uLightPos[MAX_LIGHTS];
uniform vec4 uLightTint[MAX_LIGHTS];
uniform vec4 uSpotDir[MAX_LIGHTS];
uniform vec2 uSpotCone[MAX_LIGHTS];
uniform vec4 uTone;     // x exposure, y tone map (0 clamp, 1 Khronos PBR Neutral, 2 ACES)
uniform vec4 uFog;      // rgb linear colour, a 1 when fog is on
uniform vec2 uFogRange; // fog start and end distances
uniform vec3 uColor;    // the batch's colour, linear
uniform float uUnlit;   // 1: no lighting

#ifdef FACETED
flat in vec3 vLit; // lit and encoded by the vertex shader (see mesh_lean.vert)
#else
in vec3 vNormal;
in vec3 vWorld;
#endif

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

vec3 toneMap(vec3 c) {
    c *= uTone.x;
    if (uTone.y > 1.5) {
        return clamp(c * (2.51 * c + 0.03) / (c * (2.43 * c + 0.59) + 0.14), 0.0, 1.0);
    } else if (uTone.y > 0.5) {
        return neutral(c);
    }
    return c;
}

#ifdef SCENE_FULL
// sunShadow returns how much of the sun reaches the fragment (0 to 1):
// the cascade covering its view depth, sampled at a point pushed out along
// the normal by about a texel (so a surface does not shadow itself), with
// (2r+1)² depth-compared taps, each filtered 2×2 by the sampler.
float sunShadow(vec3 n, float nl) {
    int count = int(uShadowSplits.w);
    if (count == 0) {
        return 1.0;
    }
    float depth = dot(vWorld - uCameraPos, uCameraFwd);
    int c = depth > uShadowSplits.x ? (depth > uShadowSplits.y ? 2 : 1) : 0;
    if (c >= count) {
        return 1.0;
    }
    float texel = uShadowTexel[c];
    vec3 p = vWorld + n * texel * (1.0 + 2.0 * (1.0 - nl));
    vec4 s = uShadowVP[c] * vec4(p, 1.0);
    vec3 q = s.xyz * 0.5 + 0.5;
    if (q.x <= 0.0 || q.x >= 1.0 || q.y <= 0.0 || q.y >= 1.0 || q.z >= 1.0) {
        return 1.0;
    }
    vec2 size = vec2(textureSize(uShadowMap, 0));
    float u = (float(c) + q.x) / float(count);
    int r = int(uShadowTexel.w);
    float sum = 0.0;
    for (int y = -r; y <= r; y++) {
        for (int x = -r; x <= r; x++) {
            sum += texture(uShadowMap, vec3(u + float(x) / size.x, q.y + float(y) / size.y, q.z));
        }
    }
    float taps = float(2 * r + 1);
    return sum / (taps * taps);
}
#endif

void main() {
#ifndef FACETED
    vec3 lit = uColor;
    if (uUnlit < 0.5) {
        // Double-sided materials light their back faces too.
        vec3 n = normalize(gl_FrontFacing ? vNormal : -vNormal);
        float sunNL = max(dot(n, -uLightDir), 0.0);
#ifdef SCENE_FULL
        vec3 e = mix(uGround, uAmbient, n.y * 0.5 + 0.5);
        if (sunNL > 0.0) {
            e += uLightColor * sunNL * sunShadow(n, sunNL);
        }
        // A do-while, not a for loop: llvmpipe runs a loop's body once
        // more, every lane masked off, before it sees them all leave at
        // its top; a test at the bottom leaves after the last light.
        int next = 0;
        if (uLightCount > 0) do {
            int i = next++;
            vec3 d = uLightPos[i].xyz - vWorld;
            float d2 = max(dot(d, d), 1e-4);
            vec3 l = d * inversesqrt(d2);
            float q = d2 * uLightPos[i].w;
            float att = clamp(1.0 - q * q, 0.0, 1.0) / d2;
            if (att <= 0.0) {
                continue; // beyond its range
            }
            if (uLightTint[i].w > 0.5) {
                float s = clamp(dot(uSpotDir[i].xyz, -l) * uSpotCone[i].x + uSpotCone[i].y, 0.0, 1.0);
                att *= s * s;
            }
            e += uLightTint[i].rgb * (max(dot(n, l), 0.0) * att / PI);
        } while (next < uLightCount);
#else
        vec3 e = uAmbient + uLightColor * sunNL;
#endif
        lit = uColor * e;
    }
#ifdef SCENE_FULL
#ifdef HDR_OUTPUT
    vec3 fog = uFog.rgb / max(uTone.x, 1e-6); // exposed by the tone-mapping pass
#else
    lit = toneMap(lit);
    vec3 fog = uFog.rgb;
#endif
    if (uFog.a > 0.5) {
        float f = clamp((distance(uCameraPos, vWorld) - uFogRange.x) / max(uFogRange.y - uFogRange.x, 1e-6), 0.0, 1.0);
        lit = mix(lit, fog, f);
    }
#endif
#ifdef LINEAR_OUTPUT
#ifdef HDR_OUTPUT
    lit = max(lit, 0.0); // unclamped, for the tone-mapping pass
#else
    lit = clamp(lit, 0.0, 1.0);
#endif
    fragColor = vec4(lit, 1.0);
#else
    fragColor = vec4(linearToSrgb(lit), 1.0);
#endif
#else
    fragColor = vec4(vLit, 1.0);
#endif
}
