package tags

import (
	"fmt"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"k8s.io/gengo/v2/codetags"

	"github.com/validation-gen/validation-gen/model"
)

var positionRE = regexp.MustCompile(` at position ([0-9]+)$`)

// checkTyped parses a Typed tag with codetags (Kubernetes' grammar: `name(arg: "x")=value`,
// values typed as string, int, bool or another tag) and checks its arguments and value against
// the definition, as checkArgs does for tags in this project's grammar.
func checkTyped(c *Context) error {
	d := c.Def
	tag, err := codetags.Parse(strings.TrimPrefix(c.Raw.Text, "+"))
	if err != nil {
		// codetags says "... at position N" (N counts bytes of Text from 1); point there instead.
		msg := err.Error()
		if m := positionRE.FindStringSubmatchIndex(msg); m != nil {
			n, _ := strconv.Atoi(msg[m[2]:m[3]])
			pos := c.Raw.Pos
			pos.Column += n
			pos.Offset += n
			return &Error{Pos: pos, Msg: "malformed tag: " + msg[:m[0]]}
		}
		return c.Errorf("malformed tag: %s", msg)
	}
	c.Tag = &tag
	c.Args = map[string]codetags.Arg{}
	for _, a := range tag.Args {
		var spec *Param
		for i := range d.Args {
			if d.Args[i].Key == a.Name {
				spec = &d.Args[i]
			}
		}
		if spec == nil && d.AnyArgs {
			c.Args[a.Name] = a
			continue
		}
		if spec == nil {
			var keys []string
			for _, p := range d.Args {
				keys = append(keys, p.Key)
			}
			name := a.Name
			if name == "" {
				name = "(positional)"
			}
			if len(keys) == 0 {
				return c.Errorf("takes no arguments in parentheses")
			}
			msg := fmt.Sprintf("unknown argument %s (known: %s)", name, strings.Join(keys, ", "))
			if s := closest(a.Name, keys); s != "" {
				msg = fmt.Sprintf("unknown argument %s; did you mean %s?", name, s)
			}
			return c.Errorf("%s", msg)
		}
		if _, dup := c.Args[a.Name]; dup {
			return c.Errorf("argument %s given twice", a.Name)
		}
		if err := typedArg(spec.Arg, a); err != nil {
			return c.Errorf("argument %s: %v", spec.Key, err)
		}
		c.Args[a.Name] = a
	}
	v := d.Value
	switch {
	case tag.ValueType == codetags.ValueTypeNone:
		if !v.Optional && v.Kind != ArgNone {
			return c.Errorf("requires a value (%s)", argDoc(v))
		}
		return nil
	case v.Kind == ArgNone:
		return c.Errorf("takes no value")
	case v.Kind == ArgTag:
		if tag.ValueType != codetags.ValueTypeTag {
			return c.Errorf("the value must be another tag (+k8s:...), not %s %q", tag.ValueType, tag.Value)
		}
		return nil
	case tag.ValueType == codetags.ValueTypeTag:
		return c.Errorf("the value must be %s, not a tag", argDoc(v))
	}
	if err := typedArg(v, codetags.Arg{Value: tag.Value, Type: codetags.ArgType(tag.ValueType)}); err != nil {
		return c.Errorf("value: %v", err)
	}
	c.Value = tag.Value
	return nil
}

// typedArg checks one codetags value against an argument's schema.
func typedArg(a Arg, x codetags.Arg) error {
	switch a.Kind {
	case ArgString:
		if x.Type != codetags.ArgTypeString {
			return fmt.Errorf("must be a quoted string, not %s", x.Value)
		}
	case ArgInt, ArgNumber:
		if _, err := strconv.ParseInt(x.Value, 0, 64); err != nil || x.Type != codetags.ArgTypeInt {
			return fmt.Errorf("must be an integer, not %q", x.Value)
		}
	case ArgWord:
		for _, w := range a.Words {
			if x.Value == w {
				return nil
			}
		}
		return fmt.Errorf("%q is not one of %s", x.Value, strings.Join(a.Words, ", "))
	case ArgNone:
		if x.Type != codetags.ArgTypeBool {
			return fmt.Errorf("must be true or false, not %q", x.Value)
		}
	}
	return nil
}

// Payload is the chained tag of a Typed tag whose value is a tag, as a Raw that Apply can check
// against the registry like any other tag written at the same position.
func (c *Context) Payload() Raw {
	vt := c.Tag.ValueTag
	r := Raw{Name: vt.Name, Text: "+" + vt.String(), Pos: c.Raw.Pos, ValuePos: []token.Position{c.Raw.Pos}}
	if len(vt.Args) > 0 {
		r.NameArgs = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(vt.String(), vt.Name), "("), ")")
		if i := strings.Index(r.NameArgs, ")"); i >= 0 {
			r.NameArgs = r.NameArgs[:i]
		}
	}
	switch vt.ValueType {
	case codetags.ValueTypeNone:
	case codetags.ValueTypeString:
		r.HasValue, r.Value = true, strconv.Quote(vt.Value)
	case codetags.ValueTypeTag:
		r.HasValue, r.Value = true, "+"+vt.ValueTag.String()
	default:
		r.HasValue, r.Value = true, vt.Value
	}
	return r
}

// ApplyPayload applies the chained tag to another value: the elements of a list (`+k8s:eachVal`),
// the keys of a map, ... elem is the Go type of that value and v receives its validations.
// Problems are reported at this tag.
func (c *Context) ApplyPayload(elem types.Type, v *model.Validations) {
	c.applyPayload(elem, v, c.place.Options)
}

func (c *Context) applyPayload(elem types.Type, v *model.Validations, options []model.OptionGate) {
	if len(options) > 0 {
		// The gates of this tag are decided here, at the value it is written at; the elements
		// it carries its tags to run them only when the options are on (Hops).
		carried := make([]model.OptionGate, len(options))
		for _, o := range options {
			if o.Hops == 0 && c.V != nil {
				c.V.PayloadGates = append(c.V.PayloadGates, c.Origin())
				break
			}
		}
		for i, o := range options {
			o.Hops++
			carried[i] = o
		}
		options = carried
	}
	p := Place{Scope: ScopeField, GoType: elem, V: v, Lookup: c.place.Lookup, KindOf: c.place.KindOf,
		TestTags: c.place.TestTags, Pkg: c.place.Pkg, Chained: true, ChainedBy: c.Def.Name, Level: c.place.Level, Options: options}
	if p.KindOf != nil {
		p.Kind = p.KindOf(elem)
	}
	Apply([]Raw{c.Payload()}, p, c.Diags)
}

// ApplyPayloadHere applies the chained tag to the value this tag is about, as if it were written in
// its place, at the given stability level ("" keeps this tag's): +k8s:alpha=+k8s:minimum=1.
func (c *Context) ApplyPayloadHere(level string) {
	p := c.place
	if level != "" {
		p.Level = level
	}
	Apply([]Raw{c.Payload()}, p, c.Diags)
}
