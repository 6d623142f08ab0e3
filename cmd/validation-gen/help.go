package main

import (
	"flag"
	"strings"
)

const (
	helpWidth  = 100 // lines of --help are at most this long, so docs/reference/command-line.md shows them unwrapped
	helpIndent = 31  // the column where a flag's description starts
)

// help renders --help: the usage text, then every flag of fs in the order it was defined, each with
// its argument, description and default as the flag package holds them, so they cannot drift.
func help(fs *flagSet) string {
	var b strings.Builder
	b.WriteString(usage)
	b.WriteString(commandsHelp())
	b.WriteString("Flags:\n")
	b.WriteString(flagsHelp(fs))
	return b.String()
}

// flagsHelp lists the flags of fs, in order, as --help shows them (subcommands share it).
func flagsHelp(fs *flagSet) string {
	var b strings.Builder
	for _, f := range fs.inOrder() {
		arg, doc := flag.UnquoteUsage(f)
		name := "--" + f.Name
		if len(f.Name) == 1 {
			name = "-" + f.Name
		}
		if arg != "" {
			name += " " + arg
		}
		if def := f.DefValue; def != "" && def != "false" && def != "0" {
			doc += " (default " + def + ")"
		}
		b.WriteString(wrap(name, doc))
	}
	return b.String()
}

// inOrder returns every flag of fs: those recorded by name in their order, then any other
// (defined without name, which TestHelpListsEveryFlag reports) sorted by name.
func (fs *flagSet) inOrder() []*flag.Flag {
	var out []*flag.Flag
	listed := map[string]bool{}
	for _, n := range fs.order {
		if f := fs.Lookup(n); f != nil && !listed[n] {
			out = append(out, f)
			listed[n] = true
		}
	}
	fs.VisitAll(func(f *flag.Flag) {
		if !listed[f.Name] {
			out = append(out, f)
		}
	})
	return out
}

// wrap writes one flag: its name, then doc from column helpIndent, wrapped at helpWidth. A name too
// long for the first column puts the description on the next line.
func wrap(name, doc string) string {
	var b strings.Builder
	indent := strings.Repeat(" ", helpIndent)
	line := "  " + name
	if len(line) >= helpIndent {
		b.WriteString(line + "\n")
		line = indent
	}
	line += strings.Repeat(" ", helpIndent-len(line))
	for _, w := range strings.Fields(doc) {
		if len(line) > helpIndent && len(line)+1+len(w) > helpWidth {
			b.WriteString(line + "\n")
			line = indent
		}
		if len(line) > helpIndent {
			line += " "
		}
		line += w
	}
	b.WriteString(line + "\n")
	return b.String()
}
