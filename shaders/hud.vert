#version 410 core

// HUD quads: one instance per rectangle or glyph, four vertices each drawn
// as a triangle strip. The corner comes from gl_VertexID, so no per-vertex
// buffer is needed. Coordinates are framebuffer pixels, origin top-left.

layout(location = 0) in vec4 aRect;  // x, y, width, height in pixels
layout(location = 1) in vec4 aUV;    // atlas u0, v0, u1, v1 (v grows downwards)
layout(location = 2) in vec4 aColor; // RGBA, not premultiplied

uniform vec2 uScreen; // framebuffer width and height in pixels

out vec2 vUV;
out vec4 vColor;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vec2 p = aRect.xy + corner * aRect.zw;
    gl_Position = vec4(p.x / uScreen.x * 2.0 - 1.0, 1.0 - p.y / uScreen.y * 2.0, 0.0, 1.0);
    vUV = mix(aUV.xy, aUV.zw, corner);
    vColor = aColor;
}
