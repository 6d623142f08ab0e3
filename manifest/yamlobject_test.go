package manifest

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	kjson "sigs.k8s.io/json"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/validation-gen/validation-gen/test/manifestbench"
)

// TestYAMLObjectIsTheServers holds yamlObject to the server's YAML path (sigs.k8s.io/yaml's
// strict conversion to JSON, then the serializer's strict decoding into an object): wherever it
// takes the shortcut, the object is the same, value for value and type for type. The documents
// are YAML 1.1's corner cases, plainYAML's, and every YAML document of this repository's manifests and of the
// benchmark's corpus; the shortcut must be taken on nearly all of those.
func TestYAMLObjectIsTheServers(t *testing.T) {
	docs := []string{
		"a: yes\nb: no\nc: on\nd: off\ne: y\nf: n\ng: True\nh: NO\n",
		"a: 0x64\nb: 0o17\nc: 017\nd: 1_000\ne: +1\nf: -0\ng: 0b101\nh: 1:20\n",
		"a: 1.0\nb: -0.0\nc: 1e3\nd: .5\ne: 1.5e300\nf: 1e21\ng: 100000000000000000000.0\nh: 3.0e-7\ni: 2.5\n",
		"a: 9223372036854775807\nb: -9223372036854775808\nc: 9223372036854775808\nd: 18446744073709551615\n",
		"a: .inf\n", "a: -.Inf\n", "a: .nan\n",
		"a: ~\nb: null\nc:\nd: Null\ne: ''\nf: \"\"\n",
		"a: 2001-12-14t21:59:43.10-05:00\nb: 2002-12-14\nc: !!binary aGVsbG8=\nd: !!str 12\ne: !!float 3\n",
		"base: &b {x: 1, y: [1, 2]}\nc:\n  <<: *b\n  z: 3\nd: *b\n",
		"1: a\ntrue: b\n",
		"kind: A\nKind: B\n", "apiversion: v1\n",
		"a: \"\\xff\"\n", "a: \"\\u2028 \\U0001F600 é\"\n",
		"- a\n- b\n", "just a string\n", "",
		"a: {b: {c: [1, {d: e}]}}\nlist: [yes, 0x10, 1.0, null]\n",
		"a: 1\na: 2\n",
	}
	docs = append(docs, plainCorners...) // plainYAML's (yamlfast_test.go)
	for _, dir := range []string{"../examples/api/testdata", "../test/apiserver/testdata/corpus", "../test/apiserver/testdata/old", "testdata"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
		more, _ := filepath.Glob(filepath.Join(dir, "*", "*.yaml"))
		for _, f := range append(files, more...) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range splitDocuments(f, data) {
				if d.yaml {
					docs = append(docs, string(d.data))
				}
			}
		}
	}
	docs = append(docs, manifestbench.Corpus(200)...)
	shortcuts := 0
	for _, doc := range docs {
		got, ok := yamlObject([]byte(doc))
		j, err := sigsyaml.YAMLToJSONStrict([]byte(doc))
		var want map[string]interface{}
		if err == nil {
			_, err = kjson.UnmarshalStrict(j, &want)
		}
		if !ok {
			continue
		}
		shortcuts++
		if err != nil {
			t.Errorf("yamlObject took the shortcut where the server's path fails (%v):\n%s", err, doc)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("yamlObject differs from the server's path:\n%s\nours:   %#v\nserver: %#v", doc, got, want)
		}
	}
	t.Logf("%d documents, %d by the shortcut", len(docs), shortcuts)
	if shortcuts < len(docs)*9/10 {
		t.Errorf("the shortcut is taken on %d of %d documents only", shortcuts, len(docs))
	}
}
