#version 410 core

// Instanced mesh vertex shader. Per vertex: position and normal of the
// mesh. Per instance: the model (render) matrix, which takes attribute
// locations 2 to 5, and the colour.

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in mat4 aModel;
layout(location = 6) in vec4 aColor;

uniform mat4 uViewProjection; // projection × view, multiplied once per scene on the CPU

out vec3 vNormal;
out vec4 vColor;

void main() {
    mat3 m = mat3(aModel);
    // The cofactor matrix is the inverse transpose scaled by the determinant:
    // it keeps normals perpendicular under non-uniform scale without a
    // per-vertex inverse. The fragment shader normalises.
    mat3 cof = mat3(cross(m[1], m[2]), cross(m[2], m[0]), cross(m[0], m[1]));
    vNormal = cof * aNormal;
    vColor = aColor;
    gl_Position = uViewProjection * (aModel * vec4(aPosition, 1.0));
}
