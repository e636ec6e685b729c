"""The HTTP edge: Envoy in front of the gRPC replicas (REST/JSON, SSE, gRPC-Web, CORS)."""
