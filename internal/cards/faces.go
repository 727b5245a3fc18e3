package cards

import (
	"embed"
	"fmt"
	"io/fs"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

// Faces are the cards' texts as a player reads them on the printed card,
// written in our own words (data/faces/SET.yaml, keyed by card key), with
// the rulings a careful player wants beside them. The reference texts of
// data/SET.yaml say what a card does for the engine and its tests; faces
// are what the interfaces show.

// Face is one card's printed text and its rulings.
type Face struct {
	Text    string   `yaml:"text"`
	Rulings []string `yaml:"rulings"`
}

//go:embed data/faces/*.yaml
var faceFiles embed.FS

var faces = sync.OnceValues(loadFaces)

func loadFaces() (map[string]Face, error) {
	out := map[string]Face{}
	paths, err := fs.Glob(faceFiles, "data/faces/*.yaml")
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		b, err := faceFiles.ReadFile(p)
		if err != nil {
			return nil, err
		}
		var m map[string]Face
		if err := yaml.Unmarshal(b, &m); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		for k, f := range m {
			if !strings.Contains(k, "/") {
				k = "base/" + k // bases are keyed by their id alone, as in data/SET.yaml
			}
			if _, dup := out[k]; dup {
				return nil, fmt.Errorf("%s: %s has a face in two files", p, k)
			}
			out[k] = f
		}
	}
	return out, nil
}

// FaceOf returns the face of the card whose definition key is key.
func FaceOf(key string) (Face, bool) {
	m, err := faces()
	if err != nil {
		return Face{}, false
	}
	f, ok := m[key]
	return f, ok
}
