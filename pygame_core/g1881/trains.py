"""1881's trains and phases (seed 004: 10 Kauf neuer Bahnen, 11 Wechsel der Phasen, 12.7-12.9,
Tabelle 2 and 7; variant 2, 15 Bahnen auf Kredit).

The phase table and the train types are board.json's (`trains`, `phases`; prices as digest
part P recommends). `TrainState` is the title's train state: the phase, the bank's unsold
trains, a bankrupt company's trains back at the bank (10.3), who owns which train, and the
trains bought on credit (variant 2). An owner is a tram company or one network part of the
S-Bahn; a `Buyer` names it, the kind of train it may own, and the owners whose trains count
towards the same limit (the S-Bahn's parts together, digest A-45).

Every change is checked first (`check_*` returns the plan) and applied after; refusals cite
the rule ("1881 10.6").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from ..core.errors import IllegalAction, InvalidAction, quote
from ..g18xx.money import BANK, Money
from ..g18xx.steps.purchase import PurchaseRules, director_part
from ..g18xx.trains import Phase, PhaseChange, PhaseTable, TrainBank, TrainType
from . import source

TRAM: Final = "tram"
SBAHN: Final = "sbahn"
KINDS: Final = (TRAM, SBAHN)

# 10.7 "Die Anzahl an Bahnen, die eine Gesellschaft besitzen darf, ist abhängig von den
# Spielphasen (Tabelle 2)": the refusals of a full company cite it.
LIMIT_RULE: Final = "1881 10.7"

# 10.1 "Sollte hierzu ein geringer Betrag fehlen, kann der Direktor in Privatgeld bis zu 25%
# des Kaufpreises zusteuern": whenever a little is missing, not only for a forced purchase.
PURCHASE: Final = PurchaseRules(
    must_own_a_train=True,
    top_up_only_when_forced=False,
    top_up_cap_percent=int(source.section("constants")["director_train_aid_percent"]),
    cite="1881 10.1",
)

# 15 (Klammern): "5 Büroklammern (Variante 2)" - at most five trains on credit at once.
CREDIT_CLIPS: Final = int(source.section("constants")["credit_clips"])

# The least price of a train bought from another company (10.5 "zu einem auszuhandelnden
# Preis"; digest A-19: at least 1 TM).
LEAST_AGREED_PRICE: Final = 1


def _from_phase(available: str) -> str | None:
    """ "from phase 2" -> "2" (S trains, 10.3 / 12.7); trams come with the lowest level."""
    return available.removeprefix("from phase ") if available.startswith("from phase") else None


def _phase_table() -> PhaseTable:
    """Tabelle 7 (types, counts, ranges, prices) and Tabelle 2 (phases): "Wird die erste
    Straßenbahn einer neuen Stufe verkauft, wechselt sofort die Spielphase" (11.1); the
    S trains arrive "ab der 2. Spielphase" (10.3) and in phases 3 and 4 (12.7)."""
    trains = tuple(
        TrainType(
            str(t["sym"]),
            int(t["price"]),
            range=t["range"],
            count=t["count"],
            kind=str(t["kind"]),
            rusts_on=t.get("rusts_on_phase"),
            triggers=t.get("triggers_phase"),
            available_from=_from_phase(str(t["available"])),
        )
        for t in source.section("trains")["types"]
    )
    phases = tuple(
        Phase(
            str(p["name"]),
            tuple(p["tiles"]),
            int(p["train_limit"]),
            operating_rounds=int(p["operating_rounds"]),
            tile_lays=int(p["tile_lays"]),
        )
        for p in source.section("phases")["list"]
    )
    return PhaseTable(phases, trains, cite=LIMIT_RULE)


PHASES: Final = _phase_table()
TYPES: Final = MappingProxyType({t.name: t for t in PHASES.trains})


def train_type(train: str) -> TrainType:
    """The type of a train id ("3-2" -> the 3)."""
    name = train.rsplit("-", 1)[0]
    if name not in TYPES:
        raise InvalidAction(f"No train {quote(train)}")
    return TYPES[name]


def ranges(trains: Iterable[str]) -> list[int]:
    """Each train's range (Table 7), in order."""
    return [int(train_type(t).range or 0) for t in trains]


def operating_rounds(phase_at_set_start: str) -> int:
    """Operating rounds of a set (5.3, Tabelle 2: 1-2-3-3), fixed by the phase when the set
    begins: a phase change inside the set counts from the next set (digest A-14)."""
    n = PHASES.operating_rounds(phase_at_set_start)
    assert n is not None  # every 1881 phase has its count
    return n


@dataclass(frozen=True)
class Buyer:
    """Who buys: `owner` (a tram company or an S-Bahn network part), the `kind` of train it
    may own (10.9: trams for tram companies, S trains for the S-Bahn), and `group`, the
    owners whose trains count towards the same limit (its own name, or all the S-Bahn's
    parts: digest A-45)."""

    owner: str
    kind: str
    group: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise InvalidAction(f"A buyer owns trams or S trains, not {quote(self.kind)}")
        if self.owner not in self.group:
            object.__setattr__(self, "group", (self.owner, *self.group))


@dataclass
class TrainState:
    """The trains of one game: the phase, the bank's unsold trains, a bankrupt company's
    trains back at the bank (`returned`, 10.3), owner -> trains (oldest first) and owner ->
    the train it bought on credit (variant 2)."""

    phase: str
    bank: TrainBank
    returned: list[str] = field(default_factory=list)
    owned: dict[str, list[str]] = field(default_factory=dict)
    credit: dict[str, str] = field(default_factory=dict)

    @classmethod
    def new(cls) -> TrainState:
        """The start: phase 1 (11.3 "Das Spiel beginnt mit Phase 1"), every train at the
        bank, "die Bahnen nach Reichweite sortiert" (2.1)."""
        return cls(PHASES.first, TrainBank.of(PHASES))

    def trains(self, owner: str) -> list[str]:
        """The trains `owner` has."""
        return list(self.owned.get(owner, ()))

    def count(self, owners: Iterable[str]) -> int:
        """How many trains `owners` have together."""
        return sum(len(self.owned.get(o, ())) for o in owners)

    def room(self, buyer: Buyer) -> int:
        """How many more trains the buyer's group may own in this phase (10.7, 12.7)."""
        return PHASES.train_limit(self.phase) - self.count(buyer.group)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready state."""
        return {
            "phase": self.phase,
            "bank": self.bank.to_dict(),
            "returned": list(self.returned),
            "owned": {o: list(t) for o, t in self.owned.items() if t},
            "credit": dict(self.credit),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TrainState:
        """Inverse of `to_dict`."""
        return cls(
            str(data["phase"]),
            TrainBank({str(k): [str(t) for t in v] for k, v in data["bank"].items()}),
            [str(t) for t in data["returned"]],
            {str(o): [str(t) for t in v] for o, v in data["owned"].items()},
            {str(o): str(t) for o, t in data["credit"].items()},
        )


def next_phase(state: TrainState) -> str | None:
    """The next phase: the first one later than now that a train still at the bank starts
    (a type whose own phase has begun, such as the 3-trains in phase 2, starts nothing)."""
    return next(
        (
            ty.triggers
            for ty in PHASES.trains
            if ty.kind == TRAM
            and state.bank.stock.get(ty.name)
            and ty.triggers is not None
            and PHASES.later(ty.triggers, state.phase)
        ),
        None,
    )


# --- buying from the bank ------------------------------------------------------------------


def offer(state: TrainState, kind: str) -> dict[str, int]:
    """Train id -> price of what the bank sells to a buyer of `kind` now: of the trams only
    the lowest level in stock (10.3 "nur die Bahnen der kleinsten Stufe, die vorrätig ist"),
    the S trains of the phases reached (10.3, 12.7), and a bankrupt company's trains at their
    printed price (10.3; digest A-20)."""
    out: dict[str, int] = {}
    for name in state.bank.on_offer(PHASES, state.phase):
        t = TYPES[name]
        if t.kind == kind:
            out[state.bank.stock[name][0]] = t.price
    for train in state.returned:
        if train_type(train).kind == kind:
            out[train] = train_type(train).price
    return out


@dataclass(frozen=True)
class Purchase:
    """A checked purchase: the train, its price, what the treasury and the director pay
    (director: who adds it), the older S train scrapped for room (12.7) and the phase change
    it makes (11.1)."""

    buyer: str
    train: str
    price: int
    from_treasury: int
    from_director: int
    director: str | None
    scrap: str | None
    change: PhaseChange | None


def _check_kind(buyer: Buyer, train: str) -> None:
    if train_type(train).kind != buyer.kind:
        rule = "1881 10.9" if buyer.kind == TRAM else "1881 12.9"
        what = "S trains" if buyer.kind == TRAM else "trams"
        raise IllegalAction(f"{buyer.owner} cannot own {what} ({train})", rule=rule)


def _check_room(state: TrainState, buyer: Buyer, scrap: str | None) -> None:
    """The limit (10.7); only the S-Bahn may scrap an older train of the buying part to
    make room (10.6, 12.7)."""
    if scrap is not None:
        if buyer.kind == TRAM:
            raise IllegalAction(
                f"{buyer.owner} is a tram company and cannot scrap a train for room",
                rule="1881 10.6",
            )
        if scrap not in state.owned.get(buyer.owner, ()):
            raise IllegalAction(
                f"{buyer.owner} does not own {quote(scrap)} to scrap", rule="1881 12.7"
            )
        if state.room(buyer) > 0:
            raise IllegalAction(
                f"{buyer.owner} is under its limit and need not scrap {scrap}", rule="1881 12.7"
            )
        return
    if state.room(buyer) <= 0:
        PHASES.check_train_limit(state.phase, state.count(buyer.group), buyer.owner)


def _check_older(scrap: str | None, train: str) -> None:
    """12.7 "eine ältere verschrottet": the scrapped S train is of an older type."""
    if scrap is None:
        return
    order = list(TYPES)
    if order.index(train_type(scrap).name) >= order.index(train_type(train).name):
        raise IllegalAction(
            f"Only an older S train may be scrapped for a {train_type(train).name}, not {scrap}",
            rule="1881 12.7",
        )


def check_credit_free(state: TrainState, owner: str, what: str) -> None:
    """Refuse spending on `what` (trains, depots, S-Bahn shares) while `owner` owes for a
    train on credit (15.3 "darf sie ihr Betriebskapital nicht in den Kauf weiterer Bahnen,
    Depots oder S-Bahn-Aktien investieren")."""
    if owner in state.credit:
        raise IllegalAction(
            f"{owner} owes for {state.credit[owner]} on credit and may not buy {what}",
            rule="1881 15.3",
        )


def check_buy(
    state: TrainState,
    buyer: Buyer,
    train: str,
    treasury: int,
    *,
    director: str | None = None,
    director_cash: int = 0,
    scrap: str | None = None,
) -> Purchase:
    """The purchase of `train` (an id on `offer`) from the bank, checked: kind (10.9),
    on offer (10.3), room (10.7) or an older S train to scrap (12.7), the treasury plus at
    most 25 % of the price from the director (10.1), not while owing a credit train (15.3)."""
    check_credit_free(state, buyer.owner, "trains")
    _check_kind(buyer, train)
    on_offer = offer(state, buyer.kind)
    if train not in on_offer:
        shown = ", ".join(on_offer) or "none"
        raise IllegalAction(
            f"The bank does not sell {quote(train)} now (on offer: {shown})", rule="1881 10.3"
        )
    _check_room(state, buyer, scrap)
    _check_older(scrap, train)
    price = on_offer[train]
    extra = director_part(PURCHASE, price, treasury, forced=False)
    if extra is None:
        raise IllegalAction(
            f"{buyer.owner} has {treasury} for a {price} train: the director may add at most "
            f"{price * (PURCHASE.top_up_cap_percent or 0) // 100}",
            rule="1881 10.1",
        )
    if extra and (director is None or director_cash < extra):
        raise IllegalAction(
            f"{buyer.owner}'s director must add {extra} and has {director_cash}",
            rule="1881 10.1",
        )
    change = None
    if train not in state.returned:
        change = PHASES.after_purchase(state.phase, train_type(train).name)
    return Purchase(
        buyer.owner,
        train,
        price,
        price - extra,
        extra,
        director if extra else None,
        scrap,
        change,
    )


def buy(
    state: TrainState,
    money: Money,
    buyer: Buyer,
    train: str,
    *,
    director: str | None = None,
    scrap: str | None = None,
) -> tuple[Purchase, dict[str, list[str]]]:
    """Buy `train` from the bank (see `check_buy`): pay, take it, scrap `scrap`, and make
    the phase change it starts at once (11.1; digest A-15). Returns the purchase and the
    trains rusted by the change (owner -> trains; "bank" for unsold ones)."""
    cash = money.cash(director) if director is not None else 0
    plan = check_buy(
        state,
        buyer,
        train,
        money.cash(buyer.owner),
        director=director,
        director_cash=cash,
        scrap=scrap,
    )
    reason = f"{buyer.owner} buys a {train_type(train).name} train"
    money.transfer(buyer.owner, BANK, plan.from_treasury, reason, rule="1881 10.1")
    if plan.director is not None:
        money.transfer(plan.director, BANK, plan.from_director, f"{reason} (director)")
    _take(state, train)
    if scrap is not None:
        state.owned[buyer.owner].remove(scrap)
    state.owned.setdefault(buyer.owner, []).append(train)
    rusted = apply_phase_change(state, plan.change) if plan.change else {}
    return plan, rusted


def _take(state: TrainState, train: str) -> None:
    """Take `train` from the bank's stock or its returned trains."""
    if train in state.returned:
        state.returned.remove(train)
    else:
        state.bank.stock[train_type(train).name].remove(train)


def apply_phase_change(state: TrainState, change: PhaseChange) -> dict[str, list[str]]:
    """Start `change.new`: the rusted types leave the game from every owner, the bank's
    stock and its returned trains (10.4 "kommen aus dem Spiel"; Tabelle 2: the 2s in phase
    3, the 3s and 4S in phase 4), including the buyer's own (digest A-15). A credit train
    that rusts is no longer owed (digest A-53). Returns owner -> rusted trains."""
    if change.old != state.phase:
        raise InvalidAction(f"The phase is {state.phase}, not {change.old}")
    gone = set(change.rusted)
    out: dict[str, list[str]] = {}
    for owner, trains in state.owned.items():
        lost = [t for t in trains if train_type(t).name in gone]
        if lost:
            out[owner] = lost
            state.owned[owner] = [t for t in trains if t not in lost]
    unsold = [t for name in change.rusted for t in state.bank.stock.get(name, ())]
    unsold += [t for t in state.returned if train_type(t).name in gone]
    if unsold:
        out[BANK] = unsold
    for name in change.rusted:
        state.bank.stock[name] = []
    state.returned = [t for t in state.returned if train_type(t).name not in gone]
    state.credit = {o: t for o, t in state.credit.items() if train_type(t).name not in gone}
    state.phase = change.new
    return out


# --- excess trains after a limit drop ------------------------------------------------------


def excess(state: TrainState, group: Sequence[str]) -> int:
    """How many trains `group` holds over the phase's limit (10.7 after a phase change)."""
    return PHASES.excess(state.phase, state.count(group))


def discard_excess(state: TrainState, group: Sequence[str], keep: Sequence[str]) -> list[str]:
    """The director (the S-Bahn's chairman for its parts) keeps `keep`, exactly the limit's
    number of the group's trains; the others leave the game (digest A-16: 10.6 "Die Bank
    kauft keine Bahnen wieder zurück"). Returns the discarded trains."""
    held = [t for o in group for t in state.owned.get(o, ())]
    limit = PHASES.train_limit(state.phase)
    if len(held) <= limit:
        raise IllegalAction(
            f"{', '.join(group)} hold {len(held)} trains: no excess", rule=LIMIT_RULE
        )
    if len(set(keep)) != len(keep) or not set(keep) <= set(held) or len(keep) != limit:
        raise IllegalAction(
            f"Keep exactly {limit} of {', '.join(held)} (phase {state.phase})", rule=LIMIT_RULE
        )
    gone = [t for t in held if t not in keep]
    for o in group:
        state.owned[o] = [t for t in state.owned.get(o, ()) if t in keep]
    state.credit = {o: t for o, t in state.credit.items() if t not in gone}
    return gone


# --- the mandatory train -------------------------------------------------------------------


def must_buy(state: TrainState, buyer: Buyer, treasury: int) -> bool:
    """10.8 "Eine Gesellschaft muß eine Bahn erwerben, soweit sie keine besitzt" (12.8: each
    unconnected S-Bahn part too): true while `buyer` owns none, has room and its treasury
    alone pays the cheapest train on offer (digest A-17: without money it stays trainless)."""
    if state.owned.get(buyer.owner) or state.room(buyer) <= 0:
        return False
    prices = offer(state, buyer.kind).values()
    return any(p <= treasury for p in prices)


def check_done(state: TrainState, buyer: Buyer, treasury: int) -> None:
    """Refuse to end the train purchase while `must_buy` holds."""
    if must_buy(state, buyer, treasury):
        rule = "1881 12.8" if buyer.kind == SBAHN else "1881 10.8"
        raise IllegalAction(f"{buyer.owner} has no train and must buy one", rule=rule)


# --- buying from another company -----------------------------------------------------------


def check_buy_from(
    state: TrainState,
    buyer: Buyer,
    seller: str,
    train: str,
    price: int,
    treasury: int,
    *,
    agreed: bool,
    scrap: str | None = None,
) -> None:
    """A purchase from another company (10.5 "zu einem auszuhandelnden Preis"; 12.9 between
    the S-Bahn's parts), checked: both directors `agreed` (one director agrees with
    himself), a whole price of at least 1 (digest A-19) paid by the treasury alone, the
    seller owns it and it is not a credit train (15.4), kind and room as from the bank."""
    check_credit_free(state, buyer.owner, "trains")
    if seller == buyer.owner:
        raise InvalidAction(f"{seller} cannot buy its own train")
    if train not in state.owned.get(seller, ()):
        raise IllegalAction(f"{seller} does not own {quote(train)}", rule="1881 10.5")
    if state.credit.get(seller) == train:
        raise IllegalAction(f"{train} is on credit and cannot be sold", rule="1881 15.4")
    _check_kind(buyer, train)
    if not isinstance(price, int) or isinstance(price, bool) or price < LEAST_AGREED_PRICE:
        raise InvalidAction(f"An agreed price is a whole amount of at least 1, not {price!r}")
    if not agreed:
        raise IllegalAction(f"{seller}'s director has not agreed to sell {train}", rule="1881 10.5")
    if treasury < price:
        raise IllegalAction(
            f"{buyer.owner} has {treasury} and cannot pay {price} for {train}", rule="1881 10.5"
        )
    _check_room(state, buyer, scrap)
    _check_older(scrap, train)


def buy_from(
    state: TrainState,
    money: Money,
    buyer: Buyer,
    seller: str,
    train: str,
    price: int,
    *,
    agreed: bool,
    scrap: str | None = None,
) -> None:
    """Buy `train` from `seller` at the agreed `price` (see `check_buy_from`). A train
    changing hands starts no phase (11.1 counts the bank's sales only)."""
    check_buy_from(
        state, buyer, seller, train, price, money.cash(buyer.owner), agreed=agreed, scrap=scrap
    )
    money.transfer(buyer.owner, seller, price, f"{buyer.owner} buys {train} from {seller}")
    state.owned[seller].remove(train)
    if scrap is not None:
        state.owned[buyer.owner].remove(scrap)
    state.owned.setdefault(buyer.owner, []).append(train)


# --- a company leaves, a network part merges -----------------------------------------------


def return_to_bank(state: TrainState, owner: str) -> list[str]:
    """A bankrupt company's trains go back to the bank (9.13 "Gesellschaftsvermögen und
    Bahnen gehen zurück an die Bank"), where others may buy them (10.3)."""
    trains = state.owned.pop(owner, [])
    state.returned.extend(trains)
    state.credit.pop(owner, None)
    return trains


def hand_over(state: TrainState, old: str, new: str) -> list[str]:
    """`old`'s trains pass to `new` (an S-Bahn part merging into the main network, 12.5)."""
    trains = state.owned.pop(old, [])
    state.owned.setdefault(new, []).extend(trains)
    if old in state.credit:
        state.credit[new] = state.credit.pop(old)
    return trains


# --- variant 2: trains on credit -----------------------------------------------------------


def check_credit(state: TrainState, buyer: Buyer, treasury: int) -> str:
    """The train a company may take on credit, in games with variant 2 (15.1; digest
    A-53): it owns none, its
    treasury plus the most its director may add does not reach the cheapest train the bank
    sells, and a clip is free (5 at most). Returns that cheapest bank train."""
    if state.owned.get(buyer.owner):
        raise IllegalAction(f"{buyer.owner} owns a train: no credit", rule="1881 15.1")
    if len(state.credit) >= CREDIT_CLIPS:
        raise IllegalAction(
            f"All {CREDIT_CLIPS} clips are in use: no more trains on credit", rule="1881 15.2"
        )
    new = {t: p for t, p in offer(state, buyer.kind).items() if t not in state.returned}
    if not new or state.room(buyer) <= 0:
        raise IllegalAction(f"The bank has no train for {buyer.owner}", rule="1881 15.1")
    train = min(new, key=lambda t: new[t])
    price = new[train]
    aid = price * (PURCHASE.top_up_cap_percent or 0) // 100
    if treasury + aid >= price:
        raise IllegalAction(
            f"{buyer.owner} can pay {price} for {train} (treasury {treasury}, director up to "
            f"{aid}): no credit",
            rule="1881 15.1",
        )
    return train


def buy_on_credit(
    state: TrainState, money: Money, buyer: Buyer
) -> tuple[str, dict[str, list[str]]]:
    """Take the cheapest bank train on credit (15.1, 15.2): nothing is paid now, the debt is
    its printed price; as a bank sale it may start a phase (digest A-53). Returns the train
    and the trains rusted."""
    train = check_credit(state, buyer, money.cash(buyer.owner))
    change = PHASES.after_purchase(state.phase, train_type(train).name)
    _take(state, train)
    state.owned.setdefault(buyer.owner, []).append(train)
    state.credit[buyer.owner] = train
    rusted = apply_phase_change(state, change) if change else {}
    return train, rusted


def debt(state: TrainState, owner: str) -> int:
    """What `owner` owes for its credit train (0: none)."""
    train = state.credit.get(owner)
    return train_type(train).price if train is not None else 0


def repay_credit(state: TrainState, money: Money, owner: str) -> int:
    """After its revenue step a company that can pay its credit train in full does so
    (15.3 "bis sie die Bahn komplett bezahlen kann"); returns what it paid (0: not yet)."""
    owed = debt(state, owner)
    if not owed or money.cash(owner) < owed:
        return 0
    money.transfer(owner, BANK, owed, f"{owner} pays its credit train", rule="1881 15.3")
    del state.credit[owner]
    return owed
