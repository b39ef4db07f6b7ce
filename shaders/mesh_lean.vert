#version 410 core

// The lean instanced mesh vertex shader, for batches of an opaque,
// untextured material on a mesh without vertex colours whose instances
// share one colour. Per vertex: position and normal. Per instance: the
// model matrix's first three rows (an affine matrix's last row is always
// 0 0 0 1), 48 bytes instead of the full layout's 80. The colour is a
// uniform of the fragment shader, already linear.

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in vec4 aRow0;
layout(location = 3) in vec4 aRow1;
layout(location = 4) in vec4 aRow2;

uniform mat4 uViewProjection; // projection × view, multiplied once per scene on the CPU

out vec3 vNormal;
out vec3 vWorld; // world-space position, for lights and fog

void main() {
    vec4 p = vec4(aPosition, 1.0);
    vec3 world = vec3(dot(aRow0, p), dot(aRow1, p), dot(aRow2, p));
    // The linear part's columns, and their cofactor matrix, as in mesh.vert.
    vec3 c0 = vec3(aRow0.x, aRow1.x, aRow2.x);
    vec3 c1 = vec3(aRow0.y, aRow1.y, aRow2.y);
    vec3 c2 = vec3(aRow0.z, aRow1.z, aRow2.z);
    vNormal = mat3(cross(c1, c2), cross(c2, c0), cross(c0, c1)) * aNormal;
    vWorld = world;
    gl_Position = uViewProjection * vec4(world, 1.0);
}
