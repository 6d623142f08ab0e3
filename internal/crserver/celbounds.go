package crserver

import (
	"fmt"
	"reflect"
	"sync"
	"unsafe"

	celgo "github.com/google/cel-go/cel"
	"github.com/google/cel-go/checker"
	celast "github.com/google/cel-go/common/ast"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextcel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/apiserver/pkg/cel/environment"
	"k8s.io/apiserver/pkg/cel/library"
)

// The server evaluates every rule with cel-go's cost tracker, which observes every step of the
// evaluation so that a rule stops at the per-call limit and an object at its cost budget
// (RuntimeCELCostBudget). Where a rule's static worst-case cost, estimated by the server's cost
// estimator with only the sizes the schema itself bounds (maxLength, maxItems, maxProperties,
// enum), is within the per-call limit, an evaluation over values that respect those bounds
// cannot reach that limit, and costs at most that estimate against the budget: such a rule is
// evaluated by a second program, planned from the server's checked AST in the server's
// environment, without the tracker (untracked),
// and celValidator.ValidateWithinBounds charges the estimate to the budget instead of the actual
// cost. A sum of upper bounds can only be larger than the actual cost, so where it stays within
// the budget, the server's tracking never fires and its verdict is the same; where it would not,
// that evaluation is tracked, and where the verdict could depend on the budget, the object is
// validated again with tracking throughout (celvalidator.go).

// ruleBound is a rule's untracked program and the worst-case cost it is charged.
type ruleBound struct {
	program celgo.Program // nil: the rule is always evaluated with the tracker
	maxCost uint64
}

// ruleBounds builds the untracked programs of a node's compiled rules, from the checked ASTs the
// server's Compile made (captured by astCapture): only rules that compiled, that do not read
// oldSelf (the old object is not held to the schema's bounds: ratcheting lets it keep values
// beyond them) and whose estimate is finite and within perCallLimit.
func ruleBounds(rules apiextv1.ValidationRules, compiled []apiextcel.CompilationResult, captured *astCapture, declType *apiservercel.DeclType, perCallLimit uint64) []ruleBound {
	if declType == nil {
		return nil
	}
	untracked, err := withoutCostTracking()
	if err != nil {
		return nil
	}
	bounds := make([]ruleBound, len(compiled))
	some := false
	for i, c := range compiled {
		rule := rules[i]
		if c.Program == nil || c.Error != nil || c.UsesOldSelf || (rule.OptionalOldSelf != nil && *rule.OptionalOldSelf) {
			continue
		}
		a, ok := captured.asts[rule.Rule]
		if !ok {
			continue
		}
		// The environment's cost options (has() costs nothing) are not given: the estimate can
		// only be larger for it.
		est, err := checker.Cost(a.ast, &library.CostEstimator{SizeEstimator: &boundedSizes{root: declType}})
		if err != nil || est.Max > perCallLimit {
			continue
		}
		prog, err := a.env.PlanProgram(a.ast, celgo.InterruptCheckFrequency(celconfig.CheckFrequency), untracked)
		if err != nil {
			continue
		}
		bounds[i], some = ruleBound{program: prog, maxCost: est.Max}, true
	}
	if !some {
		return nil
	}
	return bounds
}

// astCapture is the server's environment loader (StoredExpressionsEnvLoader) for one node's
// Compile, whose rule environments also keep each rule's checked AST (as an AST validator that
// finds nothing), so that the untracked program is planned from the AST the server's program was.
type astCapture struct {
	apiextcel.EnvLoader
	envs    map[*celgo.Env]*celgo.Env // the server's rule environments, extended
	current string                    // the rule being compiled
	asts    map[string]capturedAST
}

type capturedAST struct {
	env *celgo.Env
	ast *celast.AST
}

func newASTCapture() *astCapture {
	return &astCapture{EnvLoader: apiextcel.StoredExpressionsEnvLoader(), envs: map[*celgo.Env]*celgo.Env{}, asts: map[string]capturedAST{}}
}

func (c *astCapture) RuleEnv(envSet *environment.EnvSet, expression string) *celgo.Env {
	base := c.EnvLoader.RuleEnv(envSet, expression)
	env, ok := c.envs[base]
	if !ok {
		var err error
		if env, err = base.Extend(celgo.ASTValidators(c)); err != nil {
			env = base // no capture: the rule is tracked
		}
		c.envs[base] = env
	}
	c.current = expression
	return env
}

func (c *astCapture) Name() string { return "validation-gen.astCapture" }

func (c *astCapture) Validate(env *celgo.Env, _ celgo.ValidatorConfig, a *celast.AST, _ *celgo.Issues) {
	c.asts[c.current] = capturedAST{env: env, ast: a}
}

// withoutCostTracking is a program option that undoes the cost tracking and the per-call limit
// which the server's base environment gives every program (environment.baseOpts: EvalOptions
// OptTrackCost, CostLimit) and which no cel-go option takes back: given last, it clears them on
// the program being built, which is then the server's program without the tracker's observers.
// It reaches two unexported fields of cel-go's program (the version is pinned); if they are not
// there as expected, it fails and every rule is tracked. TestUntrackedProgram checks it works.
var withoutCostTracking = sync.OnceValues(func() (celgo.ProgramOption, error) {
	optType := reflect.TypeOf(celgo.ProgramOption(nil))
	if optType.NumIn() != 1 || optType.In(0).Kind() != reflect.Pointer || optType.In(0).Elem().Kind() != reflect.Struct {
		return nil, fmt.Errorf("cel.ProgramOption is %v", optType)
	}
	prog := optType.In(0).Elem()
	evalOpts, ok := prog.FieldByName("evalOpts")
	if !ok || evalOpts.Type != reflect.TypeOf(celgo.EvalOption(0)) {
		return nil, fmt.Errorf("cel-go's program has no evalOpts of type EvalOption")
	}
	costLimit, ok := prog.FieldByName("costLimit")
	if !ok || costLimit.Type != reflect.TypeOf((*uint64)(nil)) {
		return nil, fmt.Errorf("cel-go's program has no costLimit of type *uint64")
	}
	f := reflect.MakeFunc(optType, func(args []reflect.Value) []reflect.Value {
		p := args[0].UnsafePointer()
		*(*celgo.EvalOption)(unsafe.Add(p, evalOpts.Offset)) &^= celgo.OptTrackCost
		*(**uint64)(unsafe.Add(p, costLimit.Offset)) = nil
		return []reflect.Value{args[0], reflect.Zero(optType.Out(1))}
	})
	return f.Interface().(celgo.ProgramOption), nil
})

// boundedSizes is the server's size estimator (compilation.go's sizeEstimator) but for sizes the
// schema does not bound: where the server's DeclType has a size estimated from the maximum
// request size (strings, lists and maps without maxLength, maxItems or maxProperties; map keys;
// durations and timestamps), it gives no estimate, which cel-go takes as unbounded. A document
// need not be a request of at most 3 MiB (defaults alone can grow it), so only the schema's own
// bounds, which the schema check enforces, bound a value.
type boundedSizes struct {
	root *apiservercel.DeclType
}

func (b *boundedSizes) EstimateSize(element checker.AstNode) *checker.SizeEstimate {
	path := element.Path()
	if len(path) == 0 {
		return nil
	}
	n := b.root
	for _, name := range path[1:] { // path[0] is self
		switch name {
		case "@items", "@values":
			n = n.ElemType
		case "@keys":
			return nil
		default:
			f, ok := n.Fields[name]
			if !ok {
				return nil
			}
			n = f.Type
		}
		if n == nil {
			return nil
		}
	}
	if !schemaBounded(n) {
		return nil
	}
	return &checker.SizeEstimate{Min: 0, Max: uint64(n.MaxElements)}
}

func (b *boundedSizes) EstimateCallCost(function, overloadID string, target *checker.AstNode, args []checker.AstNode) *checker.CallEstimate {
	return nil
}

// schemaBounded: the node's MaxElements is the schema's own bound (common.SchemaDeclType), not
// an estimate from the maximum request size. A bound that happens to equal that estimate is
// taken as no bound.
func schemaBounded(n *apiservercel.DeclType) bool {
	const perRequest = apiservercel.DefaultMaxRequestSizeBytes - 2
	switch {
	case n.IsList():
		return n.MaxElements != perRequest/(n.ElemType.MinSerializedSize+1)
	case n.IsMap():
		return n.MaxElements != perRequest/(n.ElemType.MinSerializedSize+6)
	}
	switch n.TypeName() {
	case "string", "bytes", "dyn":
		return n.MaxElements != perRequest
	}
	return false
}
