"""Text that shows nothing or hides text, refused in chat lines and display names
(core/text.py), and a human's name that would pass for a server bot's (issue 24, item 7)."""

from __future__ import annotations

import pytest

from cosmodrome.core.chat import check_text
from cosmodrome.core.errors import InvalidArgument
from cosmodrome.core.text import check_name

LIMIT = 500


@pytest.mark.parametrize("text", ["\u3164", "\u3164\u3164 \u3164", "\uffa0", "\u115f\u1160",
                                  "\u2800", "\u2800 \u2800\u2800", "\u034f \u180e"])
def test_fillers_and_braille_blank_alone_are_blank(text):
    """Hangul fillers and the Braille blank are letters or symbols that draw nothing."""
    with pytest.raises(InvalidArgument, match="empty or blank"):
        check_text(text, LIMIT)


@pytest.mark.parametrize("char", ["\u3164", "\uffa0", "\u115f", "\u2060", "\u2062",
                                  "\u206a", "\u034f", "\ufeff", "\u200b", "\u00ad",
                                  "\U0001bca1", "\U0001d173"])
def test_an_invisible_character_inside_a_line_is_refused(char):
    """A default-ignorable code point (Unicode DerivedCoreProperties) shows nothing: a line
    holding one shows another text than it holds."""
    with pytest.raises(InvalidArgument, match=f"U\\+{ord(char):04X}, character 3"):
        check_text("hi" + char + "there", LIMIT)


@pytest.mark.parametrize("char", ["\ufff9", "\ufffa", "\ufffb"])
def test_interlinear_annotations_are_refused(char):
    """U+FFF9-FFFB mark a text that most renderers hide."""
    with pytest.raises(InvalidArgument, match=f"U\\+{ord(char):04X}"):
        check_text("gg" + char + "hidden" + "\ufffb", LIMIT)


def test_a_zalgo_tower_split_by_zero_width_joiners_is_still_a_tower():
    tower = "e" + "\u200d".join("\u0301" * 4 for _ in range(10))
    with pytest.raises(InvalidArgument, match="combining marks in a row"):
        check_text(tower, LIMIT)


@pytest.mark.parametrize("text", [
    "\U0001F468\u200d\U0001F469\u200d\U0001F467",  # a family: emoji joined by ZWJ
    "\u0915\u094d\u200d\u0937",                   # Devanagari half form: virama, ZWJ
    "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian: ZWNJ between letters
    "\u2764\ufe0f gg", "\u8fbb\U000e0100",        # variation selectors after their base
    "\u05e9\u05dc\u05d5\u05dd 123\u200f!",         # a right-to-left mark
    "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F",
])
def test_joiners_and_selectors_that_shape_visible_text_are_kept(text):
    check_text(text, LIMIT)


@pytest.mark.parametrize("text", ["\u200dgg", "gg\u200d", "a \u200c b", "\ufe0fx"])
def test_a_joiner_or_selector_with_nothing_to_shape_is_refused(text):
    with pytest.raises(InvalidArgument, match="U\\+"):
        check_text(text, LIMIT)


@pytest.mark.parametrize("name", ["bot 1", "Bot 0", "random bot 3", "BOT  2", "bot 12",
                                  "\uff42\uff4f\uff54 1",       # fullwidth letters
                                  "b\u043et 1",                 # Cyrillic o
                                  "bot \U0001d7d9"])            # mathematical digit one
def test_a_human_may_not_take_a_server_bots_name(name):
    with pytest.raises(InvalidArgument, match="server bot"):
        check_name(name, 40)


@pytest.mark.parametrize("name", ["bots 1", "robot 1", "bot", "Ada", "bot one", "bottle 2"])
def test_names_near_a_bots_are_fine(name):
    check_name(name, 40)


def test_every_server_bot_name_is_reserved():
    """The pattern follows server_bots.NAMES: each kind's name, a space, the seat."""
    from cosmodrome.core.server_bots import NAMES
    for name in NAMES.values():
        with pytest.raises(InvalidArgument, match="server bot"):
            check_name(f"{name} 3", 40)
    check_name("bot0", 40)  # a client's own bots, named without the space, stay apart
