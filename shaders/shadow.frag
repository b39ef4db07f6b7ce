#version 410 core

// The shadow pass writes depth only.

void main() {
}
