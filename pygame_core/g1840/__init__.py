"""1840 Vienna Tramways: board and tile data (from 18xx.games) on the shared 18xx machinery.

Only the map and routes for now; rounds, shares and the title itself come later.
"""
