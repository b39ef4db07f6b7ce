// Package fsx opens the files the engine reads — models and the buffers and
// images they name, fonts, sounds and music, shader files, recordings — so
// that what a file makes the engine read is bounded by what the file really
// holds.
//
// Every file is opened the same way:
//
//   - Only regular files are read. A FIFO (which would block forever), a
//     device (/dev/zero never ends), a socket or a directory is refused with
//     a *NotRegularError naming the path and what it is (errors.Is(err,
//     ErrNotRegular)), before anything is read. A symbolic link is followed,
//     and what it leads to is checked.
//   - The size comes from Stat, and reading stops there: a file that grows
//     while it is read yields the bytes it held when it was opened, never
//     more. ReadFile allocates the size once.
//   - On disk, a directory given to Dir is a root (os.Root): a name, or a
//     symbolic link inside the directory, that leads outside it is refused,
//     as a "../" name is refused by every fs.FS. A path given whole to
//     ReadPath or OpenPath is the caller's choice and is followed wherever
//     it points, to a regular file only.
//   - On Unix, Dir, ReadPath and OpenPath open files without blocking
//     (O_NONBLOCK) and check them again after opening (fstat), so a file
//     replaced by a FIFO between the check and the open cannot hang the
//     game either. Another fs.FS opens as it does: a FIFO is refused from
//     its Stat before it is opened.
//
// Guard wraps any fs.FS (os.DirFS, embed.FS, a zip) with the first two
// rules; a file system that cannot Stat without opening (no fs.StatFS) is
// checked right after opening.
//
// The package uses the standard library only, so every layer may import it:
// the gfx packages (gfx/text, gfx/gl41) and the engine's (engine/asset,
// engine/audio, engine/replay) alike. Its functions are safe on any
// goroutine; a File is used by one goroutine at a time.
package fsx
