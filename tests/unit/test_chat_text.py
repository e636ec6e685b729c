"""What a chat line may hold (core/chat.check_text), over many drawn texts (hypothesis)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cosmodrome.core.chat import LAYOUT_CONTROLS, check_text
from cosmodrome.core.errors import InvalidArgument

LIMIT = 500
PLAIN = st.characters(blacklist_categories=("Cc", "Cs"),
                      blacklist_characters=tuple(LAYOUT_CONTROLS))
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
