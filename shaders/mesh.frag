#version 410 core

// Lambert shading: one directional light plus an ambient term.

uniform vec3 uLightDir;   // direction the light travels, world space, unit length
uniform vec3 uLightColor; // diffuse colour
uniform vec3 uAmbient;    // ambient colour

in vec3 vNormal;
in vec4 vColor;

out vec4 fragColor;

void main() {
    vec3 n = normalize(vNormal);
    float diffuse = max(dot(n, -uLightDir), 0.0);
    fragColor = vec4(vColor.rgb * (uAmbient + uLightColor * diffuse), vColor.a);
}
