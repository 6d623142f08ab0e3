package review

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Checkout makes a temporary git worktree of the repository holding dir at revision rev, and
// returns the directory in it that corresponds to dir, and a function that removes the worktree.
// The caller's working tree is never touched.
func Checkout(dir, rev string) (string, func(), error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", nil, err
	}
	top, err := git(abs, "rev-parse", "--show-toplevel")
	if err != nil {
		return "", nil, fmt.Errorf("--base needs a git repository: %v", err)
	}
	if _, err := git(abs, "rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		return "", nil, fmt.Errorf("--base %s: not a revision of %s", rev, top)
	}
	// Resolve symbolic links on both sides, so that the relative path is right (macOS /tmp).
	realTop, err := filepath.EvalSymlinks(top)
	if err != nil {
		return "", nil, err
	}
	realDir, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", nil, err
	}
	rel, err := filepath.Rel(realTop, realDir)
	if err != nil {
		return "", nil, err
	}
	tmp, err := os.MkdirTemp("", "validation-gen-base-")
	if err != nil {
		return "", nil, err
	}
	wt := filepath.Join(tmp, "base")
	if _, err := git(top, "worktree", "add", "--detach", "--quiet", wt, rev); err != nil {
		os.RemoveAll(tmp)
		return "", nil, fmt.Errorf("--base %s: %v", rev, err)
	}
	cleanup := func() {
		git(top, "worktree", "remove", "--force", wt)
		os.RemoveAll(tmp)
		git(top, "worktree", "prune")
	}
	return filepath.Join(wt, rel), cleanup, nil
}

func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok && len(ee.Stderr) > 0 {
			return "", fmt.Errorf("git %s: %s", strings.Join(args, " "), strings.TrimSpace(string(ee.Stderr)))
		}
		return "", fmt.Errorf("git %s: %v", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out)), nil
}
