#version 410 core

// Instanced mesh vertex shader. Per vertex: position, normal, texture
// coordinates and colour of the mesh. Per instance: the model (render)
// matrix, which takes attribute locations 2 to 5, and the colour.

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in mat4 aModel;
layout(location = 6) in vec4 aColor;       // instance colour, sRGB-encoded (gfx.Color)
layout(location = 7) in vec2 aUV;          // (0, 0) at the image's top-left
layout(location = 8) in vec4 aVertexColor; // linear, white when the mesh has none
layout(location = 12) in vec4 aTangent;    // xyz tangent, w handedness; zero when the mesh has none

uniform mat4 uViewProjection; // projection × view, multiplied once per scene on the CPU
uniform mat3 uUVTransform;    // the material's texture transform

out vec3 vNormal;
out vec4 vColor; // linear: instance × vertex colour
out vec2 vUV;
out vec3 vWorld;   // world-space position, for lights, fog and shadows
out vec4 vTangent; // world-space tangent (not normalised), w handedness

vec3 srgbToLinear(vec3 c) {
    return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(0.04045, c));
}

void main() {
    mat3 m = mat3(aModel);
    // The cofactor matrix is the inverse transpose scaled by the determinant:
    // it keeps normals perpendicular under non-uniform scale without a
    // per-vertex inverse. The fragment shader normalises.
    mat3 cof = mat3(cross(m[1], m[2]), cross(m[2], m[0]), cross(m[0], m[1]));
    vNormal = cof * aNormal;
    vColor = vec4(srgbToLinear(aColor.rgb), aColor.a) * aVertexColor;
    vUV = (uUVTransform * vec3(aUV, 1.0)).xy;
    vTangent = vec4(m * aTangent.xyz, aTangent.w);
    vec4 world = aModel * vec4(aPosition, 1.0);
    vWorld = world.xyz;
    gl_Position = uViewProjection * world;
}
