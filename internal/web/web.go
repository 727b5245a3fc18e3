// Package web holds the browser client: the lobby and game pages, their
// scripts (plain ES modules, no build step: js/ and the vendored Preact +
// htm in vendor/) and style. The server embeds and serves them; they talk
// to it over its JSON API and WebSocket (docs/protocol.md, docs/client.md).
package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
)

// Files are the client's files, at the root (lobby.html, game.js, js/view.js ...).
//
//go:embed *.html *.js *.css *.svg *.png *.webmanifest js vendor
var Files embed.FS

// asset is one file as served: its bytes, gzipped when that is smaller,
// and a validator of its content.
type asset struct {
	body, gz []byte
	etag     string
	ctype    string
}

// minGzip is the size under which a body is sent as it is (gzip would save
// less than its own headers cost).
const minGzip = 512

func newAsset(name string, body []byte, ctype string) *asset {
	if ctype == "" {
		ctype = mime.TypeByExtension(path.Ext(name))
	}
	if ctype == "" {
		ctype = http.DetectContentType(body)
	}
	sum := sha256.Sum256(body)
	a := &asset{body: body, ctype: ctype, etag: `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`}
	if len(body) >= minGzip {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		zw.Write(body)
		zw.Close()
		if b.Len() < len(body) {
			a.gz = b.Bytes()
		}
	}
	return a
}

// serve answers r with a: 304 when the browser holds this version already,
// else the body, gzipped when the browser takes gzip. cache is the
// Cache-Control header.
func (a *asset) serve(w http.ResponseWriter, r *http.Request, cache string) {
	h := w.Header()
	h.Set("ETag", a.etag)
	h.Set("Cache-Control", cache)
	h.Set("Vary", "Accept-Encoding")
	if match(r.Header.Get("If-None-Match"), a.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", a.ctype)
	body := a.body
	if a.gz != nil && acceptsGzip(r) {
		body = a.gz
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// match reports whether an If-None-Match header names etag (or is "*").
func match(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		t = strings.TrimPrefix(t, "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}

// acceptsGzip reports whether the request's Accept-Encoding takes gzip
// (and does not refuse it with q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(enc), "gzip") && strings.TrimSpace(enc) != "*" {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

var (
	assetsOnce sync.Once
	assets     map[string]*asset
)

// Static serves Files (mounted under a prefix the caller strips, e.g.
// /static/): each file gzipped once, at the first request, when the browser
// takes gzip, with an ETag of its content and Cache-Control "no-cache", so
// that a browser asks again each time and gets a 304 while the file is
// unchanged (the page's modules import each other by plain names: the
// validator, not the name, says when one changed).
func Static() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		assetsOnce.Do(loadAssets)
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		a := assets[name]
		if a == nil {
			http.NotFound(w, r)
			return
		}
		a.serve(w, r, "no-cache")
	})
}

func loadAssets() {
	assets = map[string]*asset{}
	fs.WalkDir(Files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := Files.ReadFile(p)
		if err == nil {
			assets[p] = newAsset(p, b, "")
		}
		return nil
	})
}

// Compress wraps a handler whose answer depends only on the request's
// path (e.g. the card catalogue): a 200 answer is kept whole, gzipped for
// browsers that take gzip and given an ETag of its content, and a request
// that names that ETag gets a 304. Other answers pass through as they are.
// The handler's own Cache-Control is kept.
func Compress(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &recorder{header: http.Header{}, code: http.StatusOK}
		h.ServeHTTP(rec, r)
		for k, v := range rec.header {
			w.Header()[k] = v
		}
		if rec.code != http.StatusOK {
			w.WriteHeader(rec.code)
			w.Write(rec.body.Bytes())
			return
		}
		w.Header().Del("Content-Length")
		cache := rec.header.Get("Cache-Control")
		if cache == "" {
			cache = "no-cache"
		}
		cached(r.URL.Path, rec.body.Bytes(), rec.header.Get("Content-Type")).serve(w, r, cache)
	})
}

var (
	lastMu sync.Mutex
	last   = map[string]*asset{} // by path: the answer last compressed there
)

// cached is the asset of body at path, compressed once while the body stays the same.
func cached(p string, body []byte, ctype string) *asset {
	sum := sha256.Sum256(body)
	etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
	lastMu.Lock()
	a := last[p]
	lastMu.Unlock()
	if a != nil && a.etag == etag && a.ctype == ctype {
		return a
	}
	a = newAsset(p, body, ctype)
	lastMu.Lock()
	if len(last) > 64 {
		clear(last)
	}
	last[p] = a
	lastMu.Unlock()
	return a
}

// recorder keeps a handler's answer in memory.
type recorder struct {
	header http.Header
	body   bytes.Buffer
	code   int
	wrote  bool
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) Write(b []byte) (int, error) {
	r.wrote = true
	return r.body.Write(b)
}
func (r *recorder) WriteHeader(code int) {
	if !r.wrote {
		r.code, r.wrote = code, true
	}
}
