package manifest

// Report is the result of a run: one Document per manifest document, in input order (files in
// the order given, a directory's files in lexical order, documents in file order, a List's items
// in list order). Its JSON form is the output of `validation-gen validate -o json` and is
// documented in the package doc: fields are added, never renamed or removed.
type Report struct {
	Documents []Document `json:"documents"`
}

// Document is the verdict on one document.
type Document struct {
	// File is the path as given ("-" for standard input).
	File string `json:"file"`
	// Index is the document's 0-based index in its file, counting each item of a List as a
	// document and skipping empty documents.
	Index int `json:"index"`
	// Line is the 1-based line where the document (or the List item) starts in File.
	Line int `json:"line"`
	// APIVersion, Kind, Namespace and Name are the document's own, as far as they could be read;
	// Namespace is the one the server would use ("default" for a namespaced kind without one, ""
	// for a cluster-scoped kind).
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Namespace  string `json:"namespace"`
	Name       string `json:"name"`
	// Operation is "create", or "update" when an old object matched (Options.Old).
	Operation string `json:"operation"`
	// Valid is true when the server would accept the document: no errors.
	Valid bool `json:"valid"`
	// Checked is false when the document could not be checked at all (it does not parse, has no
	// kind, or no schema is known for its kind); such a document is not valid either.
	Checked  bool    `json:"checked"`
	Errors   []Issue `json:"errors"`
	Warnings []Issue `json:"warnings"`
}

// Issue is one error or warning.
type Issue struct {
	// Field is the field path as the server spells it ("spec.rules[0].matches", map keys as the
	// server spells them), "" for the whole document.
	Field string `json:"field"`
	// Type is the field.ErrorType's string for the server's field errors ("Invalid value",
	// "Unsupported value", "Required value", ...), or one of this package's types for what the
	// server reports otherwise: TypeUnknownField, TypeDuplicateField, TypeDecoding, TypeNoSchema,
	// TypeRequest, TypeWarning.
	Type string `json:"type"`
	// Detail is the server's detail of a field error; for the other types, the server's message
	// (for instance `unknown field "spec.foo"`).
	Detail string `json:"detail"`
	// Message is what the server says for this error in its response (a field error's
	// ErrorBody(), e.g. `Invalid value: "x": must be ...`).
	Message string `json:"message"`
	// Reason is the server's cause type for a field error ("FieldValueInvalid", ...), "" for
	// the other types.
	Reason string `json:"reason,omitempty"`
	// Line and Column (1-based) are where the offending node is in File: the field itself, or the
	// nearest enclosing node that is in the manifest (a missing or defaulted field).
	Line   int `json:"line"`
	Column int `json:"column"`
	// Related are other positions the issue is about: for a duplicate field, the first occurrence.
	Related []Position `json:"related,omitempty"`
	// AfterDecodingError marks an error the server would not report: with fieldValidation Strict
	// it stops at the decoding error (unknown or duplicate fields); Options.AllErrors goes on.
	AfterDecodingError bool `json:"afterDecodingError,omitempty"`
}

// Position is a place in a file.
type Position struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// Issue types that are not a field.ErrorType.
const (
	// TypeUnknownField is a field the schema does not have (KEP-2885, fieldValidation Strict or
	// Warn); the server prunes it.
	TypeUnknownField = "Unknown field"
	// TypeDuplicateField is a field given twice in one object.
	TypeDuplicateField = "Duplicate field"
	// TypeDecoding is a document the server cannot decode (malformed YAML or JSON, no kind,
	// metadata of the wrong shape).
	TypeDecoding = "Decoding error"
	// TypeNoSchema is a document whose kind has no schema among those loaded.
	TypeNoSchema = "No schema"
	// TypeRequest is a request the server refuses before validation (a namespace conflict).
	TypeRequest = "Bad request"
	// TypeWarning is a warning the server returns (a deprecated version, a finalizer name).
	TypeWarning = "Warning"
)

// Valid reports whether every document is valid.
func (r *Report) Valid() bool {
	for _, d := range r.Documents {
		if !d.Valid {
			return false
		}
	}
	return true
}

// Unchecked reports whether some document could not be checked (see Document.Checked).
func (r *Report) Unchecked() bool {
	for _, d := range r.Documents {
		if !d.Checked {
			return true
		}
	}
	return false
}

// ExitCode is the exit status of `validation-gen validate` for the report: 0 when every document
// is valid, 1 when some document is invalid, 2 when some document could not be checked.
func (r *Report) ExitCode() int {
	switch {
	case r.Unchecked():
		return 2
	case !r.Valid():
		return 1
	}
	return 0
}
