package celnative

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/kube-openapi/pkg/validation/strfmt"
)

// Values of formatted strings, as the API server reads them for CEL (k8s.io/apiserver's
// UnstructuredToVal over the published schema; genruntime/celrt reads them the same way): a
// string that does not parse is an error of every rule that reads it, with the server's message.

// FormatDuration is the value of a string of format duration.
func FormatDuration(s string) (time.Duration, error) {
	d, err := strfmt.ParseDuration(s)
	if err != nil {
		return 0, &evalError{fmt.Sprintf("Invalid duration %s: %v", s, err)}
	}
	return d, nil
}

// FormatDate is the value of a string of format date: midnight UTC.
func FormatDate(s string) (time.Time, error) {
	t, err := time.Parse(strfmt.RFC3339FullDate, s)
	if err != nil {
		return time.Time{}, &evalError{fmt.Sprintf("Invalid date formatted string %s: %v", s, err)}
	}
	return t, nil
}

// FormatDateTime is the value of a string of format date-time.
func FormatDateTime(s string) (time.Time, error) {
	// strfmt tries several layouts; where RFC 3339's (which takes any fraction of a second) parses
	// the string, the others give the same time or fail, and it parses without allocating.
	if t, err := time.Parse(time.RFC3339, s); err == nil && s != "" {
		return t, nil
	}
	t, err := strfmt.ParseDateTime(s)
	if err != nil {
		return time.Time{}, &evalError{fmt.Sprintf("Invalid date-time formatted string %s: %v", s, err)}
	}
	return time.Time(t), nil
}

// Time is the value of a metav1.Time that is set: the instant its JSON spells, to the second, in
// UTC. (A zero Time is null: the field is absent.)
func Time(t metav1.Time) (time.Time, error) {
	u := t.UTC()
	if y := u.Year(); y < 0 || y > 9999 {
		return FormatDateTime(u.Format(time.RFC3339))
	}
	return u.Truncate(time.Second), nil
}

// MicroTime is the value of a metav1.MicroTime that is set, to the microsecond.
func MicroTime(t metav1.MicroTime) (time.Time, error) {
	u := t.UTC()
	if y := u.Year(); y < 0 || y > 9999 {
		return FormatDateTime(u.Format(metav1.RFC3339Micro))
	}
	return u.Truncate(time.Microsecond), nil
}

// CEL's timestamps and durations.

// Errors of timestamp and duration arithmetic, spelled as cel-go spells them.
var (
	ErrTimestampOverflow = errors.New("timestamp overflow")
	ErrDurationOverflow  = errors.New("duration overflow")
)

// The range of CEL timestamps, in Unix seconds: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z.
const (
	minUnixTime int64 = -62135596800
	maxUnixTime int64 = 253402300799
)

// Timestamp is CEL's timestamp(s).
func Timestamp(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, &evalError{"type conversion error from 'string' to 'google.protobuf.Timestamp'"}
	}
	if u := t.Unix(); u < minUnixTime || u > maxUnixTime {
		return time.Time{}, ErrTimestampOverflow
	}
	return t, nil
}

// TimestampOfInt is CEL's timestamp(i): i seconds after the Unix epoch, in UTC.
func TimestampOfInt(i int64) (time.Time, error) {
	if i < minUnixTime || i > maxUnixTime {
		return time.Time{}, ErrTimestampOverflow
	}
	return time.Unix(i, 0).UTC(), nil
}

// AddTimeDuration is t + d, an error outside CEL's range of timestamps.
func AddTimeDuration(t time.Time, d time.Duration) (time.Time, error) {
	sec1 := t.Truncate(time.Second).Unix()
	nsec1 := t.Sub(t.Truncate(time.Second)).Nanoseconds()
	sec2 := int64(d) / int64(time.Second)
	nsec2 := int64(d) % int64(time.Second)
	sec, err := AddInt(sec1, sec2)
	if err != nil {
		return time.Time{}, err
	}
	nsec := nsec1 + nsec2
	if nsec < 0 || nsec >= int64(time.Second) {
		if sec, err = AddInt(sec, nsec/int64(time.Second)); err != nil {
			return time.Time{}, err
		}
		nsec -= (nsec / int64(time.Second)) * int64(time.Second)
		if nsec < 0 {
			if sec, err = AddInt(sec, -1); err != nil {
				return time.Time{}, err
			}
			nsec += int64(time.Second)
		}
	}
	if sec < minUnixTime || sec > maxUnixTime {
		return time.Time{}, ErrTimestampOverflow
	}
	return time.Unix(sec, nsec).In(t.Location()), nil
}

// SubTimeDuration is t - d.
func SubTimeDuration(t time.Time, d time.Duration) (time.Time, error) {
	n, err := NegInt(int64(d))
	if err != nil {
		return time.Time{}, err
	}
	return AddTimeDuration(t, time.Duration(n))
}

// SubTimes is t - u.
func SubTimes(t, u time.Time) (time.Duration, error) {
	sec1 := t.Truncate(time.Second).Unix()
	nsec1 := t.Sub(t.Truncate(time.Second)).Nanoseconds()
	sec2 := u.Truncate(time.Second).Unix()
	nsec2 := u.Sub(u.Truncate(time.Second)).Nanoseconds()
	sec, err := SubInt(sec1, sec2)
	if err != nil {
		return 0, err
	}
	tsec, err := MulInt(sec, int64(time.Second))
	if err != nil {
		return 0, err
	}
	v, err := AddInt(tsec, nsec1-nsec2)
	if err != nil {
		return 0, err
	}
	return time.Duration(v), nil
}

// AddDurations, SubDurations and NegDuration are duration arithmetic, with int64 overflow as an
// error (integer overflow, as cel-go reports it).
func AddDurations(a, b time.Duration) (time.Duration, error) {
	v, err := AddInt(int64(a), int64(b))
	return time.Duration(v), err
}

func SubDurations(a, b time.Duration) (time.Duration, error) {
	v, err := SubInt(int64(a), int64(b))
	return time.Duration(v), err
}

func NegDuration(a time.Duration) (time.Duration, error) {
	v, err := NegInt(int64(a))
	return time.Duration(v), err
}

var locations sync.Map // IANA time zones by name

// InTimeZone is t in the time zone tz: an IANA name, or an offset [+-]hh:mm.
func InTimeZone(t time.Time, tz string) (time.Time, error) {
	i := strings.Index(tz, ":")
	if i == -1 {
		if loc, ok := locations.Load(tz); ok {
			return t.In(loc.(*time.Location)), nil
		}
		loc, err := time.LoadLocation(tz)
		if err != nil {
			return time.Time{}, &evalError{err.Error()}
		}
		locations.Store(tz, loc) // time zones are read from disk: once per process
		return t.In(loc), nil
	}
	hr, err := strconv.Atoi(tz[:i])
	if err != nil {
		return time.Time{}, &evalError{err.Error()}
	}
	mins, err := strconv.Atoi(tz[i+1:])
	if err != nil {
		return time.Time{}, &evalError{err.Error()}
	}
	offset := hr*60 + mins
	if tz[0] == '-' {
		offset = hr*60 - mins
	}
	return t.In(time.FixedZone("", int((time.Duration(offset) * time.Minute).Seconds()))), nil
}

// TimestampString is string(t): RFC 3339 with nanoseconds, in t's own zone.
func TimestampString(t time.Time) string { return t.Format(time.RFC3339Nano) }

// DurationString is string(d): seconds, with a fraction when there is one, and "s".
func DurationString(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}

// DoubleToInt is int(x) of a double: an error when it does not fit.
func DoubleToInt(x float64) (int64, error) {
	if math.IsInf(x, 0) || math.IsNaN(x) || x <= float64(math.MinInt64) || x >= float64(math.MaxInt64) {
		return 0, ErrIntOverflow
	}
	return int64(x), nil
}

// CompareTime orders two timestamps: -1, 0 or 1.
func CompareTime(a, b time.Time) int {
	switch {
	case a.Before(b):
		return -1
	case a.After(b):
		return 1
	}
	return 0
}
