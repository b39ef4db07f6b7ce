#version 410 core

// The sky gradient: the colour of the direction a pixel looks in, from
// the horizon colour level with the ground to the zenith colour straight
// up (and the ground colour below the horizon), in sRGB as given (with
// HDR_OUTPUT defined: decoded to linear light for a floating-point target,
// which the tone-mapping pass exposes and maps with the scene).

uniform mat4 uInvViewProjection; // clip space to world space
uniform vec3 uCameraPos;
uniform vec3 uZenith;  // sRGB-encoded
uniform vec3 uHorizon; // sRGB-encoded
uniform vec3 uGroundSky; // sRGB-encoded

in vec2 vNDC;

out vec4 fragColor;

void main() {
    vec4 far = uInvViewProjection * vec4(vNDC, 1.0, 1.0);
    vec3 dir = normalize(far.xyz / far.w - uCameraPos);
    vec3 c = dir.y >= 0.0 ? mix(uHorizon, uZenith, dir.y) : mix(uHorizon, uGroundSky, -dir.y);
#ifdef HDR_OUTPUT
    c = mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(0.04045, c));
#endif
    fragColor = vec4(c, 1.0);
}
