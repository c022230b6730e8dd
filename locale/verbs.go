package locale

import (
	"fmt"
	"strconv"
	"strings"
)

// directive is one verb of a format string: the argument it formats
// (1-based) and its spec without the argument index ("%.150s" → ".150s").
type directive struct {
	arg  int
	spec string
}

// directives parses format as fmt reads it: "%%" is no verb, "%[2]s"
// formats the second argument, "*" takes an argument as a width or
// precision (spec "*"). It reports a format fmt would print as an error
// ("%!"): an index out of place, a missing verb.
func directives(format string) ([]directive, error) {
	var out []directive
	next := 1
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		if i < len(format) && format[i] == '%' {
			continue
		}
		var spec strings.Builder
		for ; i < len(format); i++ {
			c := format[i]
			switch {
			case strings.IndexByte("+-# 0", c) >= 0 || c >= '1' && c <= '9' || c == '.':
				spec.WriteByte(c)
				if c >= '1' && c <= '9' || c == '.' {
					// width and precision digits
					for i+1 < len(format) && format[i+1] >= '0' && format[i+1] <= '9' {
						i++
						spec.WriteByte(format[i])
					}
				}
				continue
			case c == '[':
				end := strings.IndexByte(format[i:], ']')
				if end < 0 {
					return nil, fmt.Errorf("unclosed argument index in %q", format)
				}
				n, err := strconv.Atoi(format[i+1 : i+end])
				if err != nil || n < 1 {
					return nil, fmt.Errorf("bad argument index %q in %q", format[i:i+end+1], format)
				}
				next = n
				i += end
				continue
			case c == '*':
				out = append(out, directive{arg: next, spec: "*"})
				next++
				continue
			}
			break
		}
		if i >= len(format) {
			return nil, fmt.Errorf("missing verb at the end of %q", format)
		}
		spec.WriteByte(format[i])
		out = append(out, directive{arg: next, spec: spec.String()})
		next++
	}
	return out, nil
}

// hidden is the spec of an argument the English leaves out: a string
// printed to no characters ("%s: %d%.0s" writes "Kent: 3" of the noun
// "museums"). A translation may show it ("%s: %d %s", "Kent: 3 musea"),
// or leave it out.
const hidden = ".0s"

// checkVerbs reports whether translation formats the same arguments as key
// with the same specs, in any order (by explicit indexes). optional is an
// argument translation may leave out (a plural case's count: "één
// museum"); 0 for none. An argument the key hides may be shown with
// "%s" or left out.
func checkVerbs(key, translation string, optional int) error {
	want, err := directives(key)
	if err != nil {
		return err
	}
	got, err := directives(translation)
	if err != nil {
		return err
	}
	specs := map[int]string{}
	for _, d := range want {
		specs[d.arg] = d.spec
	}
	used := map[int]bool{}
	for _, d := range got {
		s, ok := specs[d.arg]
		switch {
		case !ok:
			return fmt.Errorf("unknown placeholder: argument %d (%%%s) in %q; the English has %d", d.arg, d.spec, translation, len(specs))
		case s == hidden && d.spec == "s":
			// shown where the English hides it
		case s != d.spec:
			return fmt.Errorf("placeholder %d is %%%s in %q, %%%s in the English", d.arg, d.spec, translation, s)
		}
		used[d.arg] = true
	}
	for arg, s := range specs {
		if !used[arg] && arg != optional && s != hidden {
			return fmt.Errorf("missing verb: argument %d (%%%s) is not in %q", arg, s, translation)
		}
	}
	return nil
}
