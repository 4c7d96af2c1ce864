"""Refusals cite the title's rulebook: the shared modules carry no title, and 1840's
settings give exactly the citations its refusals always had."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pygame_core.core.errors import IllegalAction
from pygame_core.g18xx import auction, citations, loans, market, money, sealed, shares
from pygame_core.g18xx.auction import AuctionRules, Bid
from pygame_core.g18xx.citations import cite
from pygame_core.g1840 import company, pre
from pygame_core.g1840.economy import LINE_AUCTION, LOAN_RULES, PRIVATE_AUCTION, share_rules
from pygame_core.g1840.game import new_world

CORE = (auction, citations, loans, market, money, sealed, shares)
TITLE_NUMBER = re.compile(r"\b18[0-9]{2}\b(?!\.games)")
# 1840's sections are Roman (IX.7); its and other titles' own words.
TITLE_WORDS = re.compile(
    r"\b(?:I|II|III|IV|V|VI|VII|VIII|IX|X|XI|XII|XIII)\.[0-9]|g18[0-9]{2}|ref ==|"
    r"Stadtbahn|S-Bahn|Vienna|Wien|Berlin|Trambahn|Gulden"
)
G18XX = Path(str(shares.__file__)).parent
SOURCES = sorted(G18XX.rglob("*.py"))


def test_every_core_module_is_scanned() -> None:
    assert {Path(str(m.__file__)) for m in CORE} <= set(SOURCES)
    assert len(SOURCES) >= 20, SOURCES


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(G18XX)))
def test_no_title_in_the_core(path: Path) -> None:
    # Issue 14 "Done when": no title name or title rule number in pygame_core/g18xx/.
    text = path.read_text("utf-8")
    assert TITLE_NUMBER.findall(text) == []
    assert TITLE_WORDS.findall(text) == []


def test_the_scan_finds_a_title() -> None:
    assert TITLE_NUMBER.findall("as 1840 does, not 18xx.games") == ["1840"]
    assert TITLE_WORDS.findall("cites IX.7 for the Stadtbahn; if ref == '1840'") == [
        "IX.7",
        "Stadtbahn",
        "ref ==",
    ]


def test_cite_falls_back_to_the_generic_rule() -> None:
    assert cite("1881", {"pool limit": "A-12"}, "pool limit") == "1881 A-12"
    assert cite("1881", {}, "pool limit") == "1881: pool limit"
    assert cite("", {}, "par") == "par"


@pytest.mark.parametrize(
    ("key", "rule"),
    [
        ("holding limit", "1840 VII.3"),
        ("certificate limit", "1840 VII.3"),
        ("buying needs the cash", "1840 VII.6"),
        ("director's certificate", "1840 VII.4"),
        ("par before buying", "1840: par before buying"),
        ("pool limit", "1840: pool limit"),
        ("director change", "1840: director change"),
    ],
)
def test_1840_share_citations_as_before(key: str, rule: str) -> None:
    assert share_rules(4).cite(key) == rule


def refusal(rules: AuctionRules) -> str | None:
    """The rule a bid below the minimum is refused with."""
    lots = auction.Auction(rules, ["p0", "p1"], {"x": 10})
    with pytest.raises(IllegalAction) as err:
        lots.check(Bid("p0", "x", 5), {"p0": 100, "p1": 100})
    return err.value.rule


def test_1840_auction_and_loan_citations_as_before() -> None:
    # VI: the private auction; VIII.6: the Line auction; IX.8: loans are never repaid.
    w = new_world(["A", "B", "C"], {}, 7)
    assert refusal(pre.auction_rules(w)) == "1840 VI"
    assert refusal(company.line_auction_rules(w)) == "1840 VIII.6"
    assert refusal(PRIVATE_AUCTION) == "1840 VI"
    assert refusal(LINE_AUCTION) == "1840 VIII.6"
    assert refusal(AuctionRules()) == "18xx: auction"
    assert refusal(AuctionRules(ref="1881", citations={"auction": "2.6"})) == "1881 2.6"
    assert cite(LOAN_RULES.ref, LOAN_RULES.citations, "loans cannot be repaid") == "1840 IX.8"
