// Package doctest runs the documentation: every marked block of README.md and of the pages under
// docs/ is executed or checked by its tests, so that what the documentation shows is what the
// generator does today. docs/design/documentation.md describes the markers; in short, an HTML
// comment on the line before a fenced block (Markdown does not render it) says what to do with it:
//
//	<!-- RECIPE: file PATH -->      write the block as PATH in the new module of RECIPE
//	<!-- RECIPE: run -->            run the block's commands there, line by line (TestRecipes)
//	<!-- RECIPE: output -->         the exact output of the previous run block's last command
//	<!-- check CASE: file PATH -->  a file of an input package that the generator runs over,
//	                                in-process (TestChecks); k=v options may follow PATH
//	<!-- check CASE: prints -->     exactly what that run prints (nothing when absent)
//	<!-- check CASE: fix -->        a diff that makes the input right: the fixed run prints nothing
//	<!-- check: repo -->            commands run from the repository root (TestRepoCommands)
//	<!-- not run: REASON -->        a shell block that is only an illustration, and why
//
// Every shell block must carry one of the markers (TestShellBlocksMarked), every relative link
// must lead to a file and heading that exist (TestLinks), and the reference pages must be
// reachable from the README in two links (TestReachable).
//
// The recipes need the Go module proxy (or a module cache holding their modules); they are
// skipped with -short.
package doctest
