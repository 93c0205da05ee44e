"""The story's phrases as HTML in the reader's language: each catalog message formatted with
its own text and plain values escaped, nested phrases and cards kept as markup."""

from __future__ import annotations

from typing import Any

from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from games.engine.narration import Cards, Phrase
from games.hooks import Words

SUIT_SYMBOLS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}


def html(words: Words, value: Any) -> SafeString:
    """A phrase, cards or plain text, safe to put in a page."""
    if isinstance(value, Phrase):
        params = {
            name: html(words, each) if isinstance(each, Phrase | Cards) else each
            for name, each in value.params.items()
        }
        text = words(value.key, params, wrap=_escaped, literal=_escaped)
        return mark_safe(text)
    if isinstance(value, Cards):
        return format_html_join(" ", "{}", ((card(words, code),) for code in value.codes))
    return conditional_escape(value)


def card(words: Words, code: str) -> SafeString:
    """A card as its index and suit symbol, coloured by suit (four colours if chosen), its
    full name on hover."""
    rank, suit = code[0], code[1]
    label = words(
        "card.name", {"rank": words(f"card.rank.{rank}"), "suit": words(f"card.suit.{suit}")}
    )
    return format_html(
        '<span class="bo-card suit-{}" title="{}">{}{}</span>',
        suit,
        label,
        words(f"ui.card.index.{rank}"),
        SUIT_SYMBOLS.get(suit, "?"),
    )


def _escaped(text: str) -> str:
    return str(conditional_escape(text))
