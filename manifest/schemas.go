package manifest

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"sync"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/validation-gen/validation-gen/internal/crserver"
)

// Schemas are the kinds a Validator knows, each served as the API server serves it. Build them
// with AddCRDs and AddOpenAPI before validating; they are read-only afterwards and may be shared
// by several Validators.
type Schemas struct {
	kinds map[schema.GroupVersionKind]*kindInfo
	// inferred are the kinds of OpenAPI documents whose group is known by its first label only,
	// by that label; served under a group once a manifest names it (in served).
	inferred map[schema.GroupVersionKind]*inferredKind
	mu       sync.Mutex
	served   map[schema.GroupVersionKind]*kindInfo
}

type kindInfo struct {
	*crserver.Kind
	// source is the file the schema came from, for messages.
	source string
}

// NewSchemas returns an empty set of schemas.
func NewSchemas() *Schemas {
	return &Schemas{kinds: map[schema.GroupVersionKind]*kindInfo{}, inferred: map[schema.GroupVersionKind]*inferredKind{},
		served: map[schema.GroupVersionKind]*kindInfo{}}
}

// AddCRDs adds the CustomResourceDefinitions in the files and directories given (directories
// recursively, *.yaml, *.yml and *.json; multi-document streams). Documents that are not
// apiextensions.k8s.io/v1 CustomResourceDefinitions are ignored, so a directory of mixed manifests
// may be given. Each CRD is decoded strictly, as the server decodes it, and each served version's
// schema must be structural; its served versions are added. The server's other checks of a CRD
// on create (CEL cost estimates among them) are not run: validation-gen runs them on the CRDs it
// generates.
func (s *Schemas) AddCRDs(paths ...string) error {
	files, err := expandPaths(paths)
	if err != nil {
		return err
	}
	for _, f := range files {
		data, err := readFile(f, nil)
		if err != nil {
			return err
		}
		for _, d := range splitDocuments(f, data) {
			if d.err != nil {
				return fmt.Errorf("%s:%d: %v", f, d.line, d.err)
			}
			if !isCRD(d.data) {
				continue
			}
			if err := s.addCRD(d.data, fmt.Sprintf("%s:%d", f, d.line)); err != nil {
				return err
			}
		}
	}
	return nil
}

// AddCRD adds the served versions of one CRD (YAML or JSON); source names it in messages.
func (s *Schemas) AddCRD(data []byte, source string) error {
	return s.addCRD(data, source)
}

func (s *Schemas) addCRD(data []byte, source string) error {
	crd, err := crserver.ReadCRD(data)
	if err != nil {
		return fmt.Errorf("%s: %v", source, err)
	}
	kinds, err := crserver.NewKinds(crd)
	if err != nil {
		return fmt.Errorf("%s: CRD %s: %v", source, crd.Name, err)
	}
	for _, k := range kinds {
		if prev, ok := s.kinds[k.GVK]; ok {
			return fmt.Errorf("%s: %v is also defined by %s", source, k.GVK, prev.source)
		}
		s.kinds[k.GVK] = &kindInfo{Kind: k, source: source}
	}
	return nil
}

// isCRD reports whether a document is an apiextensions.k8s.io/v1 CustomResourceDefinition.
func isCRD(data []byte) bool {
	if !bytes.Contains(data, []byte("CustomResourceDefinition")) {
		return false
	}
	var tm struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
	}
	if err := sigsyaml.Unmarshal(data, &tm); err != nil {
		return true // let the CRD decoder say what is wrong
	}
	return tm.Kind == "CustomResourceDefinition" && tm.APIVersion == apiextv1.SchemeGroupVersion.String()
}

// Kinds lists the kinds known, sorted.
func (s *Schemas) Kinds() []schema.GroupVersionKind {
	out := make([]schema.GroupVersionKind, 0, len(s.kinds))
	for gvk := range s.kinds {
		out = append(out, gvk)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// lookup finds the kind of a document, or says why there is none.
func (s *Schemas) lookup(gvk schema.GroupVersionKind) (*kindInfo, string) {
	if k, ok := s.kinds[gvk]; ok {
		return k, ""
	}
	if k, err := s.serveInferred(gvk); k != nil || err != nil {
		if err != nil {
			return nil, err.Error()
		}
		return k, ""
	}
	var versions []string
	for g := range s.kinds {
		if g.GroupKind() == gvk.GroupKind() {
			versions = append(versions, g.Version)
		}
	}
	msg := fmt.Sprintf("no schema for %v", gvk)
	if len(versions) > 0 {
		sort.Strings(versions)
		msg += fmt.Sprintf(" (the schemas serve %s in %s)", gvk.GroupKind(), strings.Join(versions, ", "))
	}
	return nil, msg
}

// serveInferred serves an inferred kind (AddOpenAPI) under the group a manifest names.
func (s *Schemas) serveInferred(gvk schema.GroupVersionKind) (*kindInfo, error) {
	in, ok := s.inferred[schema.GroupVersionKind{Group: groupLabel(gvk.Group), Version: gvk.Version, Kind: gvk.Kind}]
	if !ok {
		return nil, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if k, ok := s.served[gvk]; ok {
		return k, nil
	}
	k, err := nativeKind(gvk, in.props)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", in.source, err)
	}
	ki := &kindInfo{Kind: k, source: in.source}
	s.served[gvk] = ki
	return ki, nil
}
