package engine

// Version is tickwork's version, written into recordings so a replay made
// by another version can be recognised.
const Version = "0.5.0"
