"""Python client library for Cosmodrome servers."""
