package tags

import (
	"fmt"
	"go/types"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/validation-gen/validation-gen/model"
)

// Kinds that the size and number tags apply to.
var (
	numberKinds   = []model.Kind{model.KindInteger, model.KindNumber}
	stringKinds   = []model.Kind{model.KindString}
	listKinds     = []model.Kind{model.KindList}
	propertyKinds = []model.Kind{model.KindMap, model.KindObject}
)

// registerSize registers a size limit tag (+maxLength and friends): a non-negative integer that
// accumulates along alias chains, the tightest one published.
func registerSize(name string, aliases []string, kinds []model.Kind, doc, openapi string, field func(*model.Validations) *[]model.Int) {
	Register(&Def{
		Name: name, Aliases: aliases, Scopes: ScopeType | ScopeField, Kinds: kinds,
		Value: Arg{Kind: ArgInt}, Doc: doc, OpenAPI: openapi, Example: "+" + name + "=10",
		Apply: func(c *Context) error {
			f := field(c.V)
			*f = append(*f, model.Int{Value: c.Int(), Origin: c.Origin()})
			return nil
		},
	})
}

// registerBound registers +minimum / +maximum / +multipleOf: a number on integer or number values.
func registerBound(name string, aliases []string, doc, openapi string, field func(*model.Validations) *[]model.Number) {
	Register(&Def{
		Name: name, Aliases: aliases, Scopes: ScopeType | ScopeField, Kinds: numberKinds,
		Value: Arg{Kind: ArgNumber}, Doc: doc, OpenAPI: openapi, Example: "+" + name + "=1",
		Apply: func(c *Context) error {
			n := c.Number()
			if err := checkBound(c, n, c.Value, name == "multipleOf"); err != nil {
				return err
			}
			f := field(c.V)
			*f = append(*f, n)
			return nil
		},
	})
}

// checkBound checks a +minimum, +maximum or +multipleOf (in any dialect: controller-gen's markers
// too, and item markers for the item's Go type) against the Go type of the value it bounds:
// generated validators compare the value with the bound as a Go constant, so a bound the type
// cannot hold (-1 on a uint32, 3e9 on an int32, 1e39 on a float32), or a fraction for an integer,
// would not compile, and could never be reached anyway. A multipleOf must be positive: 0 divides
// nothing (Go's "division by zero"), and the API server refuses a negative one.
func checkBound(c *Context, n model.Number, written string, multipleOf bool) error {
	if r, ok := new(big.Rat).SetString(n.Text); c.Kind == model.KindInteger && (!ok || !r.IsInt()) {
		return c.ErrorAt(c.ValueOff, "value %s is not an integer, as Go type %s requires", written, typeString(c.GoType))
	}
	if multipleOf && n.Value <= 0 {
		return c.ErrorAt(c.ValueOff, "value must be greater than 0, not %s", written)
	}
	if msg := outOfRange(n.Text, c.GoType); msg != "" {
		return c.ErrorAt(c.ValueOff, "%s", strings.Replace(msg, n.Text, written, 1))
	}
	return nil
}

// markerBound makes the model's number of a controller-gen marker's float64 value, spelt as a
// JSON number, checked with checkBound.
func markerBound(c *Context, f float64, multipleOf bool) (model.Number, error) {
	n := model.Number{Value: f, Text: strconv.FormatFloat(f, 'f', -1, 64), Origin: c.Origin()}
	_, written, _ := strings.Cut(c.Raw.Text, "=")
	return n, checkBound(c, n, strings.TrimSpace(written), multipleOf)
}

// registerFlag registers a value-less tag that sets one flag of the model.
func registerFlag(d *Def, field func(*model.Validations) **model.Flag) {
	d.Value = Arg{Kind: ArgNone, Optional: true}
	d.Apply = func(c *Context) error {
		*field(c.V) = &model.Flag{Origin: c.Origin()}
		return nil
	}
	Register(d)
}

// outOfRange says why a bound cannot be compared with values of Go type t, or "". Generated
// validators compare the value with the bound as a Go constant, so the bound must be a JSON number
// that the value's type can hold: +maximum=3000000000 on an int32 could never be reached, and Go
// rejects the comparison.
func outOfRange(text string, t types.Type) string {
	if !jsonNumber.MatchString(text) {
		return fmt.Sprintf("value %s is not a JSON number (digits, an optional fraction and exponent)", text)
	}
	for {
		p, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return ""
	}
	lo, hi, ok := basicRange(b.Kind())
	if !ok {
		return ""
	}
	v, _ := new(big.Rat).SetString(text)
	if v.Cmp(lo) < 0 || v.Cmp(hi) > 0 {
		spell := func(r *big.Rat) string {
			if b.Info()&types.IsFloat != 0 {
				f, _ := r.Float64()
				return fmt.Sprintf("%g", f)
			}
			return r.FloatString(0)
		}
		return fmt.Sprintf("value %s is out of the range of Go type %s (%s to %s)", text, typeString(t), spell(lo), spell(hi))
	}
	return ""
}

var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)

// basicRange is the range of a numeric Go basic kind (int and uint as on 64-bit platforms).
func basicRange(k types.BasicKind) (lo, hi *big.Rat, ok bool) {
	ints := func(bits uint) (*big.Rat, *big.Rat) {
		h := new(big.Int).Lsh(big.NewInt(1), bits-1)
		l := new(big.Int).Neg(h)
		return new(big.Rat).SetInt(l), new(big.Rat).SetInt(h.Sub(h, big.NewInt(1)))
	}
	uints := func(bits uint) (*big.Rat, *big.Rat) {
		h := new(big.Int).Lsh(big.NewInt(1), bits)
		return new(big.Rat), new(big.Rat).SetInt(h.Sub(h, big.NewInt(1)))
	}
	floats := func(max float64) (*big.Rat, *big.Rat) {
		h := new(big.Rat).SetFloat64(max)
		return new(big.Rat).Neg(h), h
	}
	switch k {
	case types.Int8:
		lo, hi = ints(8)
	case types.Int16:
		lo, hi = ints(16)
	case types.Int32:
		lo, hi = ints(32)
	case types.Int64, types.Int:
		lo, hi = ints(64)
	case types.Uint8:
		lo, hi = uints(8)
	case types.Uint16:
		lo, hi = uints(16)
	case types.Uint32:
		lo, hi = uints(32)
	case types.Uint64, types.Uint, types.Uintptr:
		lo, hi = uints(64)
	case types.Float32:
		lo, hi = floats(math.MaxFloat32)
	case types.Float64:
		lo, hi = floats(math.MaxFloat64)
	default:
		return nil, nil, false
	}
	return lo, hi, true
}
