package lookup

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"io"
	"os"
	"sync"
)

var buildID = sync.OnceValues(readBuildID)

// BuildID identifies the generator's own build: the Go build ID of its executable, which the
// go command derives from everything the binary was linked from (every package's source, the
// toolchain, the build flags), so that any change to the generator changes every key. Without
// one (a binary built with -buildid=), it is a digest of the whole executable.
func BuildID() (string, error) { return buildID() }

func readBuildID() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	if id := elfBuildID(exe); id != "" {
		return id, nil
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	defer f.Close()
	// Other formats (Mach-O, PE) start their text with the build ID as a string.
	head := make([]byte, 32<<10)
	n, _ := io.ReadFull(f, head)
	if id := markedBuildID(head[:n]); id != "" {
		return id, nil
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return "", err
	}
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// elfBuildID reads the Go build ID note of an ELF executable, or returns "".
func elfBuildID(exe string) string {
	f, err := elf.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	s := f.Section(".note.go.buildid")
	if s == nil {
		return ""
	}
	data, err := s.Data()
	if err != nil || len(data) < 16 {
		return ""
	}
	order := f.ByteOrder
	namesz, descsz := order.Uint32(data[0:]), order.Uint32(data[4:])
	name := 12
	desc := name + int((namesz+3)&^3)
	if namesz != 4 || string(data[name:name+3]) != "Go\x00" || desc+int(descsz) > len(data) || descsz == 0 {
		return ""
	}
	return "go:" + string(data[desc:desc+int(descsz)])
}

// markedBuildID finds the build ID string the Go linker writes at the start of the text of
// non-ELF executables: \xff Go build ID: "..."\n \xff.
func markedBuildID(data []byte) string {
	const prefix, suffix = "\xff Go build ID: \"", "\"\n \xff"
	i := bytes.Index(data, []byte(prefix))
	if i < 0 {
		return ""
	}
	rest := data[i+len(prefix):]
	j := bytes.Index(rest, []byte(suffix))
	if j <= 0 {
		return ""
	}
	return "go:" + string(rest[:j])
}
