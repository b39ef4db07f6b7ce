#version 410 core

// The sky: one triangle covering the screen, drawn behind a scene. It
// passes each corner's position in normalised device coordinates on.

out vec2 vNDC;

void main() {
    vec2 p = vec2(float((gl_VertexID & 1) << 2) - 1.0, float((gl_VertexID & 2) << 1) - 1.0);
    vNDC = p;
    gl_Position = vec4(p, 1.0, 1.0);
}
