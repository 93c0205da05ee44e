"""The story as HTML: names and the catalog's own text escaped, cards drawn as markup with
their full name on hover, nested phrases kept."""

from __future__ import annotations

from games.backoffice.render import html
from games.engine.narration import Sitter, Telling, tell
from tests.engine.test_narration import English


def test_names_are_escaped_cards_are_markup() -> None:
    told = Telling(words=English(), sitters=[Sitter(0, "<b>x</b>", "other", None)], stacks=[40])
    tell(
        told,
        [
            {
                "seq": 1,
                "type": "holdem.hole_cards_dealt",
                "version": 1,
                "payload": {"seat": 0, "cards": ["Td", "2c"]},
            },
            {"seq": 2, "type": "holdem.called", "version": 1, "payload": {"seat": 0, "amount": 40}},
        ],
    )
    _, dealt, call = (str(html(told.words, line.text)) for line in told.lines)  # after Pre-flop
    assert "&lt;b&gt;x&lt;/b&gt;" in dealt and "<b>" not in dealt
    assert '<span class="bo-card suit-d" title="ten of diamonds">10♦</span>' in dealt
    assert call == "&lt;b&gt;x&lt;/b&gt; calls 40, all-in"  # escaped once, inside the nesting
