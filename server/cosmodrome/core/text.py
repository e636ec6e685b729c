"""What a line of text shown to others may hold: a chat line, a display name.

One line that shows what it holds: not blank (spaces and invisible format characters are
blank), no control character, nothing that reorders or hides text, no tower of marks.
Refusals name the field, the length or the character's code point and position, never
quoting the text.
"""

from __future__ import annotations

import re
import unicodedata

from cosmodrome.core.errors import InvalidArgument

# Not Unicode category Cc, yet they reorder or break what others read (a line that shows
# another text than it holds, or spans several lines): refused as control characters.
LAYOUT_CONTROLS = frozenset("\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# A tower of marks on one letter (Zalgo text) spills over the lines around it: Unicode's
# Stream-Safe Text Format (UAX #15) allows 30 non-starters in a row, and so do we.
MAX_MARKS_IN_A_ROW = 30
# Tag characters are invisible (a line could carry a text nobody sees): they may only
# spell an emoji tag sequence, a black flag then tags U+E0020-E007E then U+E007F (Scotland).
TAGS = ("\U000E0000", "\U000E007F")
EMOJI_TAGS = ("\U000E0020", "\U000E007F")
BLACK_FLAG = "\U0001F3F4"


def check_line(text: str, what: str, max_chars: int) -> None:
    """Refuse `text` (the field `what`) if empty, blank (nothing visible), longer than
    `max_chars`, or holding what would make it show another text than it holds."""
    if len(text) > max_chars:
        raise InvalidArgument(f"{what} has {len(text)} characters; at most {max_chars} are "
                              "accepted")
    if all(char.isspace() or unicodedata.category(char) == "Cf" for char in text):
        raise InvalidArgument(f"{what} is empty or blank: say 1 to {max_chars} characters")
    if found := _CONTROL.search(text):
        raise InvalidArgument(f"{what} holds a control character ({_at(found.start(), text)})"
                              ": it must be one line of text")
    if text.isascii():
        return  # no tag, no mark
    for found in _TAG.finditer(text):
        at = found.start()
        if not _spells_an_emoji(text[at], text[at - 1] if at else ""):
            raise InvalidArgument(f"{what} holds a hidden tag character "
                                  f"({_at(at, text)}): tags stand only in an emoji flag")
    tower = _as_one_mark(text).find(TOWER)
    if tower >= 0:
        raise InvalidArgument(
            f"{what} has {MAX_MARKS_IN_A_ROW + 1} combining marks in a row (character "
            f"{tower + MAX_MARKS_IN_A_ROW + 1}); at most {MAX_MARKS_IN_A_ROW} are accepted")


def _at(index: int, text: str) -> str:
    return f"U+{ord(text[index]):04X}, character {index + 1}"


def _spells_an_emoji(tag: str, previous: str) -> bool:
    return EMOJI_TAGS[0] <= tag <= EMOJI_TAGS[1] and (
        previous == BLACK_FLAG or EMOJI_TAGS[0] <= previous < EMOJI_TAGS[1])


def _as_one_mark(text: str) -> str:
    """`text` with every combining mark (Unicode Mn and Me) made U+0300: a tower is then
    a plain substring, found in C (Python's re knows no Unicode categories)."""
    return text.translate(_ONE_MARK)


# Combining marks live in planes 0-1 and in U+E0100-E01EF (checked by a test)
_ONE_MARK = {code: "\u0300" for code in (*range(0x300, 0x20000), *range(0xE0100, 0xE01F0))
             if unicodedata.category(chr(code)) in ("Mn", "Me")}
TOWER = "\u0300" * (MAX_MARKS_IN_A_ROW + 1)
# Unicode Cc (U+0000-001F, U+007F-009F) and the layout controls; searched in C, not Python
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f" + "".join(sorted(LAYOUT_CONTROLS)) + "]")
_TAG = re.compile(f"[{TAGS[0]}-{TAGS[1]}]")
