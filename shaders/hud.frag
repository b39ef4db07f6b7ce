#version 410 core

// HUD colour: the atlas holds coverage in its red channel; rectangles
// sample a texel that is fully covered.

uniform sampler2D uAtlas;

in vec2 vUV;
in vec4 vColor;

out vec4 fragColor;

void main() {
    fragColor = vec4(vColor.rgb, vColor.a * texture(uAtlas, vUV).r);
}
