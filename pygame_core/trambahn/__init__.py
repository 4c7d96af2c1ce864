"""Trambahn (Helmut Ohley, Lookout Spiele 2015): two tram companies in Munich.

Glossary (DE / HU / code): Linie / vonal / line (B, R, G, Y); Reihe / oszlop / column (a
player's stations of one line); Fahrgäste / utasok / row (the shared passenger queue at a
terminal); Haltestelle / megálló / station; Schaffner / kalauz / conductor (C); Wertung (Fahrt) /
értékelés / scoring; Sonderfahrt / különjárat / Extra Tour; Geldstapel / money pile;
Pferdebahn, Dampfbahn, elektrische Bahn / horse H, steam S, electric E.
"""

from .rules import TrambahnState

__all__ = ["TrambahnState"]
