//go:build unix

package fsx

import "syscall"

// openFlags opens without blocking: opening a FIFO that has no writer
// returns at once (and is then refused) instead of waiting for one.
const openFlags = syscall.O_NONBLOCK
