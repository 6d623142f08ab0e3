package output

// Snapshot is an Outputs as plain data, for the result cache (generators/cache) to store and
// restore: the same files, claims and root, so that Write and Verify do exactly what they would
// have done with the Outputs of the run that made it.
type Snapshot struct {
	Root       string
	Files      []SnapshotFile
	Claims     []SnapshotClaim
	Collisions []string
}

// SnapshotFile is one output file with the description errors give it.
type SnapshotFile struct {
	Path, What string
	Content    []byte
}

// SnapshotClaim is one claimed place (ClaimFile, ClaimDir).
type SnapshotClaim struct {
	Path          string
	Dir           bool
	Ext           string
	CRDs          bool
	GroupVersions []string
}

// Snapshot returns the outputs as plain data, files sorted by path.
func (o *Outputs) Snapshot() Snapshot {
	s := Snapshot{Root: o.Root, Collisions: append([]string(nil), o.collisions...)}
	for _, f := range o.Files() {
		s.Files = append(s.Files, SnapshotFile{Path: f.Path, What: o.files[f.Path].what, Content: f.Content})
	}
	for _, c := range o.claims {
		s.Claims = append(s.Claims, SnapshotClaim{Path: c.path, Dir: c.dir, Ext: c.ext, CRDs: c.crds, GroupVersions: c.groupVersions})
	}
	return s
}

// Restore returns the Outputs a snapshot was taken of.
func (s Snapshot) Restore() *Outputs {
	o := &Outputs{Root: s.Root, files: map[string]file{}, collisions: append([]string(nil), s.Collisions...)}
	for _, f := range s.Files {
		o.files[f.Path] = file{content: f.Content, what: f.What}
	}
	for _, c := range s.Claims {
		o.claims = append(o.claims, claim{path: c.Path, dir: c.Dir, ext: c.Ext, crds: c.CRDs, groupVersions: c.GroupVersions})
	}
	return o
}
