"""Benchmarks behind `make bench` (`python -m bench.run`): engines in process, gRPC load, echo."""
