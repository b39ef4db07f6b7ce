#version 410 core

// Debug lines: the vertex colour as it is (sRGB-encoded, like the HUD's),
// alpha-blended.

in vec4 vColor;

out vec4 fragColor;

void main() {
    fragColor = vColor;
}
