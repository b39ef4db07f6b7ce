#version 410 core

// HUD quads: one instance per rectangle, sprite or glyph, four vertices
// each drawn as a triangle strip. The corner comes from gl_VertexID, so no
// per-vertex buffer is needed. Coordinates are framebuffer pixels, origin
// top-left.

layout(location = 0) in vec4 aRect;   // x, y, width, height in pixels
layout(location = 1) in vec4 aUV;     // u0, v0, u1, v1 in the atlas or the image (v grows downwards)
layout(location = 2) in vec4 aColor;  // RGBA, not premultiplied
layout(location = 3) in vec4 aParams; // rotation (radians, clockwise on screen), kind: 0 atlas, 1 image, 2 TrueType glyph

uniform vec2 uScreen; // framebuffer width and height in pixels

out vec2 vUV;
out vec4 vColor;
flat out float vImage;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    // Rotate about the rectangle's centre; y grows downwards, so a positive
    // angle turns clockwise on screen.
    float s = sin(aParams.x), c = cos(aParams.x);
    vec2 d = (corner - 0.5) * aRect.zw;
    vec2 p = aRect.xy + 0.5 * aRect.zw + vec2(c * d.x - s * d.y, s * d.x + c * d.y);
    gl_Position = vec4(p.x / uScreen.x * 2.0 - 1.0, 1.0 - p.y / uScreen.y * 2.0, 0.0, 1.0);
    vUV = mix(aUV.xy, aUV.zw, corner);
    vColor = aColor;
    vImage = aParams.y;
}
