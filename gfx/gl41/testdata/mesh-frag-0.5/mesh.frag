#version 410 core

// Base colour texture × material factor × vertex colour × instance colour,
// lit in linear light (or unlit) by a directional sun, a hemisphere
// ambient (sky above, ground below) and up to 16 point and spot lights,
// with a Lambert or a glTF metallic-roughness BRDF (the Khronos sample
// viewer's: GGX distribution, Smith-GGX height-correlated visibility,
// Schlick Fresnel), then exposed, tone mapped, fogged and written
// sRGB-encoded. Compiled four ways: with SCENE_FULL defined for scenes
// with shadows, a hemisphere ambient, point or spot lights, tone mapping
// or fog (else the sun and one ambient colour only), and with MATERIAL_PBR
// defined for PBR materials and materials with maps or emission (else
// Lambert with a base colour texture): a software rasteriser runs both
// sides of a branch, so each variant carries only what it draws.

const int MAX_LIGHTS = 16;
const float PI = 3.14159265;

uniform vec3 uLightDir;   // direction the sun's light travels, world space, unit length
uniform vec3 uLightColor; // the sun: what a white Lambert surface facing it shows (linear)
uniform vec3 uAmbient;    // ambient from above (linear)
uniform vec3 uGround;     // ambient from below (linear)
uniform vec3 uCameraPos;  // world space
uniform sampler2DShadow uShadowMap; // unit 12: the cascades side by side, depth compared
uniform mat4 uShadowVP[3];         // world to each cascade's clip space
uniform vec4 uShadowSplits;        // xyz: view depth where cascades 0 to 2 end; w: cascades (0: no shadows)
uniform vec4 uShadowTexel;         // xyz: a texel of each cascade in world units; w: filter radius in texels
uniform vec3 uCameraFwd;           // the camera's forward axis, world space

uniform int uLightCount;                // point and spot lights in the arrays
uniform vec4 uLightPos[MAX_LIGHTS];     // xyz position, w 1/range² (0: unlimited)
uniform vec4 uLightTint[MAX_LIGHTS];    // rgb colour × intensity (candela), w 1 for a spot
uniform vec4 uSpotDir[MAX_LIGHTS];      // xyz direction a spot shines
uniform vec2 uSpotCone[MAX_LIGHTS];     // scale, offset of cos(angle)

uniform sampler2D uBaseTexture;       // unit 0; a white texel when the material has none
uniform sampler2D uMetalRoughTexture; // unit 8: g roughness, b metallic; white when none
uniform sampler2D uNormalTexture;     // unit 9: tangent-space normal (used when uNormalScale ≠ 0)
uniform sampler2D uOcclusionTexture;  // unit 10: r occlusion; white when none
uniform sampler2D uEmissiveTexture;   // unit 11: sRGB colour; white when none
uniform vec4 uBaseColor;        // the material's factor, linear
uniform float uAlphaCutoff;     // fragments with alpha below it are discarded (−1: none)
uniform float uOpaque;          // 1: alpha is ignored (written as 1)
uniform float uUnlit;           // 1: no lighting
uniform vec4 uPBR;              // x 1 for PBR (0 Lambert), y metallic, z roughness, w occlusion strength
uniform float uNormalScale;     // 0: no normal map
uniform vec3 uEmissive;         // linear, strength included

uniform vec4 uTone;   // x exposure, y tone map (0 clamp, 1 Khronos PBR Neutral, 2 ACES)
uniform vec4 uFog;    // rgb linear colour, a 1 when fog is on
uniform vec2 uFogRange; // distances where fog starts and where it hides everything

in vec3 vNormal;
in vec4 vColor;
in vec2 vUV;
in vec3 vWorld;
in vec4 vTangent;

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

// toneMap exposes a linear HDR colour and maps it into [0, 1].
vec3 toneMap(vec3 c) {
    c *= uTone.x;
    if (uTone.y > 1.5) {
        return aces(c);
    } else if (uTone.y > 0.5) {
        return neutral(c);
    }
    return c;
}

#ifdef MATERIAL_PBR
// brdf returns the reflected radiance per unit of irradiance for light
// from l, times π so that a white Lambert surface facing a light of
// colour E shows E.
vec3 brdf(vec3 n, vec3 v, vec3 l, vec3 diffuse, vec3 f0, float alpha) {
    float nl = max(dot(n, l), 0.0);
    if (nl <= 0.0) {
        return vec3(0.0);
    }
    if (uPBR.x < 0.5) {
        return diffuse * nl;
    }
    vec3 h = normalize(l + v);
    float nv = max(dot(n, v), 1e-4);
    float nh = max(dot(n, h), 0.0);
    float vh = max(dot(v, h), 0.0);
    vec3 f = f0 + (1.0 - f0) * pow(1.0 - vh, 5.0);
    float a2 = alpha * alpha;
    float dd = nh * nh * (a2 - 1.0) + 1.0;
    float D = a2 / (PI * dd * dd);
    float gv = nl * sqrt(nv * nv * (1.0 - a2) + a2);
    float gl = nv * sqrt(nl * nl * (1.0 - a2) + a2);
    float V = gv + gl > 0.0 ? 0.5 / (gv + gl) : 0.0;
    return ((1.0 - f) * diffuse + PI * f * D * V) * nl;
}
#endif

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
    vec4 c = texture(uBaseTexture, vUV) * uBaseColor * vColor;
    if (c.a < uAlphaCutoff) {
        discard;
    }
    vec3 lit = c.rgb;
    if (uUnlit < 0.5) {
        // Double-sided materials light their back faces too.
        vec3 n = normalize(gl_FrontFacing ? vNormal : -vNormal);
#ifdef MATERIAL_PBR
        float tl = dot(vTangent.xyz, vTangent.xyz);
        if (uNormalScale != 0.0 && tl > 1e-12) {
            vec3 t = normalize(vTangent.xyz - n * dot(n, vTangent.xyz));
            vec3 b = cross(n, t) * (vTangent.w < 0.0 ? -1.0 : 1.0);
            vec3 tn = texture(uNormalTexture, vUV).xyz * 2.0 - 1.0;
            tn.xy *= uNormalScale;
            n = normalize(mat3(t, b, n) * tn);
        }
        vec3 v = normalize(uCameraPos - vWorld);
        vec4 mr = texture(uMetalRoughTexture, vUV);
        float metallic = uPBR.x > 0.5 ? clamp(uPBR.y * mr.b, 0.0, 1.0) : 0.0;
        float rough = clamp(uPBR.z * mr.g, 0.03, 1.0);
        float alpha = rough * rough;
        vec3 diffuse = c.rgb * (1.0 - metallic);
        vec3 f0 = mix(vec3(0.04), c.rgb, metallic);
        float ao = 1.0 + uPBR.w * (texture(uOcclusionTexture, vUV).r - 1.0);
#else
        vec3 diffuse = c.rgb;
        float ao = 1.0;
#endif

        // Hemisphere ambient: sky above, ground below; a metal reflects it
        // along the mirror direction (Karis's analytic environment BRDF).
#ifdef SCENE_FULL
        vec3 sky = mix(uGround, uAmbient, n.y * 0.5 + 0.5);
#else
        vec3 sky = uAmbient;
#endif
        vec3 color = diffuse * sky;
#ifdef MATERIAL_PBR
        if (uPBR.x > 0.5) {
            float nv = max(dot(n, v), 1e-4);
            vec4 c0 = vec4(-1.0, -0.0275, -0.572, 0.022);
            vec4 c1 = vec4(1.0, 0.0425, 1.04, -0.04);
            vec4 r = rough * c0 + c1;
            float a004 = min(r.x * r.x, exp2(-9.28 * nv)) * r.x + r.y;
            vec2 ab = vec2(-1.04, 1.04) * a004 + r.zw;
            vec3 rd = reflect(-v, n);
#ifdef SCENE_FULL
            vec3 env = mix(uGround, uAmbient, rd.y * 0.5 + 0.5);
#else
            vec3 env = uAmbient;
#endif
            color = diffuse * (1.0 - f0) * sky + env * (f0 * ab.x + ab.y);
        }
#define SURFACE(l) brdf(n, v, l, diffuse, f0, alpha)
#else
#define SURFACE(l) (diffuse * max(dot(n, l), 0.0))
#endif
        color *= ao;

        float sunNL = max(dot(n, -uLightDir), 0.0);
#ifdef SCENE_FULL
        if (sunNL > 0.0) {
            color += SURFACE(-uLightDir) * uLightColor * sunShadow(n, sunNL);
        }
        for (int i = 0; i < uLightCount; i++) {
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
            // Candela over π: a white diffuse surface at 1 m shows I/π.
            color += SURFACE(l) * uLightTint[i].rgb * (att / PI);
        }
#else
        color += SURFACE(-uLightDir) * uLightColor;
#endif
        lit = color;
    }
#ifdef MATERIAL_PBR
    lit += uEmissive * texture(uEmissiveTexture, vUV).rgb;
#endif
#ifdef SCENE_FULL
    lit = toneMap(lit);
    if (uFog.a > 0.5) {
        float f = clamp((distance(uCameraPos, vWorld) - uFogRange.x) / max(uFogRange.y - uFogRange.x, 1e-6), 0.0, 1.0);
        lit = mix(lit, uFog.rgb, f);
    }
#endif
    fragColor = vec4(linearToSrgb(lit), mix(c.a, 1.0, uOpaque));
}
