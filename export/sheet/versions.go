package sheet

// Versions of the formats muster writes into workbooks and reads back, for
// muster version and bug reports.
const (
	DataVersion     = xlsxDataVersion // the hidden data sheet of muster export xlsx
	TemplateVersion = templateVersion // the hidden sheet of muster module template
)
