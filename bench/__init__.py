"""Benchmarks of the portal (see bench/README.md)."""
