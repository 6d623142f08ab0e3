package crserver

import (
	"fmt"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	schemaobjectmeta "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
	structuralpruning "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer/json"
)

// The JSON request serializers of a custom resource (customresource_handler.go's
// supportedMediaTypes), plain and strict (fieldValidation Strict and Warn). Its YAML serializers
// are these after sigs.k8s.io/yaml's conversion (see Decode).
var (
	jsonSerializer       = json.NewSerializerWithOptions(json.DefaultMetaFactory, creator{}, typer{}, json.SerializerOptions{})
	jsonStrictSerializer = json.NewSerializerWithOptions(json.DefaultMetaFactory, creator{}, typer{}, json.SerializerOptions{Strict: true})
)

// creator is the server's unstructuredCreator.
type creator struct{}

func (creator) New(kind schema.GroupVersionKind) (runtime.Object, error) {
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(kind)
	return u, nil
}

// DecodeError is a body the handler cannot decode (malformed JSON or YAML, metadata of the wrong
// shape, no kind): the server answers 400 Bad Request with Error().
type DecodeError struct {
	Kind schema.GroupVersionKind // the kind of the request
	Err  error
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("%s in version %q cannot be handled as a %s: %v", e.Kind.Kind, e.Kind.Version, e.Kind.Kind, e.Err)
}

func (e *DecodeError) Unwrap() error { return e.Err }

// Decode decodes a create or update request's body for k as the handler does: the JSON or YAML
// serializer, strict when strict is set (fieldValidation Strict or Warn), then the
// custom-resource handler's schema-coercing decoder (ObjectMeta read back, unknown fields pruned,
// nulls of non-nullable fields without default dropped, embedded ObjectMeta coerced), then
// defaulting. strictErrs are the strict decoding errors, in the server's order: the serializer's
// (duplicate fields; for YAML one error listing every duplicate key by line), then the unknown
// field paths. With Strict the server rejects the request with them; with Warn it returns each as
// a warning and goes on with obj, pruned.
//
// A JSON body is given as is, with yamlStrictErr nil. A YAML body is given converted to JSON as
// the YAML serializer converts it (sigs.k8s.io/yaml's YAMLToJSON), with yamlStrictErr the error of
// its strict conversion (YAMLToJSONStrict: the duplicate keys): what the YAML serializer does,
// without converting the body twice more (a caller reads the kind from the converted body first;
// when YAMLToJSONStrict succeeds, its result is YAMLToJSON's, so one conversion does).
func (k *Kind) Decode(jsonBody []byte, yamlStrictErr error, strict bool) (obj *unstructured.Unstructured, strictErrs []error, err error) {
	s := jsonSerializer
	if strict {
		s = jsonStrictSerializer
		if yamlStrictErr != nil {
			strictErrs = append(strictErrs, yamlStrictErr)
		}
	}
	defaultGVK := k.GVK
	out, _, err := s.Decode(jsonBody, &defaultGVK, &unstructured.Unstructured{})
	if err != nil {
		se, ok := runtime.AsStrictDecodingError(err)
		if !ok || out == nil {
			return nil, nil, &DecodeError{Kind: k.GVK, Err: err}
		}
		strictErrs = append(strictErrs, se.Errors()...)
	}
	return k.coerceDecoded(out.(*unstructured.Unstructured), strictErrs, strict)
}

// DecodeObject is Decode for a body the caller has already decoded to its unstructured content,
// exactly as the serializer decodes it (a JSON object: strings, bools, nulls, int64 for integer
// literals, float64 for others, maps and slices of those; see package manifest's yamlObject),
// with no duplicate fields and with a kind and apiVersion that are non-empty strings: the
// handler's schema-coercing decoder and defaulting, without the serializer's three passes over
// the JSON text (its kind sniffing, then the strict decoding). content becomes the object's.
func (k *Kind) DecodeObject(content map[string]interface{}, strict bool) (obj *unstructured.Unstructured, strictErrs []error, err error) {
	u := &unstructured.Unstructured{Object: content}
	if u.GetKind() == "" || u.GetAPIVersion() == "" {
		return nil, nil, &DecodeError{Kind: k.GVK, Err: fmt.Errorf("DecodeObject needs a kind and an apiVersion")}
	}
	return k.coerceDecoded(u, nil, strict)
}

func (k *Kind) coerceDecoded(u *unstructured.Unstructured, strictErrs []error, strict bool) (*unstructured.Unstructured, []error, error) {
	unknown, err := k.coerce(u, coerceOptions{returnUnknownFieldPaths: strict})
	if err != nil {
		return nil, nil, &DecodeError{Kind: k.GVK, Err: err}
	}
	if strict {
		for _, f := range unknown {
			strictErrs = append(strictErrs, fmt.Errorf(`unknown field "%s"`, f))
		}
	}
	k.Default(u)
	return u, strictErrs, nil
}

// DecodeStored decodes an object as the server reads it from storage: never strict, malformed
// metadata fields dropped, a missing generation repaired, unknown fields pruned, defaults applied.
// It is how an update's old object is read.
func (k *Kind) DecodeStored(jsonBody []byte) (*unstructured.Unstructured, error) {
	defaultGVK := k.GVK
	out, _, err := jsonSerializer.Decode(jsonBody, &defaultGVK, &unstructured.Unstructured{})
	if err != nil {
		return nil, &DecodeError{Kind: k.GVK, Err: err}
	}
	u := out.(*unstructured.Unstructured)
	if _, err := k.coerce(u, coerceOptions{dropInvalidMetadata: true, repairGeneration: true}); err != nil {
		return nil, &DecodeError{Kind: k.GVK, Err: err}
	}
	k.Default(u)
	return u, nil
}

// ConvertFrom converts an object of another version of the kind to k's version as the server's
// None conversion does (apiVersion changed, then the schema coerced again), for an old object
// given in another version.
func (k *Kind) ConvertFrom(u *unstructured.Unstructured) error {
	if !k.ConversionNone {
		return fmt.Errorf("%s converts between versions by webhook; give the object in version %s", k.GVK.GroupKind(), k.GVK.Version)
	}
	u.SetAPIVersion(k.GVK.GroupVersion().String())
	if _, err := k.coerce(u, coerceOptions{}); err != nil {
		return err
	}
	k.Default(u)
	return nil
}

// Default applies the schema's defaults (the server's unstructuredDefaulter).
func (k *Kind) Default(u *unstructured.Unstructured) {
	if u.GroupVersionKind().GroupKind() != k.GVK.GroupKind() || k.Structural == nil {
		return
	}
	structuraldefaulting.Default(u.Object, k.Structural)
}

type coerceOptions struct {
	dropInvalidMetadata, repairGeneration, returnUnknownFieldPaths bool
}

// coerce is the server's unstructuredSchemaCoercer.apply (customresource_handler.go, unexported):
// ObjectMeta decoded (its unknown fields noted), unknown fields pruned, nulls of non-nullable
// fields without default dropped, embedded ObjectMeta coerced, then kind, apiVersion and
// metadata written back.
func (k *Kind) coerce(u *unstructured.Unstructured, o coerceOptions) (unknownFieldPaths []string, err error) {
	kind, foundKind, err := unstructured.NestedString(u.UnstructuredContent(), "kind")
	if err != nil {
		return nil, err
	}
	apiVersion, foundAPIVersion, err := unstructured.NestedString(u.UnstructuredContent(), "apiVersion")
	if err != nil {
		return nil, err
	}
	objectMeta, foundObjectMeta, metaUnknown, err := schemaobjectmeta.GetObjectMetaWithOptions(u.Object, schemaobjectmeta.ObjectMetaOptions{
		DropMalformedFields:     o.dropInvalidMetadata,
		ReturnUnknownFieldPaths: o.returnUnknownFieldPaths,
	})
	if err != nil {
		return nil, err
	}
	unknownFieldPaths = append(unknownFieldPaths, metaUnknown...)
	gv, err := schema.ParseGroupVersion(apiVersion)
	if err != nil {
		return nil, err
	}
	if gv.Group == k.GVK.Group && kind == k.GVK.Kind {
		var ss *structuralschema.Structural
		if k.GVK.Version == gv.Version {
			ss = k.Structural
		}
		if !k.PreserveUnknownFields {
			pruneOpts := structuralschema.UnknownFieldPathOptions{TrackUnknownFieldPaths: o.returnUnknownFieldPaths}
			unknownFieldPaths = append(unknownFieldPaths, structuralpruning.PruneWithOptions(u.Object, ss, true, pruneOpts)...)
			structuraldefaulting.PruneNonNullableNullsWithoutDefaults(u.Object, ss)
		}
		ferr, paths := schemaobjectmeta.CoerceWithOptions(nil, u.Object, ss, false, schemaobjectmeta.CoerceOptions{
			DropInvalidFields:       o.dropInvalidMetadata,
			ReturnUnknownFieldPaths: o.returnUnknownFieldPaths,
		})
		if ferr != nil {
			return nil, ferr
		}
		unknownFieldPaths = append(unknownFieldPaths, paths...)
		if o.repairGeneration && objectMeta != nil && objectMeta.Generation == 0 {
			objectMeta.Generation = 1
		}
	}
	if foundKind {
		u.SetKind(kind)
	}
	if foundAPIVersion {
		u.SetAPIVersion(apiVersion)
	}
	if foundObjectMeta {
		if err := schemaobjectmeta.SetObjectMeta(u.Object, objectMeta); err != nil {
			return nil, err
		}
	}
	return unknownFieldPaths, nil
}
