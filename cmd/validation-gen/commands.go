package main

import (
	"sort"
	"strings"
)

// command is a subcommand, run as validation-gen NAME [ARGS]: the tools around generation (diff,
// lint, validate, ...). Each lives in a file of its own that registers it in an init function;
// the first argument selects it, anything else is a generation run.
type command struct {
	name string
	// usage is the argument synopsis after the name, e.g. "[flags] OLD NEW".
	usage string
	// summary is one line for validation-gen --help.
	summary string
	// run gets the arguments after the name and returns the exit status: 0 success, 1 a finding
	// (an invalid manifest, a breaking change, ...) or a failure, 2 a usage or input error.
	run func(args []string) int
}

var commands = map[string]command{}

// register adds a subcommand; two with one name are a programming error.
func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("validation-gen: command " + c.name + " registered twice")
	}
	commands[c.name] = c
}

// commandsHelp lists the subcommands for --help, by name; empty when there are none.
func commandsHelp() string {
	if len(commands) == 0 {
		return ""
	}
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("Commands (validation-gen COMMAND --help for each):\n")
	for _, n := range names {
		c := commands[n]
		b.WriteString(wrap(n+" "+c.usage, c.summary))
	}
	b.WriteString("\n")
	return b.String()
}
