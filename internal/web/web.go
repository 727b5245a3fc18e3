// Package web holds the browser client: the lobby and game pages, their
// scripts (plain ES modules, no build step) and style. The server embeds
// and serves them; they talk to it over its JSON API and WebSocket.
package web

import "embed"

// Files are the client's files, at the root (lobby.html, game.js ...).
//
//go:embed *.html *.js *.css *.svg
var Files embed.FS
