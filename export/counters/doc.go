// Package counters lists the counters of a game module for someone writing
// a scenario (muster counters): List selects them by side, command, type or
// a fragment of the name, with a did-you-mean for a side, type or command
// the module lacks, and the Table writes itself as aligned text or
// Markdown, or encodes as JSON. A printed value the module lacks shows as
// Missing, never as a guess.
package counters
