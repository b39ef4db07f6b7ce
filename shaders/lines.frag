#version 410 core

// Debug lines: the vertex colour as it is (sRGB-encoded, like the HUD's),
// alpha-blended (with HDR_OUTPUT defined: decoded to linear light for a
// floating-point target).

in vec4 vColor;

out vec4 fragColor;

void main() {
#ifdef HDR_OUTPUT
    vec3 c = vColor.rgb;
    fragColor = vec4(mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(0.04045, c)), vColor.a);
#else
    fragColor = vColor;
#endif
}
