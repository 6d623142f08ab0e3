package celrt

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	celgo "github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apimachinery/pkg/util/version"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/apiserver/pkg/cel/common"
	"k8s.io/apiserver/pkg/cel/library"
	"k8s.io/apiserver/pkg/cel/openapi"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/validation-gen/validation-gen/celenv/stored"
)

// The names of the variables of a rule, as the API server declares them.
const (
	selfVar    = "self"
	oldSelfVar = "oldSelf"
)

// compile compiles the rules as the API server compiles the rules of a CRD it has stored: self typed
// from the place's schema by the API server's own adapter (k8s.io/apiserver/pkg/cel/openapi, with
// apiVersion, kind and metadata at a resource root), the stored-expressions environment
// (celenv/stored), a bool result, a string messageExpression, the per-call cost limit with the
// Kubernetes libraries' cost model, and the context checked every celconfig.CheckFrequency steps.
//
// The generator checked the same rules at its compatibility version in the environment for new
// expressions, which the stored-expressions environment extends: nothing it accepted fails here.
func (r *CELRules) compile() (c *compiledRules) {
	defer func() {
		if p := recover(); p != nil {
			c = &compiledRules{err: fmt.Errorf("panic while compiling the CEL rules: %v", p)}
		}
	}()
	fail := func(origin string, format string, args ...any) *compiledRules {
		return &compiledRules{err: fmt.Errorf(format, args...), origin: origin}
	}
	if r.compat != "" {
		if _, err := version.ParseGeneric(r.compat); err != nil {
			return fail("", "invalid compatibility version %q: %v", r.compat, err)
		}
	}
	s := &spec.Schema{}
	if err := json.Unmarshal([]byte(r.schema), s); err != nil {
		return fail("", "invalid schema: %v", err)
	}
	if err := unknownFields(s, nil); err != nil {
		return fail("", "invalid schema: %v", err)
	}
	base, err := stored.Env()
	if err != nil {
		return fail("", "cannot build the CEL environment: %v", err)
	}

	valueSchema := s
	if r.resourceRoot {
		// As the API server: at a resource root, self has apiVersion, kind, and of the metadata
		// only name and generateName (the declared type has the same fields).
		valueSchema = common.WithTypeAndObjectMeta(s)
	}
	declType := openapi.SchemaDeclType(s, r.resourceRoot)
	if declType == nil {
		return fail("", "cannot compile the rules: the schema has no CEL type")
	}
	envs, err := ruleEnvs(base, declType)
	if err != nil {
		return fail("", "cannot compile the rules: %v", err)
	}

	c = &compiledRules{
		valueSchema: newSchemaCache(valueSchema),
		schemaType:  typeOf(s),
	}
	c.omitValue = c.schemaType == "object" || c.schemaType == "array"
	for i, rule := range r.rules {
		reason, ok := parseReason(rule.Reason)
		if !ok {
			return fail(rule.Origin, "rule %q: unknown reason %q", rule.Rule, rule.Reason)
		}
		if strings.TrimSpace(rule.Rule) == "" {
			continue // an empty rule: the API server skips it too
		}
		env := envs.oldSelf
		if rule.OptionalOldSelf {
			env = envs.optionalOldSelf
		}
		cr := compiledRule{CELRule: rule, index: i, reason: reason, errString: ruleErrorString(rule)}
		if cr.program, cr.usesOldSelf, err = compileExpr(env, rule.Rule, celgo.BoolType); err != nil {
			return fail(rule.Origin, "rule %q: %v", rule.Rule, err)
		}
		if rule.MessageExpression != "" {
			if cr.message, _, err = compileExpr(env, rule.MessageExpression, celgo.StringType); err != nil {
				return fail(rule.Origin, "rule %q: messageExpression: %v", rule.Rule, err)
			}
		}
		if rule.FieldPath != "" {
			p, err := fieldPath(rule.FieldPath, s)
			if err != nil {
				return fail(rule.Origin, "rule %q: invalid fieldPath %q: %v", rule.Rule, rule.FieldPath, err)
			}
			cr.field = p.String()
		}
		c.rules = append(c.rules, cr)
		c.transitions = c.transitions || cr.usesOldSelf
	}
	return c
}

// envs are the environments of a place's rules: self and oldSelf of the place's type, oldSelf
// optional for rules with optionalOldSelf.
type envs struct {
	oldSelf, optionalOldSelf *celgo.Env
}

func ruleEnvs(base *celgo.Env, declType *apiservercel.DeclType) (envs, error) {
	self := declType.MaybeAssignTypeName("selfType")
	provider := apiservercel.NewDeclTypeProvider(self)
	provider.SetRecognizeKeywordAsFieldName(true) // as the API server from Kubernetes 1.31
	opts, err := provider.EnvOptions(base.CELTypeProvider())
	if err != nil {
		return envs{}, err
	}
	extend := func(oldSelf *celgo.Type) (*celgo.Env, error) {
		return base.Extend(append([]celgo.EnvOption{
			celgo.Variable(selfVar, self.CelType()),
			celgo.Variable(oldSelfVar, oldSelf),
		}, opts...)...)
	}
	var e envs
	if e.oldSelf, err = extend(self.CelType()); err != nil {
		return envs{}, err
	}
	if e.optionalOldSelf, err = extend(types.NewOptionalType(self.CelType())); err != nil {
		return envs{}, err
	}
	return e, nil
}

// compileExpr compiles one expression of the given result type into a program with the per-call
// cost limit, and reports whether it refers to oldSelf.
func compileExpr(env *celgo.Env, expr string, result *celgo.Type) (celgo.Program, bool, error) {
	ast, iss := env.Compile(expr)
	if iss.Err() != nil {
		return nil, false, fmt.Errorf("compilation failed: %v", iss.Err())
	}
	if !ast.OutputType().IsExactType(result) {
		return nil, false, fmt.Errorf("must evaluate to a %s", result)
	}
	usesOldSelf := false
	for _, ref := range ast.NativeRep().ReferenceMap() {
		if ref.Name == oldSelfVar {
			usesOldSelf = true
			break
		}
	}
	prg, err := env.Program(ast,
		celgo.CostLimit(celconfig.PerCallLimit),
		celgo.CostTracking(&library.CostEstimator{}),
		celgo.InterruptCheckFrequency(celconfig.CheckFrequency),
	)
	if err != nil {
		return nil, false, fmt.Errorf("program instantiation failed: %v", err)
	}
	return prg, usesOldSelf, nil
}

func typeOf(s *spec.Schema) string {
	if len(s.Type) == 0 {
		return ""
	}
	return s.Type[0]
}

// fieldPath turns a rule's fieldPath (".a.b", ".m['key']", ".a['b.c']") into the field.Path the
// API server reports, relative to self: a property name is a child (".b"), a key of a map with
// additionalProperties is a key ("[key]"). The generator has checked the path against the schema;
// this walks it again to tell properties from keys.
func fieldPath(path string, s *spec.Schema) (*field.Path, error) {
	var p *field.Path
	rest := path
	for rest != "" {
		var name string
		switch rest[0] {
		case '.':
			end := strings.IndexAny(rest[1:], ".[")
			if end < 0 {
				end = len(rest) - 1
			}
			name, rest = rest[1:1+end], rest[1+end:]
			if name == "" {
				return nil, errors.New("empty field name")
			}
			var err error
			if p, s, err = step(p, s, name); err != nil {
				return nil, err
			}
		case '[':
			var err error
			name, rest, err = quoted(rest[1:])
			if err != nil {
				return nil, err
			}
			if !strings.HasPrefix(rest, "]") {
				return nil, errors.New("expected ]")
			}
			rest = rest[1:]
			if p, s, err = step(p, s, name); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("unexpected %q", rest[0])
		}
	}
	return p, nil
}

// step goes from an object to its property name, or from a map to its key name.
func step(p *field.Path, s *spec.Schema, name string) (*field.Path, *spec.Schema, error) {
	switch {
	case s.Properties != nil:
		prop, ok := s.Properties[name]
		if !ok {
			return nil, nil, fmt.Errorf("no field %q", name)
		}
		return p.Child(name), &prop, nil
	case s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil:
		return p.Key(name), s.AdditionalProperties.Schema, nil
	}
	return nil, nil, fmt.Errorf("%q is neither a field nor a map key", name)
}

// unknownFields rejects a schema with keys that are neither JSON Schema's nor extensions
// (x-...): the generator never writes them, and dropping them silently could change what is
// checked.
func unknownFields(s *spec.Schema, path []string) error {
	if len(s.ExtraProps) > 0 {
		keys := slices.Sorted(maps.Keys(s.ExtraProps))
		return fmt.Errorf("unknown field %q at /%s", keys[0], strings.Join(path, "/"))
	}
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		p := s.Properties[name]
		if err := unknownFields(&p, append(path, "properties", name)); err != nil {
			return err
		}
	}
	if s.Items != nil && s.Items.Schema != nil {
		if err := unknownFields(s.Items.Schema, append(path, "items")); err != nil {
			return err
		}
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		if err := unknownFields(s.AdditionalProperties.Schema, append(path, "additionalProperties")); err != nil {
			return err
		}
	}
	return nil
}

// quoted reads a single-quoted string with CEL's escapes at the start of s and returns its value
// and what follows it.
func quoted(s string) (string, string, error) {
	if !strings.HasPrefix(s, "'") {
		return "", "", errors.New("expected a single-quoted string")
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch ch := s[i]; ch {
		case '\'':
			return b.String(), s[i+1:], nil
		case '\\':
			i++
			if i == len(s) {
				return "", "", errors.New("unterminated string")
			}
			esc, ok := map[byte]byte{'a': '\a', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v', '\'': '\'', '\\': '\\'}[s[i]]
			if !ok {
				return "", "", fmt.Errorf("invalid escape \\%c", s[i])
			}
			b.WriteByte(esc)
		default:
			b.WriteByte(ch)
		}
	}
	return "", "", errors.New("unterminated string")
}
