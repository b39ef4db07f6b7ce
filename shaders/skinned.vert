#version 410 core

// Instanced skinned and morphed mesh vertex shader, paired with mesh.frag
// (compiled with every define: skinned meshes take the full lighting).
// Per vertex, as mesh.vert, plus the four joints and weights of the skin.
// Per instance, as mesh.vert, plus where the instance's bone palette and
// morph weights start. Bone matrices are four RGBA32F texels each in
// uBones; morph target offsets of the mesh are in uTargets (per vertex,
// per target: the position offset, then the normal offset); the frame's
// morph weights are in uMorphWeights.

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in mat4 aModel;
layout(location = 6) in vec4 aColor;       // instance colour, sRGB-encoded (gfx.Color)
layout(location = 7) in vec2 aUV;          // (0, 0) at the image's top-left
layout(location = 8) in vec4 aVertexColor; // linear, white when the mesh has none
layout(location = 9) in uvec4 aJoints;     // indices into the instance's palette
layout(location = 10) in vec4 aWeights;    // sum to one
layout(location = 11) in ivec2 aBase;      // per instance: first bone, first morph weight (-1: none)
layout(location = 12) in vec4 aTangent;    // xyz tangent, w handedness; zero when the mesh has none

uniform mat4 uViewProjection;
uniform mat3 uUVTransform;
uniform samplerBuffer uBones;        // texture unit 1
uniform samplerBuffer uTargets;      // texture unit 2
uniform samplerBuffer uMorphWeights; // texture unit 3
uniform int uTargetCount;            // the mesh's morph targets, 0 to 8
uniform int uBoneBase;               // subtracted from aBase.x: uBones holds this batch's bones
uniform int uMorphBase;              // subtracted from aBase.y
uniform int uSkinned;                // 1: the mesh has joints and weights

out vec3 vNormal;
out vec4 vColor;
out vec2 vUV;
out vec3 vWorld;   // world-space position, for lights, fog and shadows
out vec4 vTangent; // world-space tangent (not normalised), w handedness

vec3 srgbToLinear(vec3 c) {
    return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(0.04045, c));
}

mat4 bone(int i) {
    return mat4(texelFetch(uBones, 4 * i), texelFetch(uBones, 4 * i + 1),
                texelFetch(uBones, 4 * i + 2), texelFetch(uBones, 4 * i + 3));
}

void main() {
    vec3 pos = aPosition;
    vec3 nrm = aNormal;
    vec3 tng = aTangent.xyz;
    if (aBase.y >= 0) {
        for (int t = 0; t < uTargetCount; t++) {
            float w = texelFetch(uMorphWeights, aBase.y - uMorphBase + t).r;
            int k = 2 * (gl_VertexID * uTargetCount + t);
            pos += w * texelFetch(uTargets, k).xyz;
            nrm += w * texelFetch(uTargets, k + 1).xyz;
        }
    }
    if (uSkinned != 0 && aBase.x >= 0) {
        int b = aBase.x - uBoneBase;
        mat4 skin = aWeights.x * bone(b + int(aJoints.x)) + aWeights.y * bone(b + int(aJoints.y)) +
                    aWeights.z * bone(b + int(aJoints.z)) + aWeights.w * bone(b + int(aJoints.w));
        pos = (skin * vec4(pos, 1.0)).xyz;
        nrm = mat3(skin) * nrm; // bones are rigid or uniformly scaled
        tng = mat3(skin) * tng;
    }
    mat3 m = mat3(aModel);
    mat3 cof = mat3(cross(m[1], m[2]), cross(m[2], m[0]), cross(m[0], m[1]));
    vNormal = cof * nrm;
    vColor = vec4(srgbToLinear(aColor.rgb), aColor.a) * aVertexColor;
    vUV = (uUVTransform * vec3(aUV, 1.0)).xy;
    vTangent = vec4(m * tng, aTangent.w);
    vec4 world = aModel * vec4(pos, 1.0);
    vWorld = world.xyz;
    gl_Position = uViewProjection * world;
}
