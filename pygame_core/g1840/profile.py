"""Rules profiles: the German rulebook (default) and 18xx.games' implementation.

Each field is one place where 18xx.games plays differently from the rulebook (report.md
part (b), item numbers in the comments); `docs/rules-decisions.md` records why the
rulebook profile reads the text as it does. Everything not listed here is the same in both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..core.errors import InvalidAction, quote
from .setup import PROFILES, RULEBOOK, SITE


@dataclass(frozen=True)
class Profile:
    """How one rules profile plays."""

    name: str
    # (b)1 IX.8: a negative run is paid from the major's income field first (rulebook),
    # or straight from its treasury (18xx.games).
    negative_from_income_first: bool
    # (b)2 IX.3/IX.8: the run must be the best route (rulebook) or any legal one, or none.
    run_must_be_best: bool
    # (b)2 IX.8 / VIII.5.3: a tram that finds no route runs for 0, so its maintenance is
    # charged and a purple tram earns its +200 ("immer", rulebook); on 18xx.games it does
    # not run and nothing is charged or earned.
    routeless_run_counts: bool
    # (b)3 IX.4: the bonus station marker costs the cheapest price (rulebook) or nothing.
    bonus_token_free: bool
    # (b)4 XI: players' privates count at face value in the final score.
    privates_in_score: bool
    # (b)5: an unbuilt purple station (a printed arrow, no revenue) is a route stop worth 0.
    unbuilt_stations_are_stops: bool
    # (b)10: L30/L31 are two physical tiles, each for G11 or F24 (rulebook); on the site
    # both sides of one tile may be used.
    shared_station_tiles: bool
    # (b)25 I.: the rulebook's "176 Gleisteile" have three brown Stadtbahn tiles (a second
    # L16); 18xx.games has two.
    three_brown_stadtbahn_tiles: bool
    # (b)13 IX.6: removing a Stadtbahn marker needs the city connected to the Line.
    removal_needs_connection: bool
    # (b)13 IX.6: the markers at I1, A17, I11 and F24 may never be removed (18xx.games);
    # the rulebook has no such exception (its example clears V's start marker at G3).
    start_markers_protected: bool
    # VI "wird dessen Nennwert um 5 reduziert": the dropped price is the private's face
    # value from then on (IV.2: sale to the bank, to a major); 18xx.games lowers only its
    # least bid and keeps the face value (report (b)16).
    drop_lowers_face_value: bool
    # (b)16/(b)17 VI, VIII.6: the all-pass price drop only before the first sale; raises in
    # multiples of 5.
    drop_until_first_sale: bool
    bids_in_multiples: bool
    # VIII.5.3 forced purchase: any tram on offer, with loans as needed (18xx.games:
    # emergency buy, not the cheapest, player loans); rulebook: a dearer tram only as far
    # as the treasury and the director's cash pay for it, no more loans than the cheapest
    # tram needs (IX.8 "nicht mehr Kredite ... als notwendig").
    forced_tram_any_with_loans: bool
    # (b)19 VIII.5: each major pays its dividend and then buys trams (rulebook), or all
    # majors pay, the Stadtbahn companies pay, then all majors buy trams (18xx.games).
    dividend_then_trams_per_major: bool
    # (b)22 VII.2: ties in cash keep the original seating (rulebook) or the previous order.
    order_ties_by_seating: bool
    # IV.2 / IX.3: who may sell a private to the Line's major: its director only ("an die
    # Muttergesellschaft verkauft", rulebook) or any player (18xx.games); the site also
    # offers the purchase after the run, as a last step of the Line's turn.
    private_from_any_player: bool
    # VI / VIII.6 (V30-V32): a bidder who cannot pay the least next bid leaves the auction
    # as soon as that bid is made, whatever else he could do, and if that settles a private
    # the picker picks again (18xx.games' PassableAuction); in the rulebook he passes by
    # himself at his turn, and only when no other legal action is left.
    short_bidders_leave_at_once: bool
    # VI (V31): a player to pick who cannot pay any private's least bid passes by himself
    # (rulebook); 18xx.games waits for his pass.
    short_picker_passes: bool
    # IV.2 / VII (V34): a player may sell his privates to the bank on his Stock Round turns
    # (rulebook, "jederzeit"); 18xx.games' Stock Round has no such step.
    privates_to_bank_in_stock_round: bool
    # IX.4 / IX.5 (V29, V33): the green Stadtbahn bonus may upgrade a yellow tile laid
    # earlier in the same turn, the Stadtbahn tile just laid included (18xx.games); the
    # rulebook profile upgrades only tiles that lay before the turn.
    bonus_upgrades_tile_laid_this_turn: bool


RULEBOOK_PROFILE: Final = Profile(
    name=RULEBOOK,
    negative_from_income_first=True,
    run_must_be_best=True,
    routeless_run_counts=True,
    bonus_token_free=False,
    privates_in_score=False,
    unbuilt_stations_are_stops=False,
    shared_station_tiles=True,
    three_brown_stadtbahn_tiles=True,
    removal_needs_connection=True,
    start_markers_protected=False,
    drop_lowers_face_value=True,
    drop_until_first_sale=True,
    bids_in_multiples=True,
    forced_tram_any_with_loans=False,
    dividend_then_trams_per_major=True,
    order_ties_by_seating=True,
    private_from_any_player=False,
    short_bidders_leave_at_once=False,
    short_picker_passes=True,
    privates_to_bank_in_stock_round=True,
    bonus_upgrades_tile_laid_this_turn=False,
)

SITE_PROFILE: Final = Profile(
    name=SITE,
    negative_from_income_first=False,
    run_must_be_best=False,
    routeless_run_counts=False,
    bonus_token_free=True,
    privates_in_score=True,
    unbuilt_stations_are_stops=True,
    shared_station_tiles=False,
    three_brown_stadtbahn_tiles=False,
    removal_needs_connection=False,
    start_markers_protected=True,
    drop_lowers_face_value=False,
    drop_until_first_sale=False,
    bids_in_multiples=False,
    forced_tram_any_with_loans=True,
    dividend_then_trams_per_major=False,
    order_ties_by_seating=False,
    private_from_any_player=True,
    short_bidders_leave_at_once=True,
    short_picker_passes=False,
    privates_to_bank_in_stock_round=False,
    bonus_upgrades_tile_laid_this_turn=True,
)


def profile(name: str) -> Profile:
    """The profile called `name` ("rulebook" or "18xx.games")."""
    for p in (RULEBOOK_PROFILE, SITE_PROFILE):
        if p.name == name:
            return p
    raise InvalidAction(f"Unknown rules profile {quote(name)}; known: {', '.join(PROFILES)}")
