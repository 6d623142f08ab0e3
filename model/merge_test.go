package model

import (
	"reflect"
	"testing"
)

// TestMergeKeepsEveryField sets each field of Validations (and of its SchemaTags) in the later of
// two declarations of a chain, and requires the merge to keep it: a field that MergeValidations
// forgets (as it once forgot +k8s:unique) is lost whenever a named type is used by a field.
func TestMergeKeepsEveryField(t *testing.T) {
	check := func(path string, set func(*Validations) reflect.Value, typ reflect.Type) {
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			if f.Name == "Schema" {
				continue
			}
			var later Validations
			target := set(&later).Field(i)
			switch target.Kind() {
			case reflect.Pointer:
				target.Set(reflect.New(f.Type.Elem()))
			case reflect.Slice:
				target.Set(reflect.MakeSlice(f.Type, 1, 1))
			default:
				t.Fatalf("%s%s: a %s field; teach this test how to set it", path, f.Name, target.Kind())
			}
			m := MergeValidations([]*Validations{{}, &later}, nil)
			if set(&m).Field(i).IsZero() {
				t.Errorf("%s%s set on the later declaration of a chain is lost by MergeValidations", path, f.Name)
			}
		}
	}
	check("", func(v *Validations) reflect.Value { return reflect.ValueOf(v).Elem() }, reflect.TypeOf(Validations{}))
	check("Schema.", func(v *Validations) reflect.Value { return reflect.ValueOf(&v.Schema).Elem() }, reflect.TypeOf(SchemaTags{}))
}
