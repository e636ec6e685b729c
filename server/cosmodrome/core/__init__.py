"""Game-agnostic machinery: the engine interface, PRNG, registry, runner and redaction."""
