package main

import "bytes"

// Line endings: a file muster rewrites in place (muster fmt -w) keeps the
// line ending it had, so a Windows file saved with CRLF stays CRLF and is not
// reported as unformatted for that alone. Every file muster creates (export,
// import, new, schema -o, playtest logs) is written with LF on every
// platform; every editor muster's users have reads LF.

// keepLineEnds gives out, formatted with LF, the line ending of src: CRLF
// when src's first line ends in CRLF. Formatted JSON holds newlines only
// between tokens (a string escapes its own), so every LF is a line end.
func keepLineEnds(src, out []byte) []byte {
	i := bytes.IndexByte(src, '\n')
	if i <= 0 || src[i-1] != '\r' {
		return out
	}
	return bytes.ReplaceAll(out, []byte("\n"), []byte("\r\n"))
}
