package crserver

import (
	"reflect"
	"regexp"

	"github.com/go-openapi/swag/conv"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"k8s.io/kube-openapi/pkg/validation/strfmt"
	"k8s.io/kube-openapi/pkg/validation/validate"
)

// schemaCheck answers one question about an object, fast: would the server's schema validator
// (apiextensions-apiserver's ValidateCustomResource, kube-openapi's SchemaValidator over the
// CRD's schema) find no error in it? It is compiled once per kind, from the same spec.Schema the
// server's validator is built from, so that a valid object (nearly every manifest) costs a walk
// of its values against prepared checks, where the server's validator builds eight validators
// and a result for every value and copies every property's schema of every object it visits.
//
// It never produces errors: when it says no (or cannot tell), the server's validator runs and
// gives them, so the errors, their order and their messages are the server's. It must only never
// say yes where the server's validator would find an error; it calls kube-openapi's own checks
// (lengths, patterns, formats, numeric ranges, unique items) and restates only the dispatch
// around them (which validator applies to which value, the type and enum checks).
// TestSchemaCheckAgreesWithServer holds it to that on the corpora and on mutations of them.
type schemaCheck struct {
	schema *spec.Schema
	// delegate: a keyword the compiled checks do not restate (allOf, anyOf, oneOf, not,
	// dependencies, patternProperties, tuple items, additionalItems) is somewhere at this node;
	// the server's validator is asked about this node's value.
	delegate bool

	hasType, nullable bool
	types             spec.StringOrArray
	format            string
	knownFormat       bool // the format is in strfmt.Default, so it is checked on strings

	enum        []interface{}
	stringEnum  map[string]bool // the enum's string values: a string matches only these
	hasEnum     bool
	maxLength   *int64
	minLength   *int64
	pattern     *regexp.Regexp
	badPattern  bool // the pattern does not compile: every string fails it
	numberType  string
	numberFmt   string
	hasNumeric  bool // multipleOf, maximum or minimum
	maxItems    *int64
	minItems    *int64
	uniqueItems bool
	items       *schemaCheck

	maxProperties, minProperties *int64
	required                     []string
	properties                   map[string]*schemaCheck
	closed                       bool         // additionalProperties: false
	additional                   *schemaCheck // additionalProperties as a schema
}

// newSchemaCheck compiles s (nil: no schema, everything is valid).
func newSchemaCheck(s *spec.Schema) *schemaCheck {
	if s == nil {
		return &schemaCheck{schema: &spec.Schema{}}
	}
	c := &schemaCheck{schema: s}
	if len(s.AllOf) > 0 || len(s.AnyOf) > 0 || len(s.OneOf) > 0 || s.Not != nil || len(s.Dependencies) > 0 ||
		len(s.PatternProperties) > 0 || (s.Items != nil && len(s.Items.Schemas) > 0) || s.AdditionalItems != nil || s.Ref.String() != "" {
		c.delegate = true
		return c
	}
	c.types, c.nullable, c.format = s.Type, s.Nullable, s.Format
	c.hasType = len(s.Type) > 0 || s.Format != ""
	c.knownFormat = strfmt.Default.ContainsName(s.Format)
	if len(s.Enum) > 0 {
		c.hasEnum, c.enum = true, s.Enum
		c.stringEnum = map[string]bool{}
		for _, e := range s.Enum {
			if str, ok := e.(string); ok {
				c.stringEnum[str] = true
			}
		}
	}
	c.maxLength, c.minLength = s.MaxLength, s.MinLength
	if s.Pattern != "" {
		re, err := regexp.Compile(s.Pattern)
		c.pattern, c.badPattern = re, err != nil
	}
	// As kube-openapi's numberValidator: the type and format only when the type is one type.
	if len(s.Type) == 1 {
		switch s.Type[0] {
		case "integer":
			c.numberType = "integer"
			if s.Format == "int32" || s.Format == "int64" {
				c.numberFmt = s.Format
			}
		case "number":
			c.numberType = "number"
			if s.Format == "float" || s.Format == "double" {
				c.numberFmt = s.Format
			}
		}
	}
	c.hasNumeric = s.MultipleOf != nil || s.Maximum != nil || s.Minimum != nil
	c.maxItems, c.minItems, c.uniqueItems = s.MaxItems, s.MinItems, s.UniqueItems
	if s.Items != nil && s.Items.Schema != nil {
		c.items = newSchemaCheck(s.Items.Schema)
	}
	c.maxProperties, c.minProperties, c.required = s.MaxProperties, s.MinProperties, s.Required
	if len(s.Properties) > 0 {
		c.properties = make(map[string]*schemaCheck, len(s.Properties))
		for name := range s.Properties {
			p := s.Properties[name]
			c.properties[name] = newSchemaCheck(&p)
		}
	}
	if ap := s.AdditionalProperties; ap != nil {
		switch {
		case !ap.Allows:
			c.closed = true
		case ap.Schema != nil:
			c.additional = newSchemaCheck(ap.Schema)
		}
	}
	return c
}

// valid reports whether the server's schema validator finds no error in data (false also where
// it cannot tell).
func (c *schemaCheck) valid(data interface{}) bool {
	if c.delegate {
		return validate.NewSchemaValidator(c.schema, nil, "", strfmt.Default).Validate(data).IsValid()
	}
	if data == nil {
		// Only the type and enum validators run on null.
		if len(c.types) > 0 && !c.types.Contains("null") && !c.nullable {
			return false
		}
		return !c.hasEnum
	}
	// The JSON type and format kube-openapi infers from the value, and its reflect.Kind.
	var schType, format string
	var kind reflect.Kind
	switch data.(type) {
	case string:
		schType, kind = "string", reflect.String
	case bool:
		schType, kind = "boolean", reflect.Bool
	case int64:
		schType, format, kind = "integer", "int64", reflect.Int64
	case float64:
		schType, format, kind = "number", "float64", reflect.Float64
	case []interface{}:
		schType, kind = "array", reflect.Slice
	case map[string]interface{}:
		schType, kind = "object", reflect.Map
	default:
		return false // not a value decoded from JSON: the server's validator decides
	}
	if c.hasType && !c.typeValid(data, schType, format, kind) {
		return false
	}
	switch kind {
	case reflect.String:
		s := data.(string)
		if c.maxLength != nil && validate.MaxLength("", "", s, *c.maxLength) != nil {
			return false
		}
		if c.minLength != nil && validate.MinLength("", "", s, *c.minLength) != nil {
			return false
		}
		if c.badPattern || (c.pattern != nil && !c.pattern.MatchString(s)) {
			return false
		}
		if c.knownFormat && validate.FormatOf("", "", c.format, s, strfmt.Default) != nil {
			return false
		}
	case reflect.Int64, reflect.Float64:
		if !c.numberValid(data) {
			return false
		}
	case reflect.Slice:
		l := data.([]interface{})
		if c.items != nil {
			for _, v := range l {
				if !c.items.valid(v) {
					return false
				}
			}
		}
		if c.minItems != nil && validate.MinItems("", "", int64(len(l)), *c.minItems) != nil {
			return false
		}
		if c.maxItems != nil && validate.MaxItems("", "", int64(len(l)), *c.maxItems) != nil {
			return false
		}
		if c.uniqueItems && validate.UniqueItems("", "", l) != nil {
			return false
		}
	}
	if c.hasEnum && !c.enumValid(data) {
		return false
	}
	if kind == reflect.Map {
		return c.objectValid(data.(map[string]interface{}))
	}
	return true
}

// typeValid is kube-openapi's typeValidator on a non-null value.
func (c *schemaCheck) typeValid(data interface{}, schType, format string, kind reflect.Kind) bool {
	isFloatInt := schType == "number" && conv.IsFloat64AJSONInteger(data.(float64)) && c.types.Contains("integer")
	isIntFloat := schType == "integer" && c.types.Contains("number")
	isLowerInt := c.format == "int64" && format == "int32"
	isLowerFloat := c.format == "float64" && format == "float32"
	if kind != reflect.String && kind != reflect.Slice && c.format != "" &&
		!(c.types.Contains(schType) || format == c.format || isFloatInt || isIntFloat || isLowerInt || isLowerFloat) {
		return false
	}
	if !(c.types.Contains("number") || c.types.Contains("integer")) && c.format != "" && (kind == reflect.String || kind == reflect.Slice) {
		return true
	}
	return c.types.Contains(schType) || isFloatInt || isIntFloat
}

// numberValid is kube-openapi's numberValidator.
func (c *schemaCheck) numberValid(data interface{}) bool {
	s := c.schema
	if validate.IsValueValidAgainstRange(data, c.numberType, c.numberFmt, "", "") != nil {
		return false
	}
	if !c.hasNumeric {
		return true
	}
	f := asFloat64(data)
	if s.MultipleOf != nil {
		if validate.IsValueValidAgainstRange(*s.MultipleOf, c.numberType, c.numberFmt, "", "") == nil {
			if validate.MultipleOfNativeType("", "", data, *s.MultipleOf) != nil {
				return false
			}
		} else if validate.MultipleOf("", "", f, *s.MultipleOf) != nil {
			return false
		}
	}
	if s.Maximum != nil {
		if validate.IsValueValidAgainstRange(*s.Maximum, c.numberType, c.numberFmt, "", "") == nil {
			if validate.MaximumNativeType("", "", data, *s.Maximum, s.ExclusiveMaximum) != nil {
				return false
			}
		} else if validate.Maximum("", "", f, *s.Maximum, s.ExclusiveMaximum) != nil {
			return false
		}
	}
	if s.Minimum != nil {
		if validate.IsValueValidAgainstRange(*s.Minimum, c.numberType, c.numberFmt, "", "") == nil {
			if validate.MinimumNativeType("", "", data, *s.Minimum, s.ExclusiveMinimum) != nil {
				return false
			}
		} else if validate.Minimum("", "", f, *s.Minimum, s.ExclusiveMinimum) != nil {
			return false
		}
	}
	return true
}

func asFloat64(v interface{}) float64 {
	switch v := v.(type) {
	case int64:
		return float64(v)
	case float64:
		return v
	}
	return 0
}

// enumValid is kube-openapi's basicCommonValidator: the value, converted to an enum value's
// type where Go can convert it, deeply equal to that value.
func (c *schemaCheck) enumValid(data interface{}) bool {
	if s, ok := data.(string); ok {
		// A string converts to a string only (enum values are decoded JSON: never []byte).
		return c.stringEnum[s]
	}
	v := reflect.ValueOf(data)
	for _, e := range c.enum {
		t := reflect.TypeOf(e)
		if t != nil && v.Type().ConvertibleTo(t) && reflect.DeepEqual(v.Convert(t).Interface(), e) {
			return true
		}
	}
	return false
}

// objectValid is kube-openapi's objectValidator (no patternProperties: those delegate).
func (c *schemaCheck) objectValid(m map[string]interface{}) bool {
	n := int64(len(m))
	if c.minProperties != nil && n < *c.minProperties {
		return false
	}
	if c.maxProperties != nil && n > *c.maxProperties {
		return false
	}
	for k, v := range m {
		p, ok := c.properties[k]
		switch {
		case ok:
			if !p.valid(v) {
				return false
			}
		case c.closed:
			return false
		case c.additional != nil:
			if !c.additional.valid(v) {
				return false
			}
		}
	}
	for _, r := range c.required {
		if _, ok := m[r]; !ok {
			return false
		}
	}
	return true
}
