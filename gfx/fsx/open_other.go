//go:build !unix

package fsx

// openFlags: no FIFOs to guard against outside Unix.
const openFlags = 0
