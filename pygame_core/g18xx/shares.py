"""Share certificates: who holds what, buying from the IPO or the pool, selling to the pool.

Every certificate has exactly one owner (a player, `IPO`, `POOL`, or a corporation's own
treasury), so each corporation's percentages always sum to 100; `invariant_errors` checks
that and the director rules. Each trade is worked out on a copy of the holdings, checked
(cash, limits, director swap), and only then committed with its payment.

The usual 18xx director rule: the player holding the most percent is director; a player who
gets strictly more than the director takes the director's certificate and hands over
ordinary certificates of the same total. Ties stay with the director; among challengers
the one with the most percent, then the one nearest after the director in seat order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..core.errors import IllegalAction, InvalidAction
from .money import BANK, Money

IPO: Final = "ipo"
POOL: Final = "pool"


@dataclass(frozen=True)
class Certificate:
    """One certificate. `id` is 18xx.games' "<corp>_<index>" (index 0: director's)."""

    corp: str
    index: int
    percent: int
    director: bool

    @property
    def id(self) -> str:
        return f"{self.corp}_{self.index}"


@dataclass(frozen=True)
class ShareRules:
    """A title's share rules.

    `cert_limit`: certificates a player may hold (None: no limit; every certificate counts
    one, the director's too, as 1840 VII.3). `max_percent`: of one corporation per player.
    `pool_limit`: percent of one corporation the pool may hold. `director_sellable`: False
    locks the director's certificate with its owner, who then may not sell below another
    player (1840 VII.4). `ipo_payee`: who is paid
    for IPO shares, "bank" (full capitalisation, as 1840) or "corporation". `ref`: rulebook
    prefix for the refusals.
    """

    cert_limit: int | None = None
    max_percent: int = 60
    pool_limit: int = 50
    director_sellable: bool = True
    ipo_payee: str = "corporation"
    ref: str = "18xx"


class Shares:
    """The certificates of every corporation and their owners."""

    def __init__(self, players: Sequence[str], rules: ShareRules) -> None:
        if rules.ipo_payee not in ("bank", "corporation"):
            raise InvalidAction("ipo_payee must be 'bank' or 'corporation'")
        self.players = list(players)
        self.rules = rules
        self.certs: dict[str, tuple[Certificate, ...]] = {}
        self._owner: dict[str, str] = {}

    def add_corporation(self, corp: str, percents: Sequence[int], *, director: bool) -> None:
        """Issue `corp`'s certificates into the IPO; with `director`, the first is the
        director's (1840 majors: 50 + 5 x 10; Stadtbahn: 10 x 10, no director)."""
        if corp in self.certs:
            raise InvalidAction(f"{corp} already has certificates")
        if sum(percents) != 100 or any(p <= 0 for p in percents):
            raise InvalidAction(f"{corp}'s certificates must be positive and sum to 100")
        ordinary = set(percents[1:] if director else percents)
        if len(ordinary) > 1 or (director and percents[0] % min(ordinary, default=1)):
            raise InvalidAction(f"{corp}'s ordinary certificates must be of one size")
        certs = tuple(Certificate(corp, i, p, director and i == 0) for i, p in enumerate(percents))
        self.certs[corp] = certs
        for cert in certs:
            self._owner[cert.id] = IPO

    # --- queries ---------------------------------------------------------------------------

    def owner(self, cert: Certificate) -> str:
        """Who holds the certificate."""
        return self._owner[cert.id]

    def held(self, owner: str, corp: str) -> list[Certificate]:
        """`owner`'s certificates of `corp`, director's first."""
        return [c for c in self._corp(corp) if self._owner[c.id] == owner]

    def percent(self, owner: str, corp: str) -> int:
        """Percent of `corp` that `owner` holds."""
        return sum(c.percent for c in self.held(owner, corp))

    def director(self, corp: str) -> str | None:
        """The player holding `corp`'s director certificate (None: none, or not bought)."""
        owner = next((self._owner[c.id] for c in self._corp(corp) if c.director), None)
        return owner if owner in self.players else None

    def cert_count(self, player: str) -> int:
        """Certificates `player` holds (each counts one, 1840 VII.3)."""
        return sum(1 for owner in self._owner.values() if owner == player)

    # --- trades ----------------------------------------------------------------------------

    def check_buy(
        self,
        player: str,
        corp: str,
        source: str,
        price: int,
        money: Money,
        *,
        director: bool = False,
        extra_certs: int = 0,
    ) -> tuple[Certificate, str, int]:
        """Raise unless `player` may buy one certificate of `corp` from `source` at `price`
        per 10% now; return (certificate, payee, cost). `extra_certs`: other papers that
        count against the limit (1840 VII.3: privates). Changes nothing."""
        self._seat(player)
        if source not in (IPO, POOL):
            raise InvalidAction(f"Shares are bought from {IPO!r} or {POOL!r}, not {source!r}")
        ref = self.rules.ref
        certs = self._corp(corp)
        if director:
            cert = next((c for c in certs if c.director and self._owner[c.id] == source), None)
            if cert is None:
                raise IllegalAction(f"{corp}'s director certificate is not in the {source}")
        else:
            if any(c.director and self._owner[c.id] == IPO for c in certs):
                raise IllegalAction(
                    f"{corp} has no director yet: its director certificate is bought first",
                    rule=f"{ref}: par before buying",
                )
            cert = next((c for c in certs if not c.director and self._owner[c.id] == source), None)
            if cert is None:
                raise IllegalAction(f"No {corp} share is left in the {source}")
        if self.percent(player, corp) + cert.percent > self.rules.max_percent:
            raise IllegalAction(
                f"{player} may hold at most {self.rules.max_percent}% of {corp}",
                rule=f"{ref} VII.3" if ref == "1840" else f"{ref}: holding limit",
            )
        limit = self.rules.cert_limit
        if limit is not None and self.cert_count(player) + extra_certs + 1 > limit:
            raise IllegalAction(
                f"{player} is at the certificate limit of {limit}",
                rule=f"{ref} VII.3" if ref == "1840" else f"{ref}: certificate limit",
            )
        cost = price * cert.percent // 10
        payee = BANK if source == POOL or self.rules.ipo_payee == "bank" else corp
        money.check_transfer(
            player,
            payee,
            cost,
            f"{cert.percent}% of {corp}",
            rule=f"{ref} VII.6" if ref == "1840" else f"{ref}: buying needs the cash",
        )
        return cert, payee, cost

    def buy(
        self,
        player: str,
        corp: str,
        source: str,
        price: int,
        money: Money,
        *,
        director: bool = False,
        extra_certs: int = 0,
    ) -> Certificate:
        """Buy one certificate (see `check_buy`), pay for it, and change director if the
        buyer now holds more than the director."""
        cert, payee, cost = self.check_buy(
            player, corp, source, price, money, director=director, extra_certs=extra_certs
        )
        owners = dict(self._owner)
        owners[cert.id] = player
        self._swap_director(owners, corp, self.director(corp))
        money.transfer(player, payee, cost, f"{player} buys {cert.percent}% of {corp}")
        self._owner = owners
        return cert

    def check_sell(self, player: str, corp: str, count: int) -> dict[str, str]:
        """Raise unless `player` may sell `count` ordinary certificates of `corp` to the
        pool; return the holdings after the sale (and any director swap). Changes nothing."""
        self._seat(player)
        ref = self.rules.ref
        if not isinstance(count, int) or count < 1:
            raise InvalidAction("Sell at least one certificate")
        ordinary = [c for c in self._corp(corp) if not c.director]
        size = ordinary[0].percent if ordinary else 0
        if self.percent(POOL, corp) + count * size > self.rules.pool_limit:
            raise IllegalAction(
                f"The pool may hold at most {self.rules.pool_limit}% of {corp}",
                rule=f"{ref}: pool limit",
            )
        owners = dict(self._owner)
        rule = f"{ref} VII.4" if ref == "1840" else f"{ref}: director's certificate"
        remaining = self.percent(player, corp) - count * size
        if self.director(corp) == player and self.rules.director_sellable:
            # The director's certificate never goes to the pool: if the seller ends with
            # less than another player, that player takes it over first.
            self._swap_director(owners, corp, player, seller_left=remaining)
        elif self.director(corp) == player:
            # A locked director's certificate: the director may not sell below anyone.
            most = max(self.percent(p, corp) for p in self.players if p != player)
            if remaining < most:
                raise IllegalAction(
                    f"{player} would hold less of {corp} than another player and lose the "
                    "director's certificate, which is never sold",
                    rule=rule,
                )
        mine = [c for c in ordinary if owners[c.id] == player]
        if len(mine) < count:
            raise IllegalAction(
                f"{player} holds {len(mine)} ordinary {corp} shares and cannot sell {count}"
                " (the director's certificate is not sold to the pool)",
                rule=rule,
            )
        for cert in mine[-count:]:
            owners[cert.id] = POOL
        return owners

    def sell(self, player: str, corp: str, count: int, price: int, money: Money) -> int:
        """Sell `count` ordinary certificates to the pool at `price` per 10% (the price
        before the sale: 1840 X.3); returns the amount paid by the bank. The market move
        (1840: one row down per 10%) is the caller's."""
        owners = self.check_sell(player, corp, count)
        size = next(c.percent for c in self._corp(corp) if not c.director)
        amount = price * size * count // 10
        money.transfer(BANK, player, amount, f"{player} sells {count * size}% of {corp}")
        self._owner = owners
        return amount

    def move(self, cert: Certificate, to: str) -> None:
        """Put a certificate with a new owner without payment (setup, special rules)."""
        self._corp(cert.corp)
        self._owner[cert.id] = to

    # --- invariants ------------------------------------------------------------------------

    def invariant_errors(self) -> list[str]:
        """Broken invariants (empty when all hold): each corporation's certificates sum to
        100 and each has one known owner; no player above the holding limit; the director's
        certificate is never in the pool and its holder has at least anyone else's percent."""
        errors = []
        for corp, certs in self.certs.items():
            if sum(c.percent for c in certs) != 100:
                errors.append(f"{corp}: certificates sum to {sum(c.percent for c in certs)}")
            for cert in certs:
                if self._owner.get(cert.id) not in {IPO, POOL, *self.players, *self.certs}:
                    errors.append(f"{cert.id}: unknown owner {self._owner.get(cert.id)!r}")
                if cert.director and self._owner.get(cert.id) == POOL:
                    errors.append(f"{cert.id}: director certificate in the pool")
            most = max((self.percent(p, corp) for p in self.players), default=0)
            if most > self.rules.max_percent:
                errors.append(f"{corp}: a player holds {most}%")
            director = self.director(corp)
            if director is not None and self.percent(director, corp) < most:
                errors.append(f"{corp}: director {director} holds less than another player")
        if set(self._owner) != {c.id for certs in self.certs.values() for c in certs}:
            errors.append("certificates without a corporation")
        return errors

    # --- plain data ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready holdings: certificate id -> owner."""
        return {"owners": dict(sorted(self._owner.items()))}

    def load(self, data: Mapping[str, Any]) -> None:
        """Restore owners from `to_dict` output (corporations must be added first)."""
        owners = {str(k): str(v) for k, v in data["owners"].items()}
        if set(owners) != set(self._owner):
            raise InvalidAction("The saved certificates do not match the corporations")
        self._owner = owners

    # --- helpers ---------------------------------------------------------------------------

    def _corp(self, corp: str) -> tuple[Certificate, ...]:
        if corp not in self.certs:
            raise InvalidAction(f"Unknown corporation {corp!r}")
        return self.certs[corp]

    def _seat(self, player: str) -> int:
        if player not in self.players:
            raise InvalidAction(f"Unknown player {player!r}")
        return self.players.index(player)

    def _swap_director(
        self,
        owners: dict[str, str],
        corp: str,
        current: str | None,
        *,
        seller_left: int | None = None,
    ) -> None:
        """In `owners`, pass the director's certificate from `current` to the player with
        strictly more percent, if any (`seller_left`: `current`'s percent after a sale)."""
        if current is None:
            return
        certs = self._corp(corp)

        def pct(p: str) -> int:
            return sum(c.percent for c in certs if owners[c.id] == p)

        mine = pct(current) if seller_left is None else seller_left
        seat = self._seat(current)
        n = len(self.players)
        order = [self.players[(seat + k) % n] for k in range(1, n)]
        challengers = [p for p in order if pct(p) > mine]
        if not challengers:
            return
        new = max(challengers, key=pct)  # max keeps the first of equals: nearest in order
        chair = next(c for c in certs if c.director)
        give = [c for c in certs if not c.director and owners[c.id] == new]
        need = chair.percent // give[0].percent if give else 0
        if len(give) < need or need == 0:
            raise IllegalAction(
                f"{new} cannot take over {corp}'s director certificate: it needs "
                f"{chair.percent}% in ordinary shares to exchange",
                rule=f"{self.rules.ref}: director change",
            )
        for cert in give[:need]:
            owners[cert.id] = current
        owners[chair.id] = new
