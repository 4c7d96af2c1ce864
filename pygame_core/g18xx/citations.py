"""Rule citations for refusals: the title names the sections, the core names the rule.

Every refusal in the shared modules has a short generic key ("certificate limit", "pool
limit", ...). A title's settings map keys to its rulebook's sections; a key it does not
map is cited as "<title>: <key>", so a refusal always names a rule of the title played.
"""

from __future__ import annotations

from collections.abc import Mapping


def cite(ref: str, citations: Mapping[str, str], key: str) -> str:
    """The rule a refusal names: `ref` and the title's section for `key`, else
    "<ref>: <key>" (just `key` without a `ref`)."""
    section = citations.get(key)
    if section is not None:
        return f"{ref} {section}".strip()
    return f"{ref}: {key}" if ref else key
