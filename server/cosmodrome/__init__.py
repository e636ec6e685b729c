"""Cosmodrome: turn-based board games as a service."""
