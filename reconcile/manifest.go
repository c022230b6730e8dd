package reconcile

import (
	"net/http"

	"github.com/hybridrag/hybridrag/linking"
)

// Manifest is the 0.2 service manifest.
type Manifest struct {
	Versions        []string      `json:"versions"`
	Name            string        `json:"name"`
	IdentifierSpace string        `json:"identifierSpace"`
	SchemaSpace     string        `json:"schemaSpace"`
	ServiceVersion  string        `json:"serviceVersion,omitempty"`
	DefaultTypes    []TypeRef     `json:"defaultTypes"`
	View            URLTemplate   `json:"view"`
	FeatureView     *URLTemplate  `json:"feature_view,omitempty"`
	Preview         PreviewConfig `json:"preview"`
	Suggest         SuggestConfig `json:"suggest"`
	Extend          ExtendConfig  `json:"extend"`
	BatchSize       int           `json:"batchSize"`
}

// TypeRef is a type given by id and name.
type TypeRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// URLTemplate holds a URL containing {{id}}.
type URLTemplate struct {
	URL string `json:"url"`
}

// PreviewConfig describes the preview service.
type PreviewConfig struct {
	URL    string `json:"url"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// ServiceRef locates a sub-service: service_url + service_path.
type ServiceRef struct {
	ServiceURL  string `json:"service_url"`
	ServicePath string `json:"service_path"`
}

// SuggestConfig locates the suggest services.
type SuggestConfig struct {
	Entity   ServiceRef `json:"entity"`
	Type     ServiceRef `json:"type"`
	Property ServiceRef `json:"property"`
}

// ExtendConfig describes data extension.
type ExtendConfig struct {
	ProposeProperties ServiceRef        `json:"propose_properties"`
	PropertySettings  []PropertySetting `json:"property_settings"`
}

// PropertySetting is a setting clients may send with an extend property.
type PropertySetting struct {
	Name     string `json:"name"`
	Label    string `json:"label"`
	Type     string `json:"type"`
	Default  any    `json:"default"`
	HelpText string `json:"help_text"`
}

func (h *Handler) manifest(r *http.Request) Manifest {
	b := h.base(r)
	view := h.viewURL
	if view == "" {
		view = b + "/preview?id={{id}}"
	}
	var types []TypeRef
	for _, t := range linking.Types {
		if t.Code != "U" {
			types = append(types, TypeRef{t.Name, t.Label})
		}
	}
	return Manifest{
		Versions: []string{"0.2"}, Name: h.name,
		IdentifierSpace: h.identifierSpace, SchemaSpace: h.schemaSpace,
		ServiceVersion: h.serviceVersion,
		DefaultTypes:   types,
		View:           URLTemplate{view},
		Preview:        PreviewConfig{URL: b + "/preview?id={{id}}", Width: 430, Height: 220},
		Suggest: SuggestConfig{
			Entity:   ServiceRef{b, "/suggest/entity"},
			Type:     ServiceRef{b, "/suggest/type"},
			Property: ServiceRef{b, "/suggest/property"},
		},
		Extend: ExtendConfig{
			ProposeProperties: ServiceRef{b, "/extend/propose"},
			PropertySettings: []PropertySetting{{
				Name: "limit", Label: "Limit", Type: "number", Default: 0,
				HelpText: "Most values to return per entity and property (0: all)",
			}},
		},
		BatchSize: h.limits.MaxQueries,
	}
}
