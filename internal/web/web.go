// Package web holds the browser client: the lobby and game pages, their
// scripts (plain ES modules, no build step: js/ and the vendored Preact +
// htm in vendor/) and style. The server embeds and serves them; they talk
// to it over its JSON API and WebSocket (docs/protocol.md, docs/client.md).
package web

import "embed"

// Files are the client's files, at the root (lobby.html, game.js, js/view.js ...).
//
//go:embed *.html *.js *.css *.svg js vendor
var Files embed.FS
