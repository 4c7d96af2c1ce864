"""Shared steps of the rounds (g18xx.rounds), configured by a title's settings: the stock
round's turn (stock.py) and the operating round's sequence of company steps (operating.py).
"""
