"""Shared 18xx machinery: hexes, tiles, the map state, track graphs and routes.

Data-driven and title-independent; a title (g1840) supplies its data and rule settings.
"""
