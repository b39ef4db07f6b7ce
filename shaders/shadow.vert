#version 410 core

// The shadow pass: instanced meshes drawn from the sun into one cascade of
// the shadow map, depth only. Per vertex: position. Per instance: the
// model matrix (the mesh program's full layout).

layout(location = 0) in vec3 aPosition;
layout(location = 2) in mat4 aModel;

uniform mat4 uLightVP; // world to the cascade's clip space

void main() {
    gl_Position = uLightVP * (aModel * vec4(aPosition, 1.0));
}
