package equivalence

import (
	"encoding/json"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/cel/common"

	"github.com/validation-gen/validation-gen/formats"
	"github.com/validation-gen/validation-gen/genruntime"
)

// Normalization is one known, documented way in which the API server's validation of custom
// resources differs from handwritten conventions. Before the schema backend's errors are compared
// with the handwritten ones, every normalisation is applied; each applies only where the
// difference provably comes from its cause (it recomputes what the server skipped or respelled),
// never as a per-case exception.
type Normalization struct {
	Name string
	Doc  string
	// apply changes the two lists and reports whether it changed anything.
	apply func(n *normalizing) bool
}

// normalizing is one comparison of the schema backend with the handwritten reference.
type normalizing struct {
	update bool
	ref    field.ErrorList // handwritten
	got    field.ErrorList // schema
	res    *schemaResult
}

// Normalizations returns the normalisations the harness applies, in the order it applies them.
func Normalizations() []Normalization {
	return []Normalization{
		{
			Name: "map-key-paths",
			Doc: "The server's OpenAPI value validation spells map keys as path segments " +
				"(spec.notes.door); handwritten validation as keys (spec.notes[door]). The schema " +
				"backend's paths are respelled by walking the structural schema: a segment below a " +
				"map (additionalProperties) is a key. Where the keys have dots, the server's spelling " +
				"cannot say where each ends (a map of maps' a.b.c); a handwritten error at a path " +
				"that the server spells the same way says it.",
			apply: normalizeMapKeyPaths,
		},
		{
			Name: "format-type-invalid",
			Doc: "The server reports a value that fails its string format (format: in the schema) " +
				"as TypeInvalid; handwritten validation as Invalid. A TypeInvalid error at a " +
				"schema node with a format becomes Invalid. (It runs before the normalisations that " +
				"match the server's errors with the reference's by type.)",
			apply: normalizeFormatTypeInvalid,
		},
		{
			Name: "update-short-circuits",
			Doc: "+k8s:update is a short-circuiting check, as upstream's validation-gen generates it: " +
				"when a field's transition is forbidden (an error of origin update at the field), " +
				"nothing else about its value is checked. The server checks the field's schema " +
				"keywords apart from the transition rule that publishes the tag. On update, the " +
				"schema backend's errors at or below such a field are dropped, except one for each " +
				"error the reference reports there (same type and field; for the update error, " +
				"the same detail too: the transition rule's).",
			apply: normalizeUpdateShortCircuits,
		},
		{
			Name: "size-short-circuits",
			Doc: "+k8s:maxItems and +k8s:maxProperties short-circuit in +k8s:validation-gen packages, as " +
				"upstream's validation-gen generates them: an oversized list or map is reported (TooMany, " +
				"marked ShortCircuit) and none of its items is checked, which bounds the work hostile input " +
				"causes. The server still checks the items against their schema. The schema backend's " +
				"errors strictly below such a field are dropped.",
			apply: normalizeSizeShortCircuits,
		},
		{
			Name: "unchanged-presence",
			Doc: "Upstream's validation-gen does not check an unchanged field again on update, " +
				"+k8s:required and +k8s:forbidden included; the server checks a struct's required " +
				"properties, and the rules that publish +k8s:forbidden on the struct, whenever the " +
				"struct changed. On update, where the server correlates the struct with its old " +
				"value and the field is missing from both (Required) or equal in both (Forbidden), " +
				"the schema backend's error at the field is dropped when the reference does not " +
				"report it. (Outside +k8s:validation-gen packages the generated validators check " +
				"presence as the server does, and both report it.)",
			apply: normalizeUnchangedPresence,
		},
		{
			Name: "allof-summary",
			Doc: "A value that fails a branch of an allOf (controller-gen writes one where a field and " +
				"its type declare the same keyword) gets, besides the branch's own error, one more at the " +
				"root: \"<path>\" must validate all the schemas (allOf) (with what validated). That summary is dropped when an " +
				"error at or below the path says what failed.",
			apply: normalizeAllOfSummary,
		},
		{
			Name: "blocking-errors-skip-cel",
			Doc: "When an object has a blocking error (Required, TooLong, TooMany, NotSupported, " +
				"TypeInvalid), the server skips every CEL rule and adds one error \"some validation " +
				"rules were not checked\". That error is dropped, and so are the handwritten errors " +
				"that the CEL rules report when they are evaluated anyway.",
			apply: normalizeBlockingErrors,
		},
		{
			Name: "list-duplicates-on-update",
			Doc: "On update the server checks +listType=set and +listType=map lists for duplicates " +
				"only when the old object had none, anywhere. When it had some, the handwritten " +
				"Duplicate errors that the check would report on the new object are dropped.",
			apply: normalizeListDuplicates,
		},
		{
			Name: "duplicates-reported-once",
			Doc: "The server reports an item that repeats in a +listType=set, or a key that repeats " +
				"in a +listType=map, once, at its second occurrence; handwritten validation reports " +
				"every later occurrence. The handwritten Duplicate errors at the third and later " +
				"occurrences are dropped.",
			apply: normalizeDuplicatesOnce,
		},
		{
			Name: "items-select-first",
			Doc: "Upstream's +k8s:item checks the first item its selector matches " +
				"(validate.ValSliceItem); the rules that publish it on the items of a list map " +
				"check every item that matches. They differ only at an item that repeats an " +
				"earlier item's key, which is an error of its own (Duplicate). At such an item, the " +
				"schema backend's errors of the items' rules (their field and message) that the " +
				"reference does not report (same type, field and detail) are dropped.",
			apply: normalizeItemsSelectFirst,
		},
		{
			Name: "first-string-check",
			Doc: "The server reports only the first failing string check of a value, in the order " +
				"maxLength (TooLong), minLength, pattern (Invalid); handwritten validation reports " +
				"each. The handwritten errors of the later failing checks are dropped.",
			apply: normalizeFirstStringCheck,
		},
		{
			Name: "server-value-messages",
			Doc: "The server phrases the failures of OpenAPI value validations as kube-openapi does " +
				"(\"spec.replicas in body should be less than or equal to 1000\", TooLong \"may not be " +
				"more than 20 bytes\" although it counts characters); handwritten validation as " +
				"apimachinery does (\"must be less than or equal to 1000\", \"may not be more than 20 " +
				"characters\"). Where both errors are at the same field with the same type, and both " +
				"details state the same check with the same bound, the server's detail is replaced " +
				"by the handwritten one. Any other detail is compared as it is.",
			apply: normalizeValueMessages,
		},
		{
			Name: "server-format-messages",
			Doc: "The server reports a failed format as \"<path> in body must be of type <format>: " +
				"<value>\"; handwritten validation gives apimachinery's reasons. Where the handwritten " +
				"detail is exactly the reasons that the format's Go check (formats.Reasons, " +
				"proven to accept what the server's format accepts) gives for the value, joined with " +
				"\"; \", the server's detail is replaced by it; where the handwritten errors at the " +
				"field are those reasons one each, in order (as apimachinery's format functions, " +
				"which upstream's validation-gen calls, report them), the server's error becomes one " +
				"per reason.",
			apply: normalizeFormatMessages,
		},
		{
			Name: "names-on-create",
			Doc: "The server checks every custom resource's name and generateName as a DNS-1123 " +
				"subdomain on create only; on update it only keeps the name from changing. Where the " +
				"schema has no rule of its own on metadata.name (validation-gen leaves +nameFormat=" +
				"dns1123subdomain to the server), the handwritten Invalid errors of a changed name or " +
				"generateName on update that are exactly apimachinery's DNS-subdomain reasons are dropped.",
			apply: normalizeNamesOnCreate,
		},
		{
			Name: "root-rules-not-ratcheted",
			Doc: "The server never ratchets the CEL rules declared at the root of the schema: " +
				"every write changes the root (metadata), so on update the root rules run even " +
				"where typed validation ratchets an unchanged object. On update of an object whose " +
				"content did not change, the schema backend's errors of the root rules are dropped.",
			apply: normalizeRootRules,
		},
	}
}

func normalize(update bool, ref, got field.ErrorList, res *schemaResult) (field.ErrorList, field.ErrorList, []string) {
	n := &normalizing{update: update, ref: copyErrs(ref), got: copyErrs(got), res: res}
	var applied []string
	for _, norm := range Normalizations() {
		if norm.apply(n) {
			applied = append(applied, norm.Name)
		}
	}
	return n.ref, n.got, applied
}

func copyErrs(l field.ErrorList) field.ErrorList {
	out := make(field.ErrorList, len(l))
	for i, e := range l {
		c := *e
		out[i] = &c
	}
	return out
}

// remove drops from l one error of the same type and field as each of drop, preferring one with
// the same detail; it reports whether it dropped any.
func remove(l *field.ErrorList, drop field.ErrorList) bool {
	changed := false
	for _, d := range drop {
		at := -1
		for i, e := range *l {
			if e.Type == d.Type && e.Field == d.Field {
				if e.Detail == d.Detail {
					at = i
					break
				}
				if at < 0 {
					at = i
				}
			}
		}
		if at >= 0 {
			*l = append((*l)[:at], (*l)[at+1:]...)
			changed = true
		}
	}
	return changed
}

func normalizeMapKeyPaths(n *normalizing) bool {
	changed := false
	refs := map[string]string{}
	for _, e := range n.ref {
		refs[serverSpelling(e.Field)] = e.Field
	}
	for _, e := range n.got {
		p := respell(e.Field, n.res.structural)
		if r, ok := refs[serverSpelling(p)]; ok && fits(segments(r), n.res.structural) {
			// The server's path, split where the handwritten one says its keys end: keys with
			// dots of nested maps (a.b.c.d is [a.b][c.d] as well as [a][b.c.d]).
			p = r
		}
		if p != e.Field {
			e.Field = p
			changed = true
		}
	}
	return changed
}

func normalizeUpdateShortCircuits(n *normalizing) bool {
	if !n.update {
		return false
	}
	var stopped []string
	for _, e := range n.ref {
		if e.Origin == "update" && e.Field != "" {
			stopped = append(stopped, e.Field)
		}
	}
	if len(stopped) == 0 {
		return false
	}
	below := func(f string) bool { return atOrBelow(f, stopped) }
	// Each reference error below a stopped field keeps one server error of its type and field
	// (for an update error, of its detail too: the transition rule's, whose message is
	// apimachinery's); the others go.
	var refBelow field.ErrorList
	for _, e := range n.ref {
		if below(e.Field) {
			refBelow = append(refBelow, e)
		}
	}
	var candidates field.ErrorList
	for _, e := range n.got {
		if below(e.Field) {
			candidates = append(candidates, e)
		}
	}
	keep := map[*field.Error]bool{}
	for _, r := range refBelow {
		for _, e := range candidates {
			if !keep[e] && e.Type == r.Type && e.Field == r.Field && (r.Origin != "update" || e.Detail == r.Detail) {
				keep[e] = true
				break
			}
		}
	}
	kept := n.got[:0]
	for _, e := range n.got {
		if !below(e.Field) || keep[e] {
			kept = append(kept, e)
		}
	}
	changed := len(kept) != len(n.got)
	n.got = kept
	return changed
}

func normalizeSizeShortCircuits(n *normalizing) bool {
	var stopped []string
	for _, e := range n.ref {
		if e.ShortCircuit && e.Type == field.ErrorTypeTooMany && (e.Origin == "maxItems" || e.Origin == "maxProperties") {
			stopped = append(stopped, e.Field)
		}
	}
	if len(stopped) == 0 {
		return false
	}
	kept := n.got[:0]
	for _, e := range n.got {
		if slices.Contains(stopped, e.Field) || !atOrBelow(e.Field, stopped) {
			kept = append(kept, e)
		}
	}
	changed := len(kept) != len(n.got)
	n.got = kept
	return changed
}

func normalizeUnchangedPresence(n *normalizing) bool {
	if !n.update || n.res.old == nil {
		return false
	}
	var corr *common.CorrelatedObject
	kept := n.got[:0]
	for _, e := range n.got {
		if e.Type == field.ErrorTypeRequired || e.Type == field.ErrorTypeForbidden {
			if corr == nil {
				corr = common.NewCorrelatedObject(n.res.obj, n.res.old, &model.Structural{Structural: n.res.structural})
			}
			if unchangedPresence(corr, parsePath(e.Field), e.Type) && !hasError(n.ref, e.Type, e.Field) {
				continue
			}
		}
		kept = append(kept, e)
	}
	changed := len(kept) != len(n.got)
	n.got = kept
	return changed
}

// unchangedPresence reports whether the field at path is, for the server's correlation of the
// struct holding it with its old value, missing from both (Required) or equal in both (Forbidden).
func unchangedPresence(corr *common.CorrelatedObject, path []string, t field.ErrorType) bool {
	if len(path) == 0 {
		return false
	}
	node := corr
	for _, step := range path[:len(path)-1] {
		if i, err := strconv.Atoi(step); err == nil {
			if _, isList := node.Value.([]any); isList {
				node = node.Index(i)
			} else {
				node = node.Key(step)
			}
		} else {
			node = node.Key(step)
		}
		if node == nil {
			return false
		}
	}
	newM, okN := node.Value.(map[string]any)
	oldM, okO := node.OldValue.(map[string]any)
	if !okN || !okO {
		return false
	}
	name := path[len(path)-1]
	nv, inNew := newM[name]
	ov, inOld := oldM[name]
	if t == field.ErrorTypeRequired {
		return !inNew && !inOld
	}
	return inNew && inOld && reflect.DeepEqual(nv, ov)
}

// atOrBelow reports whether the field path f is one of roots or below one of them.
func atOrBelow(f string, roots []string) bool {
	for _, r := range roots {
		if f == r || strings.HasPrefix(f, r+".") || strings.HasPrefix(f, r+"[") {
			return true
		}
	}
	return false
}

// hasError reports whether l has an error of type t at f.
func hasError(l field.ErrorList, t field.ErrorType, f string) bool {
	for _, e := range l {
		if e.Type == t && e.Field == f {
			return true
		}
	}
	return false
}

func normalizeFormatTypeInvalid(n *normalizing) bool {
	changed := false
	for _, e := range n.got {
		if e.Type != field.ErrorTypeTypeInvalid {
			continue
		}
		if s := nodeAt(e.Field, n.res.structural); s != nil && s.ValueValidation != nil && s.ValueValidation.Format != "" {
			e.Type = field.ErrorTypeInvalid
			changed = true
		}
	}
	return changed
}

const notCheckedPrefix = "some validation rules were not checked"

func normalizeAllOfSummary(n *normalizing) bool {
	changed := false
	kept := n.got[:0]
	for _, e := range n.got {
		if e.Field == "<nil>" || e.Field == "" {
			if path, _, ok := strings.Cut(e.Detail, " must validate all the schemas (allOf)"); ok {
				path = strings.Trim(path, `"`)
				covered := false
				for _, o := range n.got {
					if o != e && (o.Field == path || strings.HasPrefix(o.Field, path+".") || strings.HasPrefix(o.Field, path+"[")) {
						covered = true
					}
				}
				if covered {
					changed = true
					continue
				}
			}
		}
		kept = append(kept, e)
	}
	n.got = kept
	return changed
}

func normalizeBlockingErrors(n *normalizing) bool {
	for i, e := range n.got {
		if e.Field == "<nil>" || e.Field == "" {
			if strings.HasPrefix(e.Detail, notCheckedPrefix) {
				n.got = append(n.got[:i], n.got[i+1:]...)
				remove(&n.ref, n.res.cel)
				return true
			}
		}
	}
	return false
}

func normalizeListDuplicates(n *normalizing) bool {
	if !n.update || !n.res.oldHadListTypeErrs {
		return false
	}
	return remove(&n.ref, n.res.listTypeNew)
}

func normalizeRootRules(n *normalizing) bool {
	if !n.update || len(n.res.rootCEL) == 0 || !contentEqual(n.res.obj, n.res.old) {
		return false
	}
	return remove(&n.got, n.res.rootCEL)
}

// contentEqual compares two objects without their metadata.
func contentEqual(a, b map[string]interface{}) bool {
	strip := func(m map[string]interface{}) map[string]interface{} {
		c := make(map[string]interface{}, len(m))
		for k, v := range m {
			if k != "metadata" {
				c[k] = v
			}
		}
		return c
	}
	return reflect.DeepEqual(strip(a), strip(b))
}

func normalizeFirstStringCheck(n *normalizing) bool {
	var later field.ErrorList
	walk(n.res.obj, n.res.structural, nil, func(p *field.Path, x interface{}, s *structuralschema.Structural) {
		v, ok := x.(string)
		vv := s.ValueValidation
		if !ok {
			return
		}
		if vv == nil {
			return
		}
		var failing []field.ErrorType
		if vv.MaxLength != nil && int64(utf8.RuneCountInString(v)) > *vv.MaxLength {
			failing = append(failing, field.ErrorTypeTooLong)
		}
		if vv.MinLength != nil && int64(utf8.RuneCountInString(v)) < *vv.MinLength {
			failing = append(failing, field.ErrorTypeInvalid)
		}
		if vv.Pattern != "" {
			if re, err := regexp.Compile(vv.Pattern); err == nil && !re.MatchString(v) {
				failing = append(failing, field.ErrorTypeInvalid)
			}
		}
		for _, t := range failing[min(1, len(failing)):] {
			later = append(later, &field.Error{Type: t, Field: p.String()})
		}
	})
	return remove(&n.ref, later)
}

// walk calls fn for every value of obj with its schema and path, parents first.
func walk(v interface{}, s *structuralschema.Structural, p *field.Path, fn func(*field.Path, interface{}, *structuralschema.Structural)) {
	if s == nil {
		return
	}
	fn(p, v, s)
	switch v := v.(type) {
	case map[string]interface{}:
		for k, val := range v {
			if prop, ok := s.Properties[k]; ok {
				walk(val, &prop, p.Child(k), fn)
			} else if s.AdditionalProperties != nil && s.AdditionalProperties.Structural != nil {
				walk(val, s.AdditionalProperties.Structural, p.Key(k), fn)
			}
		}
	case []interface{}:
		for i, val := range v {
			walk(val, s.Items, p.Index(i), fn)
		}
	}
}

// nodeAt returns the schema of the value at a (respelled) field path, or nil.
func nodeAt(path string, root *structuralschema.Structural) *structuralschema.Structural {
	s := root
	for _, seg := range segments(path) {
		switch {
		case s == nil:
			return nil
		case seg.bracket && s.Items != nil:
			s = s.Items
		case seg.bracket && isMap(s):
			s = s.AdditionalProperties.Structural
		case !seg.bracket && hasProp(s, seg.name):
			prop := s.Properties[seg.name]
			s = &prop
		default:
			return nil
		}
	}
	return s
}

// valueMessages pairs apimachinery's phrasing of a value check (ref) with kube-openapi's (got), as
// served by the API server. Each captures the bound, which must be equal.
var valueMessages = []struct{ ref, got *regexp.Regexp }{
	{regexp.MustCompile(`^must be less than or equal to (\S+)$`), regexp.MustCompile(` in body should be less than or equal to (\S+)$`)},
	{regexp.MustCompile(`^must be less than (\S+)$`), regexp.MustCompile(` in body should be less than (\S+)$`)},
	{regexp.MustCompile(`^must be greater than or equal to (\S+)$`), regexp.MustCompile(` in body should be greater than or equal to (\S+)$`)},
	{regexp.MustCompile(`^must be greater than (\S+)$`), regexp.MustCompile(` in body should be greater than (\S+)$`)},
	{regexp.MustCompile(`^must be a multiple of (\S+)$`), regexp.MustCompile(` in body should be a multiple of (\S+)$`)},
	{regexp.MustCompile(`^may not be more than (\d+) characters$`), regexp.MustCompile(`^may not be more than (\d+) bytes$`)},
	{regexp.MustCompile(`^must be at least (\d+) characters? long$`), regexp.MustCompile(` in body should be at least (\d+) chars long$`)},
}

// sameValueCheck reports whether ref and got state the same check with the same bound.
func sameValueCheck(ref, got string) bool {
	for _, m := range valueMessages {
		r, g := m.ref.FindStringSubmatch(ref), m.got.FindStringSubmatch(got)
		if r == nil || g == nil {
			continue
		}
		if r[1] == g[1] {
			return true
		}
		rf, err1 := strconv.ParseFloat(r[1], 64)
		gf, err2 := strconv.ParseFloat(g[1], 64)
		return err1 == nil && err2 == nil && rf == gf
	}
	return false
}

func normalizeValueMessages(n *normalizing) bool {
	changed := false
	used := make([]bool, len(n.ref))
	for _, g := range n.got {
		for i, r := range n.ref {
			if used[i] || r.Type != g.Type || r.Field != g.Field {
				continue
			}
			if r.Detail == g.Detail {
				used[i] = true
				break
			}
			if sameValueCheck(r.Detail, g.Detail) {
				g.Detail = r.Detail
				used[i] = true
				changed = true
				break
			}
		}
	}
	return changed
}

var formatMessage = regexp.MustCompile(` in body must be of type ([^:\s]+): `)

func normalizeFormatMessages(n *normalizing) bool {
	changed := false
	var split field.ErrorList
	for _, g := range n.got {
		m := formatMessage.FindStringSubmatch(g.Detail)
		value, ok := g.BadValue.(string)
		if m == nil || !ok {
			continue
		}
		reasons, known := formats.Reasons(m[1], value)
		if !known || len(reasons) == 0 {
			continue
		}
		want := genruntime.JoinReasons(reasons)
		each := 0 // the reference's errors at the field that are the reasons, one each, in order
		for _, r := range n.ref {
			if r.Type == g.Type && r.Field == g.Field && r.Detail == want {
				g.Detail = want
				changed = true
				each = -1
				break
			}
			if r.Type == g.Type && r.Field == g.Field && each >= 0 && each < len(reasons) && r.Detail == reasons[each] {
				each++
			}
		}
		if each == len(reasons) {
			// One error per reason, as apimachinery's format functions report them.
			g.Detail = reasons[0]
			for _, r := range reasons[1:] {
				c := *g
				c.Detail = r
				split = append(split, &c)
			}
			changed = true
		}
	}
	n.got = append(n.got, split...)
	return changed
}

func normalizeNamesOnCreate(n *normalizing) bool {
	if !n.update {
		return false
	}
	if meta := nodeAt("metadata.name", n.res.structural); meta != nil && len(meta.XValidations) > 0 {
		return false
	}
	metadata, _ := n.res.obj["metadata"].(map[string]interface{})
	var drop field.ErrorList
	for _, f := range []struct {
		name   string
		prefix bool
	}{{"name", false}, {"generateName", true}} {
		value, _ := metadata[f.name].(string)
		if value == "" {
			continue
		}
		for _, msg := range apivalidation.NameIsDNSSubdomain(value, f.prefix) {
			for _, e := range n.ref {
				if e.Type == field.ErrorTypeInvalid && e.Field == "metadata."+f.name && e.Detail == msg {
					drop = append(drop, e)
					break
				}
			}
		}
	}
	return remove(&n.ref, drop)
}

func normalizeDuplicatesOnce(n *normalizing) bool {
	var later field.ErrorList
	walk(n.res.obj, n.res.structural, nil, func(p *field.Path, x interface{}, s *structuralschema.Structural) {
		list, ok := x.([]interface{})
		if !ok || s.XListType == nil || (*s.XListType != "set" && *s.XListType != "map") {
			return
		}
		seen := map[string]int{}
		for i, item := range list {
			k := listKey(item, *s.XListType, s.XListMapKeys)
			if seen[k]++; seen[k] > 2 {
				later = append(later, field.Duplicate(p.Index(i), nil))
			}
		}
	})
	return remove(&n.ref, later)
}

func normalizeItemsSelectFirst(n *normalizing) bool {
	// The errors the items' rules would report at list-map items whose key an earlier item has:
	// field and message of each rule (a rule with a message expression cannot be recognised).
	type ruleErr struct{ field, detail string }
	var drop []ruleErr
	walk(n.res.obj, n.res.structural, nil, func(p *field.Path, x interface{}, s *structuralschema.Structural) {
		list, ok := x.([]interface{})
		if !ok || s.XListType == nil || *s.XListType != "map" || s.Items == nil || len(s.Items.XValidations) == 0 {
			return
		}
		seen := map[string]bool{}
		for i, item := range list {
			k := listKey(item, "map", s.XListMapKeys)
			if seen[k] {
				for _, r := range s.Items.XValidations {
					if r.Message != "" {
						drop = append(drop, ruleErr{p.Index(i).String() + r.FieldPath, r.Message})
					}
				}
			}
			seen[k] = true
		}
	})
	var keep field.ErrorList
	changed := false
	for _, g := range n.got {
		if slices.Contains(drop, ruleErr{g.Field, g.Detail}) && !hasDetail(n.ref, g) {
			changed = true
			continue
		}
		keep = append(keep, g)
	}
	n.got = keep
	return changed
}

// hasDetail reports whether l has an error of the same type, field and detail as e.
func hasDetail(l field.ErrorList, e *field.Error) bool {
	for _, x := range l {
		if x.Type == e.Type && x.Field == e.Field && x.Detail == e.Detail {
			return true
		}
	}
	return false
}

// listKey is what makes an item of a set (the whole item) or of a map-list (its key fields, an
// absent one included) unique, as the server compares them.
func listKey(item interface{}, listType string, keys []string) string {
	if listType == "map" {
		m, _ := item.(map[string]interface{})
		k := make([]interface{}, len(keys))
		for i, name := range keys {
			v, ok := m[name]
			if !ok {
				v = struct{ Unspecified bool }{true}
			}
			k[i] = v
		}
		item = k
	}
	b, _ := json.Marshal(item)
	return string(b)
}
