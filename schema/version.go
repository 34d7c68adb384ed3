package schema

// Version is the version of the document formats these schemas describe;
// it is part of BaseURL, so a document's "$schema" names it.
const Version = "v1"
