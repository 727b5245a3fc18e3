package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func get(t *testing.T, h http.Handler, path string, hdr map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest("GET", path, nil)
	for k, v := range hdr {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// TestStaticAssetsGzipAndETag: every script and the style go gzipped to a
// browser that takes gzip, whole to one that does not, each with an ETag
// that answers 304 when named again.
func TestStaticAssetsGzipAndETag(t *testing.T) {
	h := Static()
	var plain, zipped int
	for _, name := range []string{"game.js", "style.css", "js/words.js", "vendor/preact-htm.js", "lobby.html"} {
		whole, err := Files.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		w := get(t, h, "/"+name, map[string]string{"Accept-Encoding": "gzip, deflate, br"})
		if w.Code != 200 || w.Header().Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s: %d, encoding %q", name, w.Code, w.Header().Get("Content-Encoding"))
		}
		zr, err := gzip.NewReader(bytes.NewReader(w.Body.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(zr)
		if !bytes.Equal(got, whole) {
			t.Fatalf("%s: the gzipped body is not the file", name)
		}
		if w.Body.Len() >= len(whole)/2 {
			t.Errorf("%s: gzipped to %d of %d bytes", name, w.Body.Len(), len(whole))
		}
		plain += len(whole)
		zipped += w.Body.Len()
		etag := w.Header().Get("ETag")
		if etag == "" || w.Header().Get("Cache-Control") != "no-cache" || w.Header().Get("Vary") != "Accept-Encoding" {
			t.Fatalf("%s: headers %v", name, w.Header())
		}
		if ct := w.Header().Get("Content-Type"); (strings.HasSuffix(name, ".js") && !strings.Contains(ct, "javascript")) || (strings.HasSuffix(name, ".css") && !strings.HasPrefix(ct, "text/css")) {
			t.Errorf("%s: Content-Type %q", name, ct)
		}
		if w := get(t, h, "/"+name, map[string]string{"If-None-Match": etag}); w.Code != 304 || w.Body.Len() != 0 {
			t.Errorf("%s: If-None-Match its ETag answers %d with %d bytes", name, w.Code, w.Body.Len())
		}
		if w := get(t, h, "/"+name, nil); w.Code != 200 || w.Header().Get("Content-Encoding") != "" || !bytes.Equal(w.Body.Bytes(), whole) {
			t.Errorf("%s: without gzip: %d, encoding %q", name, w.Code, w.Header().Get("Content-Encoding"))
		}
		if w := get(t, h, "/"+name, map[string]string{"Accept-Encoding": "gzip;q=0"}); w.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s: gzip;q=0 still got gzip", name)
		}
	}
	t.Logf("%d bytes served as %d gzipped", plain, zipped)
	if w := get(t, h, "/nothing.js", nil); w.Code != 404 {
		t.Errorf("an unknown file answers %d", w.Code)
	}
	if w := get(t, h, "/js/", nil); w.Code != 404 {
		t.Errorf("a folder answers %d", w.Code)
	}
}

// TestCompressKeepsTheAnswer: a wrapped handler's 200 goes gzipped with an
// ETag (304 when named), its Cache-Control kept; other codes pass through.
func TestCompressKeepsTheAnswer(t *testing.T) {
	body := strings.Repeat(`{"card":"a minion with a long text"}`, 100)
	h := Compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/missing" {
			http.Error(w, "no", 404)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "public, max-age=3600")
		io.WriteString(w, body)
	}))
	w := get(t, h, "/api/catalog", map[string]string{"Accept-Encoding": "gzip"})
	if w.Code != 200 || w.Header().Get("Content-Encoding") != "gzip" || w.Header().Get("Cache-Control") != "public, max-age=3600" || w.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("%d %v", w.Code, w.Header())
	}
	zr, _ := gzip.NewReader(bytes.NewReader(w.Body.Bytes()))
	got, _ := io.ReadAll(zr)
	if string(got) != body {
		t.Fatal("the body changed")
	}
	if w2 := get(t, h, "/api/catalog", map[string]string{"If-None-Match": w.Header().Get("ETag")}); w2.Code != 304 {
		t.Errorf("If-None-Match: %d", w2.Code)
	}
	if w := get(t, h, "/missing", map[string]string{"Accept-Encoding": "gzip"}); w.Code != 404 || w.Header().Get("Content-Encoding") != "" {
		t.Errorf("a 404 through Compress: %d %v", w.Code, w.Header())
	}
}
