"""Conformance suite: every registered title (pygame_core.TITLES) is played to the end at
random and by its bots, with its invariants after every action, every legal action tried,
mutated actions refused, saves round-tripped, seeds replayed and views checked for secrets.
A new title joins by adding its hooks to `titles.py` (the suite fails until it does); run
`pytest tests/conformance` (CONFORMANCE_SEED=<n> plays other games).
"""
