"""Benchmarks: `make bench` (python -m bench) prints a table and writes bench/results.json."""
