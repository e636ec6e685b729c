"""What a chat line may hold (core/chat.check_text), over many drawn texts (hypothesis)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cosmodrome.core import text as text_rules
from cosmodrome.core.chat import check_text
from cosmodrome.core.errors import InvalidArgument
from cosmodrome.core.text import BRAILLE_BLANK, DEFAULT_IGNORABLE, LAYOUT_CONTROLS

LIMIT = 500
# Cf, invisible characters and the Braille blank: tested on their own (test_invisible_text)
INVISIBLE = [chr(c) for low, high in DEFAULT_IGNORABLE for c in range(low, high + 1)]
PLAIN = st.characters(blacklist_categories=("Cc", "Cs", "Cf"),
                      blacklist_characters=(*LAYOUT_CONTROLS, *INVISIBLE, BRAILLE_BLANK))
CONTROL = st.one_of(st.characters(whitelist_categories=("Cc",)),
                    st.sampled_from(sorted(LAYOUT_CONTROLS)))


@given(st.text(PLAIN, min_size=1, max_size=LIMIT).filter(lambda t: not t.isspace()))
def test_any_plain_line_up_to_the_limit_is_accepted(text):
    check_text(text, LIMIT)


@given(st.text(PLAIN, max_size=50), CONTROL, st.text(PLAIN, max_size=50))
def test_a_control_character_anywhere_is_refused_by_code_point_not_echoed(before, char, after):
    text = "x" + before + char + after
    with pytest.raises(InvalidArgument) as refused:
        check_text(text, LIMIT)
    assert f"U+{ord(char):04X}" in refused.value.message
    assert unicodedata.category(char) == "Cc" or char in LAYOUT_CONTROLS
    if len(before) > 8:
        assert before not in refused.value.message


@given(st.text(PLAIN, min_size=LIMIT + 1, max_size=LIMIT + 40))
def test_a_line_over_the_limit_is_refused_with_its_length(text):
    with pytest.raises(InvalidArgument, match=f"{len(text)} characters"):
        check_text(text, LIMIT)


@pytest.mark.parametrize("text", ["", " ", "\u3000\u00a0 "])
def test_an_empty_or_blank_line_is_refused(text):
    with pytest.raises(InvalidArgument, match="empty or blank"):
        check_text(text, LIMIT)


@pytest.mark.parametrize("text", ["\u200b", "\u200b\u2060\ufeff", " \u200d \u00ad "])
def test_a_line_of_only_invisible_characters_is_blank(text):
    """Zero-width and other format characters (Unicode Cf) show nothing: such a line is as
    blank as spaces are."""
    with pytest.raises(InvalidArgument, match="empty or blank"):
        check_text(text, LIMIT)


def test_more_than_30_combining_marks_in_a_row_are_refused():
    """A tower of marks on one letter (Zalgo) spills over the lines around it: at most 30
    in a row, the bound of Unicode's Stream-Safe Text Format (UAX #15)."""
    check_text("e" + "\u0301" * 30 + " ok", LIMIT)
    check_text("ế ṩ ǘ 👍🏽 नमस्ते", LIMIT)  # letters with a few marks each
    with pytest.raises(InvalidArgument, match="31 combining marks in a row") as refused:
        check_text("look: e" + "\u0301" * 31, LIMIT)
    assert "look" not in refused.value.message


def test_hidden_tag_characters_are_refused_but_a_flag_emoji_is_not():
    """Tag characters (U+E0000-E007F) are invisible: a line could carry a text nobody sees.
    They stand only in an emoji tag sequence (the flag of Scotland, say)."""
    scotland = "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"
    check_text(f"allez {scotland}!", LIMIT)
    hidden = "".join(chr(0xE0000 + ord(c)) for c in "secret")
    with pytest.raises(InvalidArgument, match="U\\+E0073, character 3"):
        check_text("hi" + hidden, LIMIT)
    with pytest.raises(InvalidArgument, match="U\\+E007F"):
        check_text("x\U000E007F", LIMIT)


def test_every_combining_mark_is_counted_in_a_tower():
    """The tower check maps marks from a table built over the planes that hold them: every
    Mn and Me code point of this Python's Unicode must be in it."""
    marks = {chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) in ("Mn", "Me")}
    assert {m for m in marks if text_rules._as_one_mark(m) != "\u0300"} == set()
    assert text_rules._as_one_mark("aé\u0301") == "aé\u0300"
