// Package equivalence proves that declarative validation says what handwritten validation says
// (KEP-4153, "Unit Test Instrumentation" and "Error Message Equivalence"). It runs test cases on
// three backends and compares their errors:
//
//   - handwritten: the existing validation of the internal type (HandwrittenFor);
//   - generated: the case converted through a runtime.Scheme to each served version, validated by
//     the generic ObjectMeta validation every API server runs and by the validators the version
//     registered with the scheme (validation-gen's RegisterValidations);
//   - schema: the versioned object converted to unstructured, zero values removed where the
//     OpenAPI document says x-kubernetes-strip-zero, validated by the API server's own
//     custom-resource strategy built from the generated CRD (Schemas).
//
// Errors are compared as multisets of (type, field path). Details must be equal unless the
// equivalence file allows the difference (Equivalences). The API server's known departures from
// handwritten conventions are named normalisations (Normalizations), applied to every comparison
// with the schema backend. A Report renders the mismatches of a case as tables.
//
// Run runs cases as subtests; CheckUnused reports equivalence entries no case used. Shadow runs
// both validations in a server and returns the handwritten result, reporting differences.
//
// TwoWay is the harness for APIs without handwritten validation (CRD projects written with
// controller-gen's markers): generated validators against the schema backend on one object,
// after Schemas.Default has applied the CRD's defaults as the server does.
package equivalence
