"""The gRPC surface: servicers, the interceptor (logging, error mapping), the watch hub."""
