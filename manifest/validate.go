package manifest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"sync"

	yaml "go.yaml.in/yaml/v3"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/validation-gen/validation-gen/internal/crserver"
)

// FieldValidation is the server's fieldValidation directive (KEP-2885): what unknown and
// duplicate fields are.
type FieldValidation string

const (
	// Strict makes an unknown or duplicate field a decoding error: the server rejects the
	// document with it and checks nothing else (see Options.AllErrors).
	Strict FieldValidation = "Strict"
	// Warn makes them warnings; the server prunes unknown fields and validates the rest.
	Warn FieldValidation = "Warn"
	// Ignore drops unknown fields silently (duplicates: the last one wins).
	Ignore FieldValidation = "Ignore"
)

// ParseFieldValidation reads a --field-validation value, case-insensitively as the server does.
func ParseFieldValidation(s string) (FieldValidation, error) {
	for _, v := range []FieldValidation{Strict, Warn, Ignore} {
		if strings.EqualFold(s, string(v)) {
			return v, nil
		}
	}
	return "", fmt.Errorf("invalid field validation %q: must be Strict, Warn or Ignore", s)
}

// Options configure a Validator.
type Options struct {
	// FieldValidation is the directive for unknown and duplicate fields; "" is Strict, what
	// kubectl sends by default.
	FieldValidation FieldValidation
	// AllErrors goes on after a Strict decoding error and reports what the server would find in
	// the pruned object too, each such error marked AfterDecodingError.
	AllErrors bool
	// Old are files or directories of the objects as they are in the cluster: a document whose
	// group, kind, namespace and name match one is checked as an update of it (transition rules,
	// ratcheting), else as a create.
	Old []string
	// Parallelism is how many documents are checked at once; 0 is GOMAXPROCS.
	Parallelism int
	// Stdin is what "-" reads; nil is os.Stdin.
	Stdin io.Reader
}

// Validator checks manifests against Schemas as the API server would on create (or update).
// It is safe for concurrent use.
type Validator struct {
	schemas *Schemas
	opts    Options
	old     map[objectKey]*oldObject
}

// New returns a Validator over schemas. It reads Options.Old, and fails if they cannot be read.
func New(schemas *Schemas, opts Options) (*Validator, error) {
	if opts.FieldValidation == "" {
		opts.FieldValidation = Strict
	}
	if _, err := ParseFieldValidation(string(opts.FieldValidation)); err != nil {
		return nil, err
	}
	v := &Validator{schemas: schemas, opts: opts}
	if len(opts.Old) > 0 {
		if err := v.loadOld(opts.Old); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// ValidatePaths checks the documents of files and directories (recursively, *.yaml, *.yml and
// *.json), "-" for standard input. The error is for files that cannot be read; problems with the
// documents themselves are in the report.
func (v *Validator) ValidatePaths(paths ...string) (*Report, error) {
	files, err := expandPaths(paths)
	if err != nil {
		return nil, err
	}
	var docs []document
	for _, f := range files {
		data, err := readFile(f, v.opts.Stdin)
		if err != nil {
			return nil, err
		}
		docs = append(docs, splitDocuments(f, data)...)
	}
	return v.validate(docs), nil
}

// ValidateBytes checks the documents of one file's content; name is the file name to report.
func (v *Validator) ValidateBytes(name string, data []byte) *Report {
	return v.validate(splitDocuments(name, data))
}

// validate checks documents in parallel and reports them in order, List items renumbered.
func (v *Validator) validate(docs []document) *Report {
	results := make([][]Document, len(docs))
	n := v.opts.Parallelism
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = v.check(context.Background(), docs[i])
			}
		}()
	}
	for i := range docs {
		next <- i
	}
	close(next)
	wg.Wait()
	r := &Report{Documents: []Document{}}
	index := map[string]int{}
	for _, ds := range results {
		for _, d := range ds {
			sortIssues(d.Errors)
			sortIssues(d.Warnings)
			d.Index = index[d.File]
			index[d.File]++
			r.Documents = append(r.Documents, d)
		}
	}
	return r
}

// sortIssues orders a document's issues by position, then field, type and message: the server
// returns them in an order that varies from run to run (its schema validator ranges over maps),
// and validate's output is deterministic.
func sortIssues(l []Issue) {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		switch {
		case a.Line != b.Line:
			return a.Line < b.Line
		case a.Column != b.Column:
			return a.Column < b.Column
		case a.Field != b.Field:
			return a.Field < b.Field
		case a.Type != b.Type:
			return a.Type < b.Type
		}
		return a.Message < b.Message
	})
}

// typeMeta is what is read of a document before its kind is known.
type typeMeta struct {
	APIVersion string            `json:"apiVersion"`
	Kind       string            `json:"kind"`
	Metadata   json.RawMessage   `json:"metadata"`
	Items      []json.RawMessage `json:"items"`
}

// nameAndNamespace reads metadata's name and namespace, if metadata is an object with them.
func (tm typeMeta) nameAndNamespace() (name, namespace string) {
	var m struct {
		Name      interface{} `json:"name"`
		Namespace interface{} `json:"namespace"`
	}
	if json.Unmarshal(tm.Metadata, &m) != nil {
		return "", ""
	}
	name, _ = m.Name.(string)
	namespace, _ = m.Namespace.(string)
	return name, namespace
}

// readTypeMeta reads what is needed of a JSON document before its kind is known; items of a
// List and metadata of the wrong shape are left to the server's decoder.
func readTypeMeta(data []byte) (typeMeta, error) {
	var tm typeMeta
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return tm, err
	}
	_ = json.Unmarshal(raw["apiVersion"], &tm.APIVersion)
	_ = json.Unmarshal(raw["kind"], &tm.Kind)
	tm.Metadata = raw["metadata"]
	if items, ok := raw["items"]; ok {
		_ = json.Unmarshal(items, &tm.Items)
	}
	return tm, nil
}

// check checks one document: a List gives one result per item.
func (v *Validator) check(ctx context.Context, d document) []Document {
	loc := newLocator(d.data, d.line)
	res := Document{File: d.file, Line: d.line, Operation: "create", Errors: []Issue{}, Warnings: []Issue{}}
	if d.err != nil {
		res.Errors = append(res.Errors, Issue{Type: TypeDecoding, Detail: d.err.Error(), Message: d.err.Error(), Line: d.line, Column: 1})
		return []Document{res}
	}
	if d.yaml {
		if obj, ok := yamlObject(d.data); ok {
			if res, ok := v.checkObject(ctx, res, obj, loc); ok {
				return []Document{res}
			}
		}
	}
	jsonData, yamlStrictErr, err := toJSON(d)
	if err != nil {
		return []Document{unreadable(res, loc, err)}
	}
	tm, err := readTypeMeta(jsonData)
	if err != nil {
		return []Document{unreadable(res, loc, err)}
	}
	res.APIVersion, res.Kind = tm.APIVersion, tm.Kind
	res.Name, res.Namespace = tm.nameAndNamespace()
	if tm.Kind == "" || tm.APIVersion == "" {
		missing := "kind"
		if tm.Kind != "" {
			missing = "apiVersion"
		}
		p := loc.start()
		res.Errors = append(res.Errors, Issue{Type: TypeDecoding, Field: missing, Detail: "Object '" + missing + "' is missing",
			Message: "Object '" + missing + "' is missing", Line: p.Line, Column: p.Column})
		return []Document{res}
	}
	if isList(tm) {
		return v.checkList(ctx, d, loc, tm)
	}
	gv, err := schema.ParseGroupVersion(tm.APIVersion)
	if err != nil {
		return []Document{unreadable(res, loc, err)}
	}
	k, why := v.schemas.lookup(gv.WithKind(tm.Kind))
	if k == nil {
		p := loc.start()
		res.Errors = append(res.Errors, Issue{Type: TypeNoSchema, Detail: why, Message: why, Line: p.Line, Column: p.Column})
		return []Document{res}
	}
	res.Checked = true
	v.checkKind(ctx, &res, k, body{json: jsonData, yamlStrictErr: yamlStrictErr}, loc)
	return []Document{res}
}

// checkObject is check for a YAML document yamlObject has decoded, when it has a kind and an
// apiVersion that are strings and is not a List: what check does with the JSON text, on the
// object. ok is false for any other document, which check reads as JSON text.
func (v *Validator) checkObject(ctx context.Context, res Document, obj map[string]interface{}, loc *locator) (Document, bool) {
	apiVersion, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	if apiVersion == "" || kind == "" || strings.HasSuffix(kind, "List") {
		return res, false
	}
	res.APIVersion, res.Kind = apiVersion, kind
	if m, ok := obj["metadata"].(map[string]interface{}); ok {
		res.Name, _ = m["name"].(string)
		res.Namespace, _ = m["namespace"].(string)
	}
	gv, err := schema.ParseGroupVersion(apiVersion)
	if err != nil {
		return unreadable(res, loc, err), true
	}
	k, why := v.schemas.lookup(gv.WithKind(kind))
	if k == nil {
		p := loc.start()
		res.Errors = append(res.Errors, Issue{Type: TypeNoSchema, Detail: why, Message: why, Line: p.Line, Column: p.Column})
		return res, true
	}
	res.Checked = true
	v.checkKind(ctx, &res, k, body{obj: obj}, loc)
	return res, true
}

// body is a document's content as checkKind decodes it: JSON text (with the YAML strict
// conversion's error, if any), or the object yamlObject made of a YAML document.
type body struct {
	json          []byte
	yamlStrictErr error
	obj           map[string]interface{}
}

// toJSON converts a YAML document to JSON once, as the server's YAML serializer converts it
// (sigs.k8s.io/yaml, YAML 1.1), and returns the strict conversion's error (duplicate keys) apart:
// the strict conversion is tried first, and when it succeeds (no duplicates, the common case) its
// result is the plain conversion's, so one parse does for both.
func toJSON(d document) (jsonData []byte, yamlStrictErr, err error) {
	if !d.yaml {
		return d.data, nil, nil
	}
	j, strictErr := sigsyaml.YAMLToJSONStrict(d.data)
	if strictErr == nil {
		return j, nil, nil
	}
	j, err = sigsyaml.YAMLToJSON(d.data)
	if err != nil {
		return nil, nil, err
	}
	return j, strictErr, nil
}

// unreadable is a document that does not parse.
func unreadable(res Document, loc *locator, err error) Document {
	p := loc.start()
	if l, ok := errorLine(err.Error()); ok {
		p = Position{Line: loc.line + l - 1, Column: 1}
	}
	res.Errors = append(res.Errors, Issue{Type: TypeDecoding, Detail: err.Error(), Message: err.Error(), Line: p.Line, Column: p.Column})
	return res
}

// errorLine reads "line N" from a YAML parser's message.
func errorLine(msg string) (int, bool) {
	i := strings.Index(msg, "line ")
	if i < 0 {
		return 0, false
	}
	n := 0
	j := i + len("line ")
	for ; j < len(msg) && msg[j] >= '0' && msg[j] <= '9'; j++ {
		n = n*10 + int(msg[j]-'0')
	}
	return n, n > 0
}

// isList reports whether a document is a list of objects, which kubectl sends item by item:
// v1/List, or any *List kind with items.
func isList(tm typeMeta) bool {
	return tm.Kind == "List" || (strings.HasSuffix(tm.Kind, "List") && tm.Items != nil)
}

// checkKind checks a document of a known kind: decoding, then create or update.
func (v *Validator) checkKind(ctx context.Context, res *Document, k *kindInfo, b body, loc *locator) {
	for _, w := range k.Warnings {
		res.Warnings = append(res.Warnings, v.issue(loc, TypeWarning, "", w))
	}
	strict := v.opts.FieldValidation != Ignore
	var obj *unstructured.Unstructured
	var strictErrs []error
	var err error
	if b.obj != nil {
		obj, strictErrs, err = k.DecodeObject(b.obj, strict)
	} else {
		obj, strictErrs, err = k.Decode(b.json, b.yamlStrictErr, strict)
	}
	yamlStrictErr := b.yamlStrictErr
	if err != nil {
		var de *crserver.DecodeError
		msg := err.Error()
		if errors.As(err, &de) {
			msg = de.Err.Error()
		}
		p := loc.start()
		if l, ok := errorLine(msg); ok && yamlStrictErr != nil {
			p = Position{Line: loc.line + l - 1, Column: 1}
		}
		res.Errors = append(res.Errors, Issue{Type: TypeDecoding, Detail: msg, Message: err.Error(), Line: p.Line, Column: p.Column})
		return
	}
	res.Namespace = k.RequestNamespace(obj)
	res.Name = obj.GetName()
	after := false
	if len(strictErrs) > 0 {
		issues := v.strictIssues(loc, strictErrs)
		switch v.opts.FieldValidation {
		case Strict:
			res.Errors = append(res.Errors, issues...)
			if !v.opts.AllErrors {
				return
			}
			after = true
		case Warn:
			res.Warnings = append(res.Warnings, issues...)
		}
	}
	var old *unstructured.Unstructured
	if v.old != nil {
		o, err := v.findOld(k, obj, res.Namespace)
		if err != nil {
			p := loc.start()
			res.Errors = append(res.Errors, Issue{Type: TypeRequest, Detail: err.Error(), Message: err.Error(), Line: p.Line, Column: p.Column, AfterDecodingError: after})
			return
		}
		old = o
	}
	var fieldErrs field.ErrorList
	var warnings []string
	if old != nil {
		res.Operation = "update"
		fieldErrs, warnings, err = k.Update(ctx, obj, old, res.Namespace)
	} else {
		fieldErrs, warnings, err = k.Create(ctx, obj, res.Namespace)
	}
	res.Name = obj.GetName()
	if err != nil {
		p := loc.start()
		res.Errors = append(res.Errors, Issue{Type: TypeRequest, Detail: err.Error(), Message: err.Error(), Line: p.Line, Column: p.Column, AfterDecodingError: after})
	}
	for _, e := range fieldErrs {
		p := loc.find(e.Field)
		res.Errors = append(res.Errors, Issue{
			Field: e.Field, Type: e.Type.String(), Detail: e.Detail, Message: e.ErrorBody(), Reason: string(e.Type),
			Line: p.Line, Column: p.Column, AfterDecodingError: after,
		})
	}
	for _, w := range warnings {
		res.Warnings = append(res.Warnings, v.issue(loc, TypeWarning, "", w))
	}
	res.Valid = len(res.Errors) == 0
}

func (v *Validator) issue(loc *locator, typ, field, msg string) Issue {
	p := loc.find(field)
	return Issue{Field: field, Type: typ, Detail: msg, Message: msg, Line: p.Line, Column: p.Column}
}

// strictIssues turns strict decoding errors into issues: unknown fields (pruned by the schema or
// unknown to ObjectMeta), duplicate fields (JSON, by path; YAML, one error naming each duplicate
// key by line) and, rarely, anything else the strict decoder says.
func (v *Validator) strictIssues(loc *locator, errs []error) []Issue {
	var out []Issue
	for _, e := range errs {
		msg := e.Error()
		switch {
		case strings.HasPrefix(msg, `unknown field "`):
			f := strings.TrimSuffix(strings.TrimPrefix(msg, `unknown field "`), `"`)
			p := loc.find(f)
			out = append(out, Issue{Field: f, Type: TypeUnknownField, Detail: msg, Message: msg, Line: p.Line, Column: p.Column})
		case strings.HasPrefix(msg, `duplicate field "`):
			f := strings.TrimSuffix(strings.TrimPrefix(msg, `duplicate field "`), `"`)
			is := Issue{Field: f, Type: TypeDuplicateField, Detail: msg, Message: msg}
			parent, name := splitLast(f)
			if occ := loc.keys(parent, name); len(occ) > 0 {
				is.Line, is.Column = occ[len(occ)-1].Line, occ[len(occ)-1].Column
				is.Related = occ[:len(occ)-1]
			} else {
				p := loc.find(f)
				is.Line, is.Column = p.Line, p.Column
			}
			out = append(out, is)
		case strings.HasPrefix(msg, "yaml: unmarshal errors:"):
			for _, l := range strings.Split(msg, "\n")[1:] {
				if detail, path, at, first, ok := loc.yamlDuplicate(l); ok {
					out = append(out, Issue{Field: path, Type: TypeDuplicateField, Detail: detail, Message: strings.TrimSpace(l),
						Line: at.Line, Column: at.Column, Related: first})
				} else if strings.TrimSpace(l) != "" {
					p := loc.start()
					out = append(out, Issue{Type: TypeDecoding, Detail: strings.TrimSpace(l), Message: strings.TrimSpace(l), Line: p.Line, Column: p.Column})
				}
			}
		default:
			p := loc.start()
			out = append(out, Issue{Type: TypeDecoding, Detail: msg, Message: msg, Line: p.Line, Column: p.Column})
		}
	}
	return out
}

// splitLast splits a field path before its last field name: "spec.a.b" is "spec.a" and "b".
func splitLast(path string) (string, string) {
	i := strings.LastIndexAny(path, ".]")
	if i < 0 {
		return "", path
	}
	if path[i] == ']' {
		return path[:i+1], strings.TrimPrefix(path[i+1:], ".")
	}
	return path[:i], path[i+1:]
}

// checkList checks each item of a List as its own document, as kubectl sends them: the item's
// JSON (for a YAML List, converted as kubectl converts it, so that a duplicate key in an item is
// resolved, the last one winning, before the server sees it), with its position in the List.
func (v *Validator) checkList(ctx context.Context, d document, loc *locator, tm typeMeta) []Document {
	itemsNode, _ := loc.resolve("items")
	itemsNode = deref(itemsNode)
	var out []Document
	for i, raw := range tm.Items {
		iloc, line := loc, d.line
		if itemsNode != nil && itemsNode.Kind == yaml.SequenceNode && len(itemsNode.Content) == len(tm.Items) {
			iloc = loc.sub(itemsNode.Content[i])
			line = loc.pos(itemsNode.Content[i]).Line
		}
		out = append(out, v.checkItem(ctx, document{file: d.file, data: raw, line: line}, iloc))
	}
	return out
}

// checkItem checks one item of a List.
func (v *Validator) checkItem(ctx context.Context, d document, loc *locator) Document {
	res := Document{File: d.file, Line: d.line, Operation: "create", Errors: []Issue{}, Warnings: []Issue{}}
	tm, err := readTypeMeta(d.data)
	if err != nil {
		return unreadable(res, loc, err)
	}
	res.APIVersion, res.Kind = tm.APIVersion, tm.Kind
	res.Name, res.Namespace = tm.nameAndNamespace()
	gv, err := schema.ParseGroupVersion(tm.APIVersion)
	if err != nil || tm.Kind == "" {
		if err == nil {
			err = errors.New("Object 'kind' is missing")
		}
		return unreadable(res, loc, err)
	}
	k, why := v.schemas.lookup(gv.WithKind(tm.Kind))
	if k == nil {
		p := loc.start()
		res.Errors = append(res.Errors, Issue{Type: TypeNoSchema, Detail: why, Message: why, Line: p.Line, Column: p.Column})
		return res
	}
	res.Checked = true
	v.checkKind(ctx, &res, k, body{json: d.data}, loc)
	return res
}
