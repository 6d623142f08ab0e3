package nativecel

import (
	"time"

	"github.com/dave/jennifer/jen"
	celast "github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/operators"
)

// Timestamps and durations: arithmetic with cel-go's range checks, comparison, the getters
// (in UTC, or in a time zone), duration() and timestamp().

var timeGetters = map[string]string{
	"getFullYear": "Year", "getMonth": "Month", "getDayOfYear": "YearDay", "getDayOfMonth": "Day", "getDate": "Day",
	"getDayOfWeek": "Weekday", "getHours": "Hour", "getMinutes": "Minute", "getSeconds": "Second", "getMilliseconds": "Nanosecond",
}

func (c *compiler) timeCall(e celast.Expr, call celast.CallExpr) (cval, bool) {
	args := call.Args()
	fn := call.FunctionName()
	if getter, ok := timeGetters[fn]; ok {
		if !call.IsMemberFunction() || len(args) > 1 {
			return cval{}, false
		}
		recv := c.expr(call.Target())
		switch recv.typ {
		case tDuration:
			if len(args) != 0 {
				unsupported("%s of a duration with a time zone", fn)
			}
			m := map[string]string{"getHours": "Hours", "getMinutes": "Minutes", "getSeconds": "Seconds", "getMilliseconds": "Milliseconds"}[fn]
			if m == "" {
				unsupported("%s of a duration", fn)
			}
			if m == "Milliseconds" {
				return cval{code: recv.code.Clone().Dot(m).Call(), typ: tInt}, true
			}
			return cval{code: jen.Int64().Call(recv.code.Clone().Dot(m).Call()), typ: tInt}, true
		case tTimestamp:
		default:
			unsupported("%s of a %s", fn, recv.typ)
		}
		t := recv.code.Clone().Dot("UTC").Call()
		if len(args) == 1 {
			tz := c.want(c.expr(args[0]), tString)
			t = c.checked(jen.Qual(pkgCelNative, "InTimeZone").Call(recv.code, tz.code), tTimestamp).code
		}
		v := jen.Int64().Call(t.Clone().Dot(getter).Call())
		switch fn {
		case "getMonth", "getDayOfYear", "getDayOfMonth":
			v = jen.Parens(v.Op("-").Lit(1)) // 0-based
		case "getMilliseconds":
			v = jen.Parens(v.Op("/").Lit(1000000))
		}
		return cval{code: v, typ: tInt}, true
	}
	switch fn {
	case "duration":
		a := global(call, 1)
		if lit, ok := literalString(a[0]); ok {
			if d, err := time.ParseDuration(lit); err == nil {
				return cval{code: jen.Qual("time", "Duration").Call(jen.Lit(int64(d))), typ: tDuration}, true
			}
		}
		v := c.expr(a[0])
		switch v.typ {
		case tDuration:
			return v, true
		case tString:
			return c.checked(jen.Qual(pkgCelNative, "Duration").Call(v.code), tDuration), true
		}
		unsupported("duration() of a %s", v.typ)
	case "timestamp":
		a := global(call, 1)
		v := c.expr(a[0])
		switch v.typ {
		case tTimestamp:
			return v, true
		case tString:
			return c.checked(jen.Qual(pkgCelNative, "Timestamp").Call(v.code), tTimestamp), true
		case tInt:
			return c.checked(jen.Qual(pkgCelNative, "TimestampOfInt").Call(v.code), tTimestamp), true
		}
		unsupported("timestamp() of a %s", v.typ)
	}
	return cval{}, false
}

// timeArithmetic compiles + and - of timestamps and durations.
func (c *compiler) timeArithmetic(fn string, a, b cval) (cval, bool) {
	switch {
	case fn == operators.Add && a.typ == tDuration && b.typ == tDuration:
		return c.checked(jen.Qual(pkgCelNative, "AddDurations").Call(a.code, b.code), tDuration), true
	case fn == operators.Subtract && a.typ == tDuration && b.typ == tDuration:
		return c.checked(jen.Qual(pkgCelNative, "SubDurations").Call(a.code, b.code), tDuration), true
	case fn == operators.Add && a.typ == tTimestamp && b.typ == tDuration:
		return c.checked(jen.Qual(pkgCelNative, "AddTimeDuration").Call(a.code, b.code), tTimestamp), true
	case fn == operators.Add && a.typ == tDuration && b.typ == tTimestamp:
		return c.checked(jen.Qual(pkgCelNative, "AddTimeDuration").Call(b.code, a.code), tTimestamp), true
	case fn == operators.Subtract && a.typ == tTimestamp && b.typ == tDuration:
		return c.checked(jen.Qual(pkgCelNative, "SubTimeDuration").Call(a.code, b.code), tTimestamp), true
	case fn == operators.Subtract && a.typ == tTimestamp && b.typ == tTimestamp:
		return c.checked(jen.Qual(pkgCelNative, "SubTimes").Call(a.code, b.code), tDuration), true
	}
	return cval{}, false
}
