"""The scrubber's rules, one module per family of credential or personal path; table.py puts them in
the order they run. Importing this package loads nothing: the table (and detect-secrets under it)
loads when the first text is scrubbed (services/memory/domain/scrub.py), not at start-up."""
