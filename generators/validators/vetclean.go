package validators

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
)

// dropRepeatedOperands removes from every && and || chain of a generated file an operand that
// repeats an earlier side-effect-free operand of the same chain, with no operand that may have
// side effects between them: the chains go vet's bools check reports as redundant. They come from
// rules as users write them (has(self.x) && has(self.x)) and from the nil checks of fields
// promoted through the same embedded pointer, and generated code must pass go vet. Dropping the
// repeat is exact: it is evaluated only when its first occurrence decided nothing, in the same
// state, so it would give the same value. src is returned unchanged when nothing repeats.
func dropRepeatedOperands(src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	changed := false
	inner := map[*ast.BinaryExpr]bool{}
	astutil.Apply(f, func(c *astutil.Cursor) bool {
		b, ok := c.Node().(*ast.BinaryExpr)
		if !ok || (b.Op != token.LAND && b.Op != token.LOR) || inner[b] {
			return true
		}
		ops := chainOperands(b, b.Op, inner)
		kept := keptOperands(ops)
		if len(kept) < len(ops) {
			e := kept[0]
			for _, k := range kept[1:] {
				e = &ast.BinaryExpr{X: e, Op: b.Op, Y: k}
			}
			c.Replace(e)
			changed = true
		}
		return true
	}, nil)
	if !changed {
		return src, nil
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// chainOperands flattens a chain of op, through parentheses, into its operands in evaluation
// order, and marks the chain's inner links as seen.
func chainOperands(e ast.Expr, op token.Token, inner map[*ast.BinaryExpr]bool) []ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == op {
		inner[b] = true
		return append(chainOperands(b.X, op, inner), chainOperands(b.Y, op, inner)...)
	}
	return []ast.Expr{e}
}

// keptOperands are ops without the repeats of an earlier side-effect-free operand in the same run
// of side-effect-free operands.
func keptOperands(ops []ast.Expr) []ast.Expr {
	var kept []ast.Expr
	seen := map[string]bool{}
	for _, e := range ops {
		if !sideEffectFree(e) {
			seen = map[string]bool{}
			kept = append(kept, e)
			continue
		}
		s := types.ExprString(ast.Unparen(e))
		if seen[s] {
			continue
		}
		seen[s] = true
		kept = append(kept, e)
	}
	return kept
}

// sideEffectFree reports an expression without calls (conversions to predeclared types aside),
// receives or function literals.
func sideEffectFree(e ast.Expr) bool {
	free := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if id, ok := n.Fun.(*ast.Ident); !ok || !predeclaredType(id.Name) {
				free = false
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				free = false
			}
		case *ast.FuncLit:
			free = false
		}
		return free
	})
	return free
}

func predeclaredType(name string) bool {
	obj := types.Universe.Lookup(name)
	_, ok := obj.(*types.TypeName)
	return ok
}
