package heritage

import "testing"

func TestCountryCode(t *testing.T) {
	for name, want := range map[string]string{
		"Germany": "DE", "Duitsland": "DE", "Verenigd Koninkrijk": "GB", "Großbritannien": "GB",
		"Niederlande": "NL", "Scotland": "GB", "Atlantis": "", "": "",
	} {
		if got := CountryCode(name); got != want {
			t.Errorf("CountryCode(%q) = %q, want %q", name, got, want)
		}
	}
}
