package textfold

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFoldAndWords(t *testing.T) {
	tests := []struct{ in, fold, words string }{
		{"", "", ""},
		{"   ", "   ", ""},
		{"museum", "museum", "museum"},
		{"Morpeth Chantry Bagpipe Museum", "morpeth chantry bagpipe museum", "morpeth chantry bagpipe museum"},
		{"Göttingen", "gottingen", "gottingen"},
		{"Straße ẞ", "strasse ss", "strasse ss"},
		{"GROẞE", "grosse", "grosse"},
		{"Æbeltoft Œuvre", "aebeltoft oeuvre", "aebeltoft oeuvre"},
		{"Ørsted", "orsted", "orsted"},
		{"Łódź", "lodz", "lodz"},
		{"Đakovo", "dakovo", "dakovo"},
		{"Þingvellir", "thingvellir", "thingvellir"},
		{"Iğdır", "igdir", "igdir"},
		{"İstanbul", "istanbul", "istanbul"},
		{"Národní pedagogické muzeum", "narodni pedagogicke muzeum", "narodni pedagogicke muzeum"},
		{"Sfântu Gheorghe, Timișoara", "sfantu gheorghe, timisoara", "sfantu gheorghe timisoara"},
		{"Hà Nội", "ha noi", "ha noi"},
		{"Ĳsselmeer", "ijsselmeer", "ijsselmeer"},
		{"Cafe\u0301", "cafe", "cafe"}, // a combining accent is dropped
		{"Stadt-, Kreis- und Gymnasialbibliothek", "stadt-, kreis- und gymnasialbibliothek", "stadt kreis und gymnasialbibliothek"},
		{"  St. Mary's (Hull)?! ", "  st. mary's (hull)?! ", "st mary s hull"},
		{"Bo'ness — Museum", "bo'ness — museum", "bo ness museum"},
		{"Straße 12a", "strasse 12a", "strasse 12a"},
		// Other scripts are lower-cased only.
		{"東洋文庫", "東洋文庫", "東洋文庫"},
		{"ΜΟΥΣΕΙΟ", "μουσειο", "μουσειο"},
		{"Москва!", "москва!", "москва"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			require.Equal(t, tt.fold, Fold(tt.in))
			require.Equal(t, tt.words, Words(tt.in))
			require.Equal(t, "x "+tt.words, string(AppendWords([]byte("x "), tt.in)))
		})
	}
}

func TestRune(t *testing.T) {
	tests := []struct {
		r        rune
		want, ue string
		ok       bool
	}{
		{'a', "", "", false},
		{'A', "", "", false},
		{'ä', "a", "ae", true},
		{'Ö', "o", "oe", true},
		{'ü', "u", "ue", true},
		{'ß', "ss", "ss", true},
		{'ø', "o", "o", true},
		{'ł', "l", "l", true},
		{'ı', "i", "i", true},
		{'ș', "s", "s", true},
		{'ạ', "a", "a", true},
		{'×', "", "", false},
		{'ж', "", "", false},
	}
	for _, tt := range tests {
		got, ok := Rune(tt.r)
		require.Equal(t, tt.ok, ok, string(tt.r))
		require.Equal(t, tt.want, got, string(tt.r))
		got, _ = RuneUmlautE(tt.r)
		require.Equal(t, tt.ue, got, string(tt.r))
	}
}

func BenchmarkFold(b *testing.B) {
	s := "Stadt- und Kreisbibliothek Göttingen, Łódź Straße 12, Národní muzeum"
	b.ReportAllocs()
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		_ = Fold(s)
	}
}

func BenchmarkAppendWords(b *testing.B) {
	s := "Stadt- und Kreisbibliothek Göttingen, Łódź Straße 12, Národní muzeum"
	var dst []byte
	b.ReportAllocs()
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		dst = AppendWords(dst[:0], s)
	}
}
