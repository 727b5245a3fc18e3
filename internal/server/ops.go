package server

import "net/http"

// Operations: health and readiness for load balancers and orchestrators.

// SetReady marks the server ready: the stored games have been resumed.
func (s *Server) SetReady() { s.ready.Store(true) }

// handleHealth answers 200 while the process serves requests.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, 200, map[string]string{"status": "ok"})
}

// handleReady answers 200 once the stored games are resumed, 503 before.
func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	if !s.ready.Load() {
		writeJSON(w, 503, map[string]string{"status": "resuming stored games"})
		return
	}
	writeJSON(w, 200, map[string]string{"status": "ready"})
}
