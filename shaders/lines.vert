#version 410 core

// Debug lines: a GL_LINES stream of world-space vertices with an RGBA8
// colour each. Vertices from uTopFrom on are drawn over the scene: they
// sit at the near end of the depth range, so the depth test passes them
// over any mesh, and they are still clipped where they pass behind the eye.

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec4 aColor; // sRGB-encoded, as the HUD's colours

uniform mat4 uViewProjection; // world to clip space
uniform int uTopFrom;         // the first vertex drawn over the scene

out vec4 vColor;

void main() {
    gl_Position = uViewProjection * vec4(aPosition, 1.0);
    if (gl_VertexID >= uTopFrom) {
        gl_Position.z = -gl_Position.w;
    }
    vColor = aColor;
}
