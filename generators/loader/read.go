package loader

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"sync"

	"golang.org/x/tools/go/packages"
)

// readLog records a digest of the bytes of every source file a Program has read: the result
// cache (generators/cache) keys a run's outputs by the files that made them, and the bytes that
// were parsed are the only ones that certainly did, even when a file changes during the run.
// go/packages parses the inputs' files concurrently, hence the lock.
type readLog struct {
	mu   sync.Mutex
	sums map[string]string
	// own marks the files that are this generator's outputs (ownOutput): only their package
	// clause is read, and the comments before it are not package tags.
	own map[string]bool
}

func (l *readLog) record(name string, src []byte) {
	sum := sha256.Sum256(src)
	own := ownOutput(name, src)
	l.mu.Lock()
	l.sums[name] = hex.EncodeToString(sum[:])
	if own {
		l.own[name] = true
	}
	l.mu.Unlock()
}

func (l *readLog) isOwn(name string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.own[name]
}

// OwnOutput reports whether a Go file is an output of this generator, which the loader reads only
// as far as its package clause: its content is not an input of the run.
func OwnOutput(name string, src []byte) bool { return ownOutput(name, src) }

// SourceDigest returns the SHA-256 (hex) of a source file as the program read it, and whether it
// read the file at all: the files of the input packages, and those of other packages whose
// declarations were read.
func (p *Program) SourceDigest(name string) (string, bool) {
	p.read.mu.Lock()
	defer p.read.mu.Unlock()
	sum, ok := p.read.sums[name]
	return sum, ok
}

// Packages returns the input packages and every package they import, directly or not, sorted by
// import path: every package whose files or export data can have shaped the program's outputs.
func (p *Program) Packages() []*packages.Package {
	out := make([]*packages.Package, 0, len(p.byPath))
	for _, pkg := range p.byPath {
		out = append(out, pkg)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].PkgPath < out[j].PkgPath })
	return out
}
