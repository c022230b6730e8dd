package router

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/plan"
)

// degreeNumber is a number of degrees written in a question: its value,
// where it stands in the text, and the hemisphere letter after it (N, S,
// E, W; 0 when none).
type degreeNumber struct {
	value      float64
	start, end int
	hemisphere rune
	decimal    bool // written with a decimal point or a degree sign
}

// readCoordinates reads a point given by its coordinates, latitude first
// ("51.5074, -0.1278", "52.37 N 4.89 E", "51.5°, -0.12°"), marks its
// words as read and asks for what lies near it. Two numbers make a point
// when nothing but spaces, a comma, a semicolon or a slash stands between
// them, each is written as degrees (a decimal point or a degree sign),
// and they are a latitude and a longitude.
func readCoordinates(s *scan, c *Constraints) {
	if !strings.ContainsAny(s.text, "0123456789") {
		return
	}
	nums := degreeNumbers(s.text)
	for k := 0; k+1 < len(nums); k++ {
		a, b := nums[k], nums[k+1]
		if !a.decimal || !b.decimal || strings.Trim(s.text[a.end:b.start], " \t,;/") != "" {
			continue
		}
		lat, lon := signed(a), signed(b)
		if a.hemisphere == 'E' || a.hemisphere == 'W' || b.hemisphere == 'N' || b.hemisphere == 'S' {
			lat, lon = lon, lat // longitude first, as its letters say
		}
		if lat < -90 || lat > 90 || lon < -180 || lon > 180 {
			continue
		}
		c.Point = &plan.GeoPoint{Lat: lat, Lon: lon}
		c.NearPlace = true
		for i, t := range s.toks {
			if t.start >= a.start && t.end <= b.end {
				s.used[i] = true
			}
		}
		return
	}
}

func signed(n degreeNumber) float64 {
	if n.hemisphere == 'S' || n.hemisphere == 'W' {
		return -n.value
	}
	return n.value
}

// degreeNumbers lists the numbers written in text, with a sign, a
// decimal point, a degree sign and a hemisphere letter when they have
// them.
func degreeNumbers(text string) []degreeNumber {
	var out []degreeNumber
	for i := 0; i < len(text); {
		r, w := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsDigit(r) || i > 0 && isWordByte(text[i-1]) {
			i += w
			continue
		}
		start, j := i, i
		for j < len(text) && (text[j] >= '0' && text[j] <= '9' || text[j] == '.' && j+1 < len(text) && text[j+1] >= '0' && text[j+1] <= '9') {
			j++
		}
		n := degreeNumber{start: start, end: j, decimal: strings.Contains(text[start:j], ".")}
		if start > 0 && (text[start-1] == '-' || text[start-1] == '+') {
			n.start--
		} else if m := strings.LastIndex(text[:start], "−"); m >= 0 && m+len("−") == start {
			n.start = m
		}
		v, err := strconv.ParseFloat(text[start:j], 64)
		if err != nil {
			i = j
			continue
		}
		if text[n.start] != text[start] && text[n.start] != '+' {
			v = -v
		}
		n.value = v
		k := j
		if strings.HasPrefix(text[k:], "°") {
			k += len("°")
			n.decimal = true
		}
		rest := strings.TrimLeft(text[k:], " ")
		if h, hw := utf8.DecodeRuneInString(rest); strings.ContainsRune("NSEWnsew", h) && (len(rest) == hw || !isWordByte(rest[hw])) {
			n.hemisphere = unicode.ToUpper(h)
			k = len(text) - len(rest) + hw
		}
		n.end = k
		out = append(out, n)
		i = k
	}
	return out
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
