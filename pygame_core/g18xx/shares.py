"""Share certificates: who holds what, buying from the IPO or the pool, selling to the pool.

Every certificate has exactly one owner (a player, another corporation, `IPO`, `POOL`, or
its corporation's own treasury), so each corporation's percentages always sum to 100;
`invariant_errors` checks that and the director rules. Each trade is worked out on a copy
of the holdings, checked (cash, limits, director swap), and only then committed with its
payment.

Holders are the players and, where the title lets them, corporations holding another
corporation's shares (they buy, sell, are paid dividends and may become director like a
player). A corporation's holding cap applies to every holder alike.

The usual 18xx director rule: the holder with the most percent is director; a holder who
gets strictly more than the director takes the director's certificate and hands over
ordinary certificates of the same total (two 10% for a 20% one, two 5% for a 10% one).
Ties stay with the director; among challengers the one with the most percent, then the
one nearest after the director in seat order (players first, then corporations).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Final

from ..core.errors import IllegalAction, InvalidAction
from ..core.shared import Shared
from .citations import cite
from .money import BANK, Money
from .steps.dividend import payouts

IPO: Final = "ipo"
POOL: Final = "pool"
PAYEES: Final = ("bank", "corporation")


@dataclass(frozen=True)
class Certificate(Shared):
    """One certificate. `id` is 18xx.games' "<corp>_<index>" (index 0: director's)."""

    corp: str
    index: int
    percent: int
    director: bool

    @cached_property
    def id(self) -> str:
        # Cached: share checks look up owners by id hundreds of thousands of times a game.
        return f"{self.corp}_{self.index}"


@dataclass(frozen=True)
class ShareRules(Shared):
    """A title's share rules.

    `cert_limit`: certificates a player may hold (None: no limit; every certificate counts
    one whatever its size; corporations have no limit). `max_percent`: the default holding
    cap of one corporation per holder (`Shares.add_corporation` may set another).
    `pool_limit`: percent of one corporation the pool may hold. `director_sale`: "swap"
    lets a director sell below another holder, who then takes the director's certificate
    in exchange for ordinary ones; "locked" keeps it with its owner, who may not sell
    below anyone. The director's certificate itself is never sold: it changes hands only
    by a director swap. `ipo_payee`: who is paid for IPO shares,
    "bank" (the corporation was capitalised in full) or "corporation".
    `rebuy_after_sale`: False forbids buying a corporation's shares in the round one sold
    some (until `Shares.new_round`). `corporate_buyable`: corporations whose shares other
    corporations may buy. `pool_dividends` / `ipo_dividends`: who is paid the dividend on
    pool / IPO shares, "bank" or "corporation". `swap_hands_over_last`: in a director
    swap the new director hands over his highest-numbered ordinary certificates (where
    low numbers carry a right of their own); default his lowest-numbered. `ref`: the
    title, for citations; `citations`: refusal key -> the title's section (see
    `citations.cite`).
    """

    cert_limit: int | None = None
    max_percent: int = 60
    pool_limit: int = 50
    director_sale: str = "swap"
    ipo_payee: str = "corporation"
    rebuy_after_sale: bool = True
    corporate_buyable: frozenset[str] = frozenset()
    pool_dividends: str = "bank"
    ipo_dividends: str = "bank"
    swap_hands_over_last: bool = False
    ref: str = "18xx"
    citations: Mapping[str, str] = field(default_factory=dict)

    def cite(self, key: str) -> str:
        """The rule a refusal of kind `key` names."""
        return cite(self.ref, self.citations, key)


class Shares:
    """The certificates of every corporation and their owners."""

    def __init__(self, players: Sequence[str], rules: ShareRules) -> None:
        if {rules.ipo_payee, rules.pool_dividends, rules.ipo_dividends} - set(PAYEES):
            raise InvalidAction("Share payees must be 'bank' or 'corporation'")
        if rules.director_sale not in ("swap", "locked"):
            raise InvalidAction("A director's sale is 'swap' or 'locked'")
        self.players = list(players)
        self.rules = rules
        self.certs: dict[str, tuple[Certificate, ...]] = {}
        self.caps: dict[str, int] = {}
        self.units: dict[str, int] = {}
        self._owner: dict[str, str] = {}
        self._sold: dict[str, list[str]] = {}

    def add_corporation(
        self,
        corp: str,
        percents: Sequence[int],
        *,
        director: bool,
        cap: int | None = None,
        unit: int = 10,
    ) -> None:
        """Issue `corp`'s certificates into the IPO; with `director`, the first is the
        director's (e.g. 50 + 5 x 10, 20 + 8 x 10, 10 + 18 x 5, or 10 x 10 without one).
        `cap`: most percent one holder may have (default: the rules' `max_percent`);
        `unit`: the percent a market price buys (10, or 5 where shares are priced per 5%)."""
        if corp in self.certs:
            raise InvalidAction(f"{corp} already has certificates")
        if sum(percents) != 100 or any(p <= 0 for p in percents):
            raise InvalidAction(f"{corp}'s certificates must be positive and sum to 100")
        ordinary = set(percents[1:] if director else percents)
        if len(ordinary) > 1 or (director and percents[0] % min(ordinary, default=1)):
            raise InvalidAction(f"{corp}'s ordinary certificates must be of one size")
        limit = self.rules.max_percent if cap is None else cap
        if not 0 < limit <= 100 or unit <= 0:
            raise InvalidAction(f"{corp}'s holding cap and price unit must be positive")
        certs = tuple(Certificate(corp, i, p, director and i == 0) for i, p in enumerate(percents))
        self.certs[corp] = certs
        self.caps[corp] = limit
        self.units[corp] = unit
        for cert in certs:
            self._owner[cert.id] = IPO

    # --- queries ---------------------------------------------------------------------------

    def holders(self) -> list[str]:
        """Everyone who may hold shares: the players in seat order, then the corporations."""
        return [*self.players, *self.certs]

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
        """The holder of `corp`'s director certificate (None: none, or not bought)."""
        owner = next((self._owner[c.id] for c in self._corp(corp) if c.director), None)
        return owner if owner is not None and self._is_holder(owner, corp) else None

    def cert_count(self, player: str, *, uncounted: Collection[str] = ()) -> int:
        """Certificates `player` holds, each counting one, except those of the
        corporations in `uncounted` (e.g. priced in a market zone outside the limit)."""
        return sum(
            1
            for corp, certs in self.certs.items()
            if corp not in uncounted
            for c in certs
            if self._owner[c.id] == player
        )

    def over_limit(
        self, player: str, *, uncounted: Collection[str] = (), extra_certs: int = 0
    ) -> int:
        """Certificates `player` holds above the limit (0 if none): after a director swap
        hands him more, he must sell them down."""
        limit = self.rules.cert_limit
        if limit is None or player not in self.players:
            return 0
        return max(0, self.cert_count(player, uncounted=uncounted) + extra_certs - limit)

    def sold_this_round(self, holder: str) -> list[str]:
        """Corporations `holder` sold shares of since `new_round` (kept only when the rules
        forbid buying them back)."""
        return list(self._sold.get(holder, ()))

    # --- trades ----------------------------------------------------------------------------

    def check_buy(
        self,
        buyer: str,
        corp: str,
        source: str,
        price: int,
        money: Money,
        *,
        director: bool = False,
        extra_certs: int = 0,
        uncounted: Collection[str] = (),
    ) -> tuple[Certificate, str, int]:
        """Raise unless holder `buyer` may buy one certificate of `corp` from `source` at
        `price` per price unit now; return (certificate, payee, cost). `extra_certs`:
        other papers that count against the limit; `uncounted`: corporations whose
        certificates do not (see `cert_count`). Changes nothing."""
        self._buyer(buyer, corp)
        if source not in (IPO, POOL):
            raise InvalidAction(f"Shares are bought from {IPO!r} or {POOL!r}, not {source!r}")
        rules = self.rules
        if corp in self._sold.get(buyer, ()):
            raise IllegalAction(
                f"{buyer} sold {corp} in this round and cannot buy it back before the next",
                rule=rules.cite("buying back what was sold"),
            )
        certs = self._corp(corp)
        if director:
            cert = next((c for c in certs if c.director and self._owner[c.id] == source), None)
            if cert is None:
                raise IllegalAction(f"{corp}'s director certificate is not in the {source}")
        else:
            if any(c.director and self._owner[c.id] == IPO for c in certs):
                raise IllegalAction(
                    f"{corp} has no director yet: its director certificate is bought first",
                    rule=rules.cite("par before buying"),
                )
            cert = next((c for c in certs if not c.director and self._owner[c.id] == source), None)
            if cert is None:
                raise IllegalAction(f"No {corp} share is left in the {source}")
        if self.percent(buyer, corp) + cert.percent > self.caps[corp]:
            raise IllegalAction(
                f"{buyer} may hold at most {self.caps[corp]}% of {corp}",
                rule=rules.cite("holding limit"),
            )
        new = 0 if corp in uncounted else 1
        if self.over_limit(buyer, uncounted=uncounted, extra_certs=extra_certs + new):
            raise IllegalAction(
                f"{buyer} is at the certificate limit of {rules.cert_limit}",
                rule=rules.cite("certificate limit"),
            )
        cost = price * cert.percent // self.units[corp]
        payee = BANK if source == POOL or rules.ipo_payee == "bank" else corp
        money.check_transfer(
            buyer,
            payee,
            cost,
            f"{cert.percent}% of {corp}",
            rule=rules.cite("buying needs the cash"),
        )
        return cert, payee, cost

    def buy(
        self,
        buyer: str,
        corp: str,
        source: str,
        price: int,
        money: Money,
        *,
        director: bool = False,
        extra_certs: int = 0,
        uncounted: Collection[str] = (),
    ) -> Certificate:
        """Buy one certificate (see `check_buy`), pay for it, and change director if the
        buyer now holds more than the director."""
        cert, payee, cost = self.check_buy(
            buyer,
            corp,
            source,
            price,
            money,
            director=director,
            extra_certs=extra_certs,
            uncounted=uncounted,
        )
        owners = dict(self._owner)
        owners[cert.id] = buyer
        self._swap_director(owners, corp, self.director(corp))
        money.transfer(buyer, payee, cost, f"{buyer} buys {cert.percent}% of {corp}")
        self._owner = owners
        return cert

    def check_sell(self, seller: str, corp: str, count: int) -> dict[str, str]:
        """Raise unless holder `seller` may sell `count` ordinary certificates of `corp` to
        the pool; return the holdings after the sale (and any director swap). Changes
        nothing."""
        self._holder(seller)
        rules = self.rules
        if not isinstance(count, int) or count < 1:
            raise InvalidAction("Sell at least one certificate")
        ordinary = [c for c in self._corp(corp) if not c.director]
        size = ordinary[0].percent if ordinary else 0
        if self.percent(POOL, corp) + count * size > rules.pool_limit:
            raise IllegalAction(
                f"The pool may hold at most {rules.pool_limit}% of {corp}",
                rule=rules.cite("pool limit"),
            )
        owners = dict(self._owner)
        rule = rules.cite("director's certificate")
        remaining = self.percent(seller, corp) - count * size
        if self.director(corp) == seller and rules.director_sale == "swap":
            # The director's certificate never goes to the pool: if the seller ends with
            # less than another holder, that holder takes it over first.
            self._swap_director(owners, corp, seller, seller_left=remaining)
        elif self.director(corp) == seller:
            # A locked director's certificate: the director may not sell below anyone.
            others = [h for h in self.holders() if h != seller and self._is_holder(h, corp)]
            most = max((self.percent(h, corp) for h in others), default=0)
            if remaining < most:
                raise IllegalAction(
                    f"{seller} would hold less of {corp} than another seller and lose the "
                    "director's certificate, which is never sold",
                    rule=rule,
                )
        mine = [c for c in ordinary if owners[c.id] == seller]
        if len(mine) < count:
            raise IllegalAction(
                f"{seller} holds {len(mine)} ordinary {corp} shares and cannot sell {count}"
                " (the director's certificate is not sold to the pool)",
                rule=rule,
            )
        for cert in mine[-count:]:
            owners[cert.id] = POOL
        return owners

    def share_size(self, corp: str) -> int:
        """The percent of one ordinary certificate of `corp`."""
        return next(c.percent for c in self._corp(corp) if not c.director)

    def sale_value(self, corp: str, count: int, price: int) -> int:
        """What the bank pays for `count` ordinary certificates of `corp` at `price` per
        price unit. Changes nothing."""
        return price * self.share_size(corp) * count // self.units[corp]

    def sell(self, seller: str, corp: str, count: int, price: int, money: Money) -> int:
        """Sell `count` ordinary certificates to the pool at `price` per price unit (the
        price before the sale); returns the amount paid by the bank. The market move is
        the caller's (`Market.sell`)."""
        owners = self.check_sell(seller, corp, count)
        size = self.share_size(corp)
        amount = self.sale_value(corp, count, price)
        money.transfer(BANK, seller, amount, f"{seller} sells {count * size}% of {corp}")
        self._owner = owners
        if not self.rules.rebuy_after_sale and corp not in self._sold.get(seller, ()):
            self._sold.setdefault(seller, []).append(corp)
        return amount

    def new_round(self) -> None:
        """A new (stock) round: what was sold may be bought again."""
        self._sold.clear()

    def move(self, cert: Certificate, to: str) -> None:
        """Put a certificate with a new owner without payment (setup, special rules)."""
        self._corp(cert.corp)
        self._owner[cert.id] = to

    # --- dividends -------------------------------------------------------------------------

    def dividend_payouts(self, corp: str, amount: int) -> dict[str, int]:
        """Who is paid what of a dividend of `amount` on 100% of `corp`: each holder (a
        player or a corporation) its percent of it, rounded down; the pool's and the IPO's
        parts to `BANK` or to `corp` by the rules; the corporation's own treasury shares
        to `corp`. Holders first in `holders` order, then `corp`, then `BANK`; nobody
        paid 0 is listed. Moves nothing: the caller pays from wherever the money is."""
        if not isinstance(amount, int) or amount < 0:
            raise InvalidAction(f"A dividend must be a whole, non-negative amount, not {amount!r}")
        percents: dict[str, int] = {}
        for cert in self._corp(corp):
            payee = self._dividend_payee(self._owner[cert.id], corp)
            percents[payee] = percents.get(payee, 0) + cert.percent
        order = [*self.holders(), corp, BANK]
        return payouts(amount, {p: percents[p] for p in order if p in percents})

    # --- invariants ------------------------------------------------------------------------

    def invariant_errors(self) -> list[str]:
        """Broken invariants (empty when all hold): each corporation's certificates sum to
        100 and each has one known owner; no holder above the corporation's cap; the
        director's certificate is never in the pool and its holder has at least anyone
        else's percent."""
        errors = []
        for corp, certs in self.certs.items():
            if sum(c.percent for c in certs) != 100:
                errors.append(f"{corp}: certificates sum to {sum(c.percent for c in certs)}")
            for cert in certs:
                if self._owner.get(cert.id) not in {IPO, POOL, *self.players, *self.certs}:
                    errors.append(f"{cert.id}: unknown owner {self._owner.get(cert.id)!r}")
                if cert.director and self._owner.get(cert.id) == POOL:
                    errors.append(f"{cert.id}: director certificate in the pool")
            most = max(
                (self.percent(h, corp) for h in self.holders() if self._is_holder(h, corp)),
                default=0,
            )
            if most > self.caps[corp]:
                errors.append(f"{corp}: a holder has {most}%")
            director = self.director(corp)
            if director is not None and self.percent(director, corp) < most:
                errors.append(f"{corp}: director {director} holds less than another holder")
        if set(self._owner) != {c.id for certs in self.certs.values() for c in certs}:
            errors.append("certificates without a corporation")
        return errors

    # --- plain data ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready holdings: certificate id -> owner (and, if any, who sold what this
        round)."""
        data: dict[str, Any] = {"owners": dict(sorted(self._owner.items()))}
        if self._sold:
            data["sold"] = {h: list(c) for h, c in sorted(self._sold.items())}
        return data

    def load(self, data: Mapping[str, Any]) -> None:
        """Restore owners from `to_dict` output (corporations must be added first)."""
        owners = {str(k): str(v) for k, v in data["owners"].items()}
        if set(owners) != set(self._owner):
            raise InvalidAction("The saved certificates do not match the corporations")
        self._owner = owners
        sold = data.get("sold", {})
        self._sold = {str(h): [str(c) for c in cs] for h, cs in sold.items()}

    # --- helpers ---------------------------------------------------------------------------

    def _corp(self, corp: str) -> tuple[Certificate, ...]:
        if corp not in self.certs:
            raise InvalidAction(f"Unknown corporation {corp!r}")
        return self.certs[corp]

    def _dividend_payee(self, owner: str, corp: str) -> str:
        """Who is paid the dividend on a certificate `owner` holds."""
        if owner not in (POOL, IPO):
            return owner  # a holder, or `corp` itself for its treasury shares
        to = self.rules.pool_dividends if owner == POOL else self.rules.ipo_dividends
        return corp if to == "corporation" else BANK

    def _is_holder(self, name: str, corp: str) -> bool:
        """True if `name` holds `corp`'s shares as an investor (not IPO, pool, treasury)."""
        return name in self.players or (name in self.certs and name != corp)

    def _holder(self, name: str) -> None:
        if name not in self.players and name not in self.certs:
            raise InvalidAction(f"Unknown player {name!r}")

    def _buyer(self, buyer: str, corp: str) -> None:
        """Raise unless `buyer` is a player, or a corporation allowed to buy `corp`."""
        self._holder(buyer)
        self._corp(corp)
        if buyer in self.players:
            return
        if buyer == corp or corp not in self.rules.corporate_buyable:
            raise IllegalAction(
                f"{buyer} is a corporation and cannot buy shares of {corp}",
                rule=self.rules.cite("corporations buying shares"),
            )

    def _swap_director(
        self,
        owners: dict[str, str],
        corp: str,
        current: str | None,
        *,
        seller_left: int | None = None,
    ) -> None:
        """In `owners`, pass the director's certificate from `current` to the holder with
        strictly more percent, if any (`seller_left`: `current`'s percent after a sale)."""
        if current is None:
            return
        certs = self._corp(corp)

        def pct(p: str) -> int:
            return sum(c.percent for c in certs if owners[c.id] == p)

        mine = pct(current) if seller_left is None else seller_left
        holders = [h for h in self.holders() if self._is_holder(h, corp)]
        seat = holders.index(current)
        n = len(holders)
        order = [holders[(seat + k) % n] for k in range(1, n)]
        challengers = [p for p in order if pct(p) > mine]
        if not challengers:
            return
        new = max(challengers, key=pct)  # max keeps the first of equals: nearest in order
        chair = next(c for c in certs if c.director)
        give = [c for c in certs if not c.director and owners[c.id] == new]
        if self.rules.swap_hands_over_last:
            give.reverse()
        need = chair.percent // give[0].percent if give else 0
        if len(give) < need or need == 0:
            raise IllegalAction(
                f"{new} cannot take over {corp}'s director certificate: it needs "
                f"{chair.percent}% in ordinary shares to exchange",
                rule=self.rules.cite("director change"),
            )
        for cert in give[:need]:
            owners[cert.id] = current
        owners[chair.id] = new
