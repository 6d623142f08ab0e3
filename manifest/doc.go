// Package manifest checks Kubernetes manifests as the API server would check them on create (or
// on update), offline: it is `validation-gen validate` as a library, for pre-submit checks and
// for API authors' tests of their testdata manifests against their generated CRDs.
//
// # Use
//
//	schemas := manifest.NewSchemas()
//	if err := schemas.AddCRDs("config/crds"); err != nil { ... }          // CRDs, any tool's
//	if err := schemas.AddOpenAPI(openAPIJSON, "api.json"); err != nil { ... } // validation-gen --openapi-json
//	v, err := manifest.New(schemas, manifest.Options{})                      // Strict, as kubectl
//	report, err := v.ValidatePaths("config/samples/")                        // or ValidateBytes
//	for _, d := range report.Documents { ... d.Valid, d.Errors ... }
//	manifest.WriteReport(os.Stdout, report, "text")                         // or json, junit, sarif
//
// # What is checked, and by what
//
// Each document goes through the API server's request path for a custom resource, the server's
// own code where it is exported (k8s.io/apiextensions-apiserver and k8s.io/apimachinery), restated
// step for step where it is not (internal/crserver): the JSON or YAML serializer, strict under
// FieldValidation Strict or Warn (KEP-2885: duplicate fields; unknown fields found by pruning and
// by ObjectMeta's decoder); defaulting; the create handler's metadata steps (a cluster-scoped
// kind's namespace dropped, a missing namespace "default", a name generated from generateName
// with a fixed suffix, crserver.GeneratedNameSuffix); status dropped on kinds with a status
// subresource; then the strategy's validation: ObjectMeta (name, generateName, labels,
// annotations, finalizers, owner references), the OpenAPI schema, embedded resources,
// x-kubernetes-list-type and map keys, CEL rules (x-kubernetes-validations, messageExpression,
// fieldPath, reason) with the server's per-call and per-object cost limits. On update (an old
// object matched by Options.Old), transition rules see oldSelf and unchanged values ratchet
// (KEP-4008), as on the server. The server's surprises are kept: with Strict, an unknown or
// duplicate field stops the document's other checks (Options.AllErrors goes on, marking what the
// server would not report); YAML is YAML 1.1 (yes, on, y and n are booleans, 0x64 and 012 are
// numbers, merge keys merge); an unknown field in status is an error even where status is
// otherwise ignored. test/apiserver holds this to a real apiextensions-apiserver's verdicts,
// errors and warnings on every document of its corpus.
//
// Kinds from an OpenAPI document (AddOpenAPI) are served by the same path over their schema;
// see AddOpenAPI for how their group is found and what the document cannot say (scope).
//
// # Positions
//
// Every issue has the line and column, in its file, of the node it is about: the server's field
// path is walked in the document's YAML (or JSON) node tree, map keys holding dots included; a
// field the manifest does not have (a required one, a default) is reported at its nearest
// enclosing node. A duplicate field is reported at its last occurrence, with the others in
// Related. Positions are computed only for documents with findings.
//
// # The JSON report (a contract)
//
// WriteReport(w, r, "json") writes the Report as JSON; tools and tests read it, so its fields are
// only ever added to, never renamed, removed or given another meaning:
//
//	{"documents": [                     one entry per document, in input order
//	  {"file": "manifests/a.yaml",      the path as given; "-" for standard input
//	   "index": 0,                      0-based, in its file (a List's items count one each)
//	   "line": 1,                       where the document (or List item) starts
//	   "apiVersion": "...", "kind": "...",
//	   "namespace": "default",          as the server would use it ("" if cluster-scoped)
//	   "name": "...",                   (a generated name ends in crserver.GeneratedNameSuffix)
//	   "operation": "create",           or "update" (Options.Old)
//	   "valid": false,                  true: no errors
//	   "checked": true,                 false: the document could not be checked at all
//	   "errors": [
//	     {"field": "spec.replicas",     the server's field path; "" for the whole document
//	      "type": "Invalid value",      field.ErrorType's string, or one of the Type* constants
//	      "detail": "...",              the server's detail (the message for the Type* kinds)
//	      "message": "...",             what the server's response says for it
//	      "reason": "FieldValueInvalid",  the server's cause type (field errors only)
//	      "line": 12, "column": 5,
//	      "related": [{"line": 9, "column": 5}],  (optional) a duplicate's first occurrence
//	      "afterDecodingError": true}   (optional) found only because of Options.AllErrors
//	   ],
//	   "warnings": [ ...same shape, "type": "Warning" or "Unknown field"/"Duplicate field" (Warn) ]}
//	]}
//
// Exit status of validate (Report.ExitCode): 0 every document valid, 1 some document invalid, 2
// some document not checked (and, from the command, any usage, file or schema error).
package manifest
