"""1840's game setup: which majors may be founded, which Lines are revealed, the Line
stack, the Stadtbahn companies' par prices and tokens, sights and trams in play.

Two profiles:

- "rulebook" (default), German rulebook III.5, XII, XIII: Line card 2 is set aside, the
  other cards are shuffled, players + 1 are revealed, then card 2 is shuffled into the
  rest, which becomes the face-down stack (VIII.7 reveals from its top). All six majors
  are offered; the players choose in SR1 and the unchosen leave the game (IV.1.2, VII.5).
  Shuffles use the project's seeded `core.rng.Rng`.
- "18xx.games": the site's draw from its game seed (report.md (a) "Setup", data.json
  `rng`), so a recorded game sets up identically: players + 1 Lines from 1..18 without
  Line 2, then exactly `players` of the six majors (report (b)18, a difference from the
  rulebook), each draw by `SiteRng.pick`; later reveals pick from all undrawn Lines,
  Line 2 included.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from ..core.rng import Rng
from .entities import entities, tram_counts, variant_for
from .site_rng import SiteRng

RULEBOOK: Final = "rulebook"
SITE: Final = "18xx.games"
PROFILES: Final = (RULEBOOK, SITE)


@dataclass(frozen=True)
class LineDeck:
    """The Line cards not revealed yet.

    rulebook: `cards` is the face-down stack, top first. 18xx.games: `cards` are in
    definition order and each reveal draws from all of them with the site's generator,
    whose state is `rng_state`.
    """

    profile: str
    cards: tuple[str, ...]
    rng_state: int

    def reveal(self, count: int) -> tuple[tuple[str, ...], LineDeck]:
        """VIII.7 (CRf): reveal `count` cards (fewer if the stack runs out); returns them
        and the deck that is left."""
        if count < 0:
            raise ValueError("Cannot reveal a negative number of Lines")
        if self.profile == SITE:
            rng = SiteRng(self.rng_state)
            drawn = rng.pick(self.cards, count)
            rest = tuple(c for c in self.cards if c not in drawn)
            return drawn, LineDeck(self.profile, rest, rng.state)
        return self.cards[:count], LineDeck(self.profile, self.cards[count:], self.rng_state)


@dataclass(frozen=True)
class StadtbahnSetup:
    """A Stadtbahn company at setup (IV.1.3 Tabelle 3, III.5): par and token places as
    (hex, part index of the city)."""

    par: int
    tokens: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Setup:
    """Everything setup decides; the rounds start from here."""

    profile: str
    seed: int
    players: int
    variant: str  # map: "standard", "three_player_small" or "two_player"
    majors: tuple[str, ...]  # the majors that may be founded in SR1
    lines_revealed: tuple[str, ...]  # face up in the Line sale box (CRe)
    deck: LineDeck
    stadtbahn: dict[str, StadtbahnSetup] = field(default_factory=dict)
    privates: tuple[str, ...] = ()
    trams: dict[str, int] = field(default_factory=dict)
    starting_cash: int = 0


def lines_in_play(variant: str) -> tuple[str, ...]:
    """Lines 1-18 in order, without those XII/XIII eliminate on the small maps."""
    return tuple(s for s, ln in entities()["lines"].items() if variant not in ln["removed_in"])


def stadtbahn_setup(variant: str) -> dict[str, StadtbahnSetup]:
    """III.5: each Stadtbahn company's par marker and tokens on its marked stations; V is
    eliminated on the small maps (XII, XIII), and W starts at I11 on the 2-player overlay."""
    out: dict[str, StadtbahnSetup] = {}
    for sym, c in entities()["stadtbahn"].items():
        if variant in c["tokens"]:
            tokens = tuple((h, int(p)) for h, p in c["tokens"][variant])
            out[sym] = StadtbahnSetup(par=int(c["par"]), tokens=tokens)
    return out


def setup_draw(
    seed: int, players: int, profile: str = RULEBOOK, *, three_player_small: bool = False
) -> Setup:
    """Set up a game of `players` from `seed` by `profile` ("rulebook" or "18xx.games").

    For 3 players, `three_player_small` chooses the reduced board (XII; on 18xx.games the
    optional rule "3P small map")."""
    if profile not in PROFILES:
        raise ValueError(f"Unknown setup profile {profile!r}; known: {', '.join(PROFILES)}")
    variant = variant_for(players, three_player_small)
    data = entities()
    aside = data["line_set_aside"]
    lines = lines_in_play(variant)
    first = tuple(s for s in lines if s != aside)
    reveal = players + 1
    if profile == SITE:
        site = SiteRng(seed)
        # The order of these two draws is the engine's (data.json rng.calls_in_order).
        revealed = site.pick(first, reveal)
        majors = site.pick(tuple(data["majors"]), players)
        deck = LineDeck(SITE, tuple(s for s in lines if s not in revealed), site.state)
    else:
        rng = Rng(seed)
        cards = list(first)
        rng.shuffle(cards)
        revealed = tuple(cards[:reveal])
        stack = [*cards[reveal:], aside] if aside in lines else cards[reveal:]
        rng.shuffle(stack)
        majors = tuple(data["majors"])
        deck = LineDeck(RULEBOOK, tuple(stack), rng.state)
    return Setup(
        profile=profile,
        seed=seed,
        players=players,
        variant=variant,
        majors=majors,
        lines_revealed=revealed,
        deck=deck,
        stadtbahn=stadtbahn_setup(variant),
        privates=tuple(s for s, c in data["privates"].items() if variant not in c["removed_in"]),
        trams=dict(tram_counts(players)),
        starting_cash=int(data["starting_cash"][str(players)]),
    )
