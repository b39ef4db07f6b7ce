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

#ifdef FACETED
// A faceted mesh (each triangle's three normals equal) of a single-sided
// material in a scene lit by the sun and one ambient colour: its three
// vertices light a triangle alike, and so would every pixel between them.
// The colour is lit and encoded here, as mesh_lean.frag does it per pixel,
// and passed flat.
uniform vec3 uLightDir;   // direction the sun's light travels, world space, unit length
uniform vec3 uLightColor; // the sun's colour (linear)
uniform vec3 uAmbient;    // ambient (linear)
uniform vec3 uColor;      // the batch's colour, linear
uniform float uUnlit;     // 1: no lighting

flat out vec3 vLit; // the triangle's colour, as the fragment shader writes it

vec3 linearToSrgb(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, c));
}
#else
out vec3 vNormal;
out vec3 vWorld; // world-space position, for lights and fog
#endif

void main() {
    vec4 p = vec4(aPosition, 1.0);
    vec3 world = vec3(dot(aRow0, p), dot(aRow1, p), dot(aRow2, p));
    // The linear part's columns, and their cofactor matrix, as in mesh.vert.
    vec3 c0 = vec3(aRow0.x, aRow1.x, aRow2.x);
    vec3 c1 = vec3(aRow0.y, aRow1.y, aRow2.y);
    vec3 c2 = vec3(aRow0.z, aRow1.z, aRow2.z);
    vec3 normal = mat3(cross(c1, c2), cross(c2, c0), cross(c0, c1)) * aNormal;
    gl_Position = uViewProjection * vec4(world, 1.0);
#ifdef FACETED
    vec3 lit = uColor;
    if (uUnlit < 0.5) {
        float sunNL = max(dot(normalize(normal), -uLightDir), 0.0);
        lit = uColor * (uAmbient + uLightColor * sunNL);
    }
#if defined(HDR_OUTPUT)
    vLit = max(lit, 0.0);
#elif defined(LINEAR_OUTPUT)
    vLit = clamp(lit, 0.0, 1.0);
#else
    vLit = linearToSrgb(lit);
#endif
#else
    vNormal = normal;
    vWorld = world;
#endif
}
