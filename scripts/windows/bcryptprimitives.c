/*
 * A stand-in for Windows' bcryptprimitives.dll, built with mingw-w64 for
 * Wine only (scripts/check-windows.sh): Go's Windows runtime asks that
 * library for ProcessPrng before it starts, and Wine 8.0 (Debian 12) does
 * not have it. Real Windows 10 and later ship it, so no game needs this.
 * ProcessPrng fills the buffer from RtlGenRandom (advapi32).
 */
#include <windows.h>
#include <ntsecapi.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
	while (len > 0) {
		ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
		if (!RtlGenRandom(data, n))
			return FALSE;
		data += n;
		len -= n;
	}
	return TRUE;
}
