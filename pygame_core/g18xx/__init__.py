"""Shared 18xx machinery: hexes, tiles, the map state, track graphs, routes and runs;
money, shares, market, loans and auctions; trains, phases, rounds and their steps.

Data-driven and title-independent: a title package supplies its data, its rule settings and
the rulebook sections its refusals cite (docs/18xx-core.md).
"""
