// Package atomicfile writes files so that nothing the user made is lost:
// a reader, or the user after a crash, sees either the old file, untouched,
// or the whole new one.
//
// Every file tickwork writes goes through it: screenshots, recordings,
// benchmark results, generated games; a game's save files can use it too.
// A write goes to a temporary file "<name>.<random>.partial" in the target's
// directory; Commit syncs it, renames it over the target in one step and
// syncs the directory where the system allows. Abort, or an error before
// the rename, removes the temporary file and leaves the target as it was.
// A process killed mid-write leaves the target untouched and the .partial
// file beside it, holding what was written (the replay package reads such
// a leftover recording).
//
// Targets are checked before anything is written (Check): a path that is a
// directory, a directory that does not exist or cannot take a new file, and
// an existing file that is read-only are refused with an error saying what
// to do, rather than replaced. The new file keeps an existing target's permissions; a new
// target gets the mode given (0644 by default).
//
// The functions may be called from any goroutine; a File is used by one
// goroutine at a time.
package atomicfile
