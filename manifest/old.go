package manifest

import (
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	sigsyaml "sigs.k8s.io/yaml"
)

// objectKey identifies an object in a cluster: an update's new and old objects have the same.
type objectKey struct {
	group, kind, namespace, name string
}

// oldObject is an object as it is in the cluster (Options.Old), kept as JSON until a document
// updates it.
type oldObject struct {
	gvk    schema.GroupVersionKind
	json   []byte
	source string
}

// loadOld reads the old objects. Each must have a kind with a schema and a name; two with one
// key are an error.
func (v *Validator) loadOld(paths []string) error {
	files, err := expandPaths(paths)
	if err != nil {
		return err
	}
	v.old = map[objectKey]*oldObject{}
	for _, f := range files {
		data, err := readFile(f, v.opts.Stdin)
		if err != nil {
			return err
		}
		for _, d := range splitDocuments(f, data) {
			src := fmt.Sprintf("%s:%d", f, d.line)
			if d.err != nil {
				return fmt.Errorf("%s: %v", src, d.err)
			}
			j := d.data
			if d.yaml {
				if j, err = sigsyaml.YAMLToJSON(d.data); err != nil {
					return fmt.Errorf("%s: %v", src, err)
				}
			}
			tm, err := readTypeMeta(j)
			if err != nil {
				return fmt.Errorf("%s: %v", src, err)
			}
			if isList(tm) {
				for i, item := range tm.Items {
					if err := v.addOld(fmt.Sprintf("%s (item %d)", src, i), item); err != nil {
						return err
					}
				}
				continue
			}
			if err := v.addOld(src, j); err != nil {
				return err
			}
		}
	}
	return nil
}

func (v *Validator) addOld(src string, j []byte) error {
	tm, err := readTypeMeta(j)
	if err != nil {
		return fmt.Errorf("%s: %v", src, err)
	}
	name, ns := tm.nameAndNamespace()
	gv, err := schema.ParseGroupVersion(tm.APIVersion)
	if err != nil {
		return fmt.Errorf("%s: %v", src, err)
	}
	gvk := gv.WithKind(tm.Kind)
	k, why := v.schemas.lookup(gvk)
	if k == nil {
		return fmt.Errorf("%s: old object: %s", src, why)
	}
	if name == "" {
		return fmt.Errorf("%s: old object %v has no metadata.name", src, gvk)
	}
	switch {
	case !k.Namespaced:
		ns = ""
	case ns == "":
		ns = metav1.NamespaceDefault
	}
	key := objectKey{gvk.Group, gvk.Kind, ns, name}
	if prev, ok := v.old[key]; ok {
		return fmt.Errorf("%s: old object %s %s/%s is also at %s", src, gvk.Kind, ns, name, prev.source)
	}
	v.old[key] = &oldObject{gvk: gvk, json: j, source: src}
	return nil
}

// findOld returns the old object a new one of kind k replaces, read as the server reads it from
// storage and converted to k's version; nil when there is none (a create).
func (v *Validator) findOld(k *kindInfo, obj *unstructured.Unstructured, namespace string) (*unstructured.Unstructured, error) {
	o, ok := v.old[objectKey{k.GVK.Group, k.GVK.Kind, namespace, obj.GetName()}]
	if !ok {
		return nil, nil
	}
	ok2, why := v.schemas.lookup(o.gvk)
	if ok2 == nil {
		return nil, fmt.Errorf("%s: %s", o.source, why)
	}
	old, err := ok2.DecodeStored(o.json)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", o.source, err)
	}
	if o.gvk.Version != k.GVK.Version {
		if err := k.ConvertFrom(old); err != nil {
			return nil, fmt.Errorf("%s: %v", o.source, err)
		}
	}
	return old, nil
}
