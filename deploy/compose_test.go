package deploy

import (
	"bytes"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// compose is the part of the Compose specification that compose.yaml uses;
// a key outside it fails the decoding (so a misspelt key is caught here, as
// `docker compose config` would).
type compose struct {
	Services map[string]struct {
		Image       string                               `yaml:"image"`
		Build       struct{ Context, Dockerfile string } `yaml:"build"`
		Command     []string                             `yaml:"command"`
		Environment map[string]string                    `yaml:"environment"`
		Ports       []string                             `yaml:"ports"`
		Volumes     []string                             `yaml:"volumes"`
		DependsOn   map[string]struct {
			Condition string `yaml:"condition"`
		} `yaml:"depends_on"`
		Healthcheck *struct {
			Test                       []string
			Interval, Timeout, Retries string
		} `yaml:"healthcheck"`
		ReadOnly    bool     `yaml:"read_only"`
		SecurityOpt []string `yaml:"security_opt"`
		CapDrop     []string `yaml:"cap_drop"`
		Restart     string   `yaml:"restart"`
	} `yaml:"services"`
	Volumes map[string]any `yaml:"volumes"`
}

// compose.yaml: serve listens on the port it publishes, on the database of
// the postgres service, which it waits for.
func TestComposeFile(t *testing.T) {
	b, err := os.ReadFile("compose.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// compose's interpolation, with every variable unset: ${NAME:-default}
	b = regexp.MustCompile(`\$\{[A-Za-z_][A-Za-z0-9_]*:-([^}]*)\}`).ReplaceAll(b, []byte("$1"))
	var c compose
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		t.Fatal(err)
	}
	s, ok := c.Services["smashup"]
	if !ok || c.Services["postgres"].Image == "" {
		t.Fatal("want the services smashup and postgres")
	}
	if s.Build.Context != ".." || s.Build.Dockerfile != "Dockerfile" {
		t.Errorf("smashup builds %s/%s, not the repository's Dockerfile", s.Build.Context, s.Build.Dockerfile)
	}
	if len(s.Command) == 0 || s.Command[0] != "serve" {
		t.Fatalf("command %q: want serve", s.Command)
	}
	_, port, _ := strings.Cut(flagValue(s.Command, "addr"), ":")
	published := false
	for _, p := range s.Ports {
		published = published || strings.HasSuffix(p, ":"+port)
	}
	if port == "" || !published {
		t.Errorf("serve listens on port %q, which ports %q does not publish", port, s.Ports)
	}
	u, err := url.Parse(s.Environment["SMASHUP_PG"])
	if err != nil || u.Hostname() != "postgres" {
		t.Errorf("SMASHUP_PG %q: want the postgres service's database", s.Environment["SMASHUP_PG"])
	}
	if s.DependsOn["postgres"].Condition != "service_healthy" {
		t.Error("smashup must wait for postgres to be healthy")
	}
}
