package manifest

import (
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/validation-gen/validation-gen/test/manifestbench"
)

// plainCorners are documents at the edges of what plainYAML reads: each is either read by it as
// go-yaml v2 reads it, or left to go-yaml.
var plainCorners = []string{
	"a: b\n", "a:\n", "a: ''\n", "a: \"\"\n", "a: 'it''s'\n", "a: \"x\\ty\"\n", "a: it's\n", "a: \"a: b\"\n",
	"a: yes\nb: No\nc: ON\nd: off\ne: y\nf: N\ng: True\nh: FALSE\ni: ~\nj: null\nk: NULL\nl: Null\n",
	"a: 0\nb: 7\nc: 007\nd: 0x1f\ne: 1_000\nf: -1\ng: +1\nh: 1.5\ni: 1e3\nj: 123456789012345678\nk: 1234567890123456789\nl: 12:30\nm: 2001-12-14\nn: 1.\n",
	"a: .inf\nb: .nan\nc: .5\n", "<<: {a: 1}\n", "a: <<\n",
	"yes: 1\n", "1: a\n", "null: a\n", "~: a\n", "\"yes\": 1\n", "'1': a\n", "\"\": a\n",
	"a: b: c\n", "a: b:\n", "a:b: c\n", "a:b\n", "a : b\n", "a:  b  \n", "a:\tb\n", "a: b\r\n",
	"a: b # comment\n", "# comment\na: b\n  # indented comment\nc: d\n", "a: \"b # c\"\n",
	"a: b\n  c\n", "a:\n  b\n  c\n", "a: 'b\n  c'\n", "a: \"b\n  c\"\n", "a: |\n  b\n", "a: >\n  b\n",
	"a: [b, c]\n", "a: {b: c}\n", "a: &x b\nc: *x\n", "a: !!str 1\n", "? a\n: b\n", "a: @b\n", "a: `b\n", "a: %b\n",
	"a:\n- b\n- c\n", "a:\n  - b\n  - c\n", "a:\n - b\n- c\n", "a:\n- b\n c: d\n", "- a\n- b\n", "a:\n- - b\n",
	"a:\n- b: c\n  d: e\n- f\n", "a:\n-   b: c\n    d: e\n", "a:\n- b: c\n   d: e\n", "a:\n-\n  b: c\n-\n- d\n",
	"a:\n  b:\n    c: d\n  e: f\n", "a:\n  b: c\n e: f\n", "a:\n    b: c\n  e: f\n", "  a: b\n", "a: b\na: c\n",
	"a:\n  b: 1\n  b: 2\n", "a: b\n---\nc: d\n", "%YAML 1.1\n---\na: b\n", "a: b\n...\n", "a: é\n", "a: \"\\u00e9\"\n",
	"kind: A\nKind: B\n", "a: - b\n", "a: b - c\n", "a: -b\n", "a: ?b\n", "a: /x/y\n", "a: http://x:80/y\n",
	"a: '\n", "a: \"\n", "a: 'b' c\n", "a: \"b\" c\n", "\"a\" : b\n", "'a'b: c\n", "a: b\n\n\n", "\n\na: b\n",
	strings.Repeat("k", 1001) + ": v\n", strings.Repeat("k", 900) + ": v\n",
}

// TestPlainYAMLIsGoYAMLs holds plainYAML to go-yaml v2's reading (goYAMLObject, itself held to
// the server's by TestYAMLObjectIsTheServers): wherever plainYAML reads a document, go-yaml
// reads it too, to the same object, value for value and type for type. The documents are
// plainCorners, every YAML document of the repository's manifests and the benchmark's corpus,
// and random mutations of those (characters that mean something in YAML inserted, removed and
// repeated, lines indented and joined). plainYAML must read the benchmark's corpus.
func TestPlainYAMLIsGoYAMLs(t *testing.T) {
	docs := append([]string{}, plainCorners...)
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
	corpus := manifestbench.Corpus(100)
	docs = append(docs, corpus...)
	rnd := rand.New(rand.NewSource(1))
	seeds := len(docs)
	for range 20000 {
		docs = append(docs, mutate(rnd, docs[rnd.Intn(seeds)]))
	}
	read, agree, mutatedRead := 0, 0, 0
	for i, doc := range docs {
		got, ok := plainYAML([]byte(doc))
		want, wantOK := goYAMLObject([]byte(doc))
		if !ok {
			continue
		}
		read++
		if i >= seeds {
			mutatedRead++
		}
		switch {
		case !wantOK:
			t.Errorf("plainYAML reads a document go-yaml does not:\n%s\nplainYAML: %#v", doc, got)
		case !reflect.DeepEqual(got, want):
			t.Errorf("plainYAML differs from go-yaml:\n%s\nplainYAML: %#v\ngo-yaml:   %#v", doc, got, want)
		default:
			agree++
		}
	}
	t.Logf("%d documents (%d mutated), %d read by plainYAML (%d mutated), all as go-yaml reads them: %v", len(docs), len(docs)-seeds, read, mutatedRead, agree == read)
	for _, doc := range corpus {
		if _, ok := plainYAML([]byte(doc)); !ok {
			t.Errorf("plainYAML does not read a document of the benchmark's corpus:\n%s", doc)
		}
	}
	if mutatedRead < 1000 {
		t.Errorf("plainYAML reads %d of the %d mutated documents only", mutatedRead, len(docs)-seeds)
	}
}

// mutate changes a document in a few random places, with what means something in YAML.
func mutate(rnd *rand.Rand, doc string) string {
	pieces := []string{":", ": ", " ", "  ", "-", "- ", "#", " #", "'", "\"", "''", "\\", "\n", "\n  ", "\n- ", "[", "{", "&a ", "*a",
		"!", "|", ">", "?", "%", "@", "~", "0", "1", "0x", "_", ".", "+", "e", "y", "no", "on", "null", "true", "<<", "\t", "\r", "é", "---", "..."}
	b := []byte(doc)
	for range 1 + rnd.Intn(3) {
		if len(b) == 0 {
			break
		}
		i := rnd.Intn(len(b) + 1)
		switch rnd.Intn(4) {
		case 0, 1:
			p := pieces[rnd.Intn(len(pieces))]
			b = append(b[:i:i], append([]byte(p), b[i:]...)...)
		case 2:
			if i < len(b) {
				n := 1 + rnd.Intn(3)
				if i+n > len(b) {
					n = len(b) - i
				}
				b = append(b[:i:i], b[i+n:]...)
			}
		case 3:
			// Repeat a line (duplicate keys, items).
			lines := strings.SplitAfter(string(b), "\n")
			j := rnd.Intn(len(lines))
			lines = append(lines[:j+1], lines[j:]...)
			b = []byte(strings.Join(lines, ""))
		}
	}
	return string(b)
}

// FuzzPlainYAML: wherever plainYAML reads a document, go-yaml v2 reads the same object.
func FuzzPlainYAML(f *testing.F) {
	for _, d := range plainCorners {
		f.Add(d)
	}
	for _, d := range manifestbench.Corpus(20) {
		f.Add(d)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		got, ok := plainYAML([]byte(doc))
		if !ok {
			return
		}
		want, wantOK := goYAMLObject([]byte(doc))
		if !wantOK || !reflect.DeepEqual(got, want) {
			t.Errorf("plainYAML differs from go-yaml (%v):\n%q\nplainYAML: %#v\ngo-yaml:   %#v", wantOK, doc, got, want)
		}
	})
}

func init() {
	plainCorners = append(plainCorners, "a: []\n", "a: [ ]\n", "a: [b]\n", "a: [b, c]\n", "a: [ b ,c ]\n", "a: [b,]\n", "a: [,b]\n",
		"a: [yes, no, 1, 01, 0x1, 1.5, null, ~, b_c, b/c, b.c, -b, .b, b-c]\n", "a: [b c]\n", "a: [b: c]\n", "a: [[b]]\n",
		"a: [b]]\n", "a: [b\n", "a: [b] c\n", "a: [\"b\"]\n", "- [a]\n", "a:\n- [b, c]\n")
}

func init() {
	plainCorners = append(plainCorners, "a: 10s\nb: 5m\nc: 2Gi\nd: 100Mi\ne: 1h30m\nf: 0s\ng: 1.5s\nh: 10d\ni: 1e5\nj: 0x1g\nk: 2001-12-14t21:59:43Z\nl: 1_0s\nm: 0b1\nn: 1 s\no: 1:20s\n",
		"a: [10s, 5m, 0x10, 1e3]\n", "10s: a\n")
}
