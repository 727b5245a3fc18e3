package server

import (
	"context"
	"net/http"
	"time"
)

// Operations: health and readiness for load balancers and orchestrators
// (docs/observability.md).

// SetReady marks the server ready: the stored games have been resumed.
func (s *Server) SetReady() { s.ready.Store(true) }

// Drain makes /readyz answer 503 from now on, while every request is still
// served: the load balancer stops sending new ones before the server stops
// (serve --drain).
func (s *Server) Drain() { s.draining.Store(true) }

// pingTimeout bounds /readyz's check of the store.
const pingTimeout = time.Second

// handleHealth answers 200 while the process serves requests.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, 200, map[string]string{"status": "ok"})
}

// handleReady answers 200 once the stored games are resumed, while the
// store answers a ping (within pingTimeout) and until the server drains;
// 503 otherwise. A change of the store's answer is logged once.
func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	if s.draining.Load() {
		writeJSON(w, 503, map[string]string{"status": "draining: the server is stopping"})
		return
	}
	if !s.ready.Load() {
		writeJSON(w, 503, map[string]string{"status": "resuming stored games"})
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), pingTimeout)
	defer cancel()
	err := s.store.Ping(ctx)
	if was := s.storeDownSeen.Swap(err != nil); was != (err != nil) {
		if err != nil {
			s.log().Error("readiness: the store cannot be reached", "err", err)
		} else {
			s.log().Info("readiness: the store can be reached again")
		}
	}
	if err != nil {
		writeJSON(w, 503, map[string]string{"status": errStoreDown.Error()})
		return
	}
	writeJSON(w, 200, map[string]string{"status": "ready"})
}
