package crserver

import (
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	"k8s.io/apiserver/pkg/cel/common"
)

// celSchema is the schema the CEL values of an object read (k8s.io/apiserver's
// common.UnstructuredToVal), built once per kind. It is the server's adapter, model.Structural,
// with the children built once: model.Structural's Properties builds a new map, with a copy of
// every property's schema, on each call, and the CEL values call it twice on each field access
// (a quarter of validate's time on Gateway API manifests). What the values read is the same
// schema, so the values, and the rules' results, are the same.
type celSchema struct {
	model.Structural
	properties           map[string]common.Schema
	items                common.Schema
	additionalProperties common.SchemaOrBool
	// withMeta is WithTypeAndObjectMeta's schema, for resource roots (the kind's and embedded
	// resources'); nil elsewhere, where the server's adapter is asked.
	withMeta common.Schema
}

var (
	_ common.Schema       = (*celSchema)(nil)
	_ common.SchemaOrBool = (*celSchemaOrBool)(nil)
)

// newCELSchema builds the adapter of s and of everything under it.
func newCELSchema(s *structuralschema.Structural) *celSchema {
	c := &celSchema{Structural: model.Structural{Structural: s}}
	if s.Properties != nil {
		c.properties = make(map[string]common.Schema, len(s.Properties))
		for name, prop := range s.Properties {
			c.properties[name] = newCELSchema(&prop)
		}
	}
	if s.Items != nil {
		c.items = newCELSchema(s.Items)
	}
	if s.AdditionalProperties != nil {
		ap := &celSchemaOrBool{allows: s.AdditionalProperties.Bool}
		if s.AdditionalProperties.Structural != nil {
			ap.schema = newCELSchema(s.AdditionalProperties.Structural)
		}
		c.additionalProperties = ap
	}
	if s.XEmbeddedResource {
		c.setWithMeta()
	}
	return c
}

// setWithMeta builds the schema of c as a resource root: the server's
// model.WithTypeAndObjectMeta, which returns its argument when it has the type and object meta
// already (and then c is its own).
func (c *celSchema) setWithMeta() *celSchema {
	if c.withMeta != nil {
		return c.withMeta.(*celSchema)
	}
	ws := model.WithTypeAndObjectMeta(c.Structural.Structural)
	if ws == c.Structural.Structural {
		c.withMeta = c
		return c
	}
	w := newCELSchema(ws)
	w.withMeta = w // WithTypeAndObjectMeta is idempotent
	c.withMeta = w
	return w
}

func (c *celSchema) Properties() map[string]common.Schema {
	return c.properties
}

func (c *celSchema) Items() common.Schema {
	if c.items == nil {
		return nil
	}
	return c.items
}

func (c *celSchema) AdditionalProperties() common.SchemaOrBool {
	if c.additionalProperties == nil {
		return nil
	}
	return c.additionalProperties
}

func (c *celSchema) WithTypeAndObjectMeta() common.Schema {
	if c.withMeta != nil {
		return c.withMeta
	}
	return c.Structural.WithTypeAndObjectMeta()
}

// celSchemaOrBool is model.StructuralOrBool over a celSchema.
type celSchemaOrBool struct {
	schema *celSchema
	allows bool
}

func (b *celSchemaOrBool) Schema() common.Schema {
	if b.schema == nil {
		return nil
	}
	return b.schema
}

func (b *celSchemaOrBool) Allows() bool { return b.allows }
