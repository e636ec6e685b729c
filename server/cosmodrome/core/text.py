"""What a line of text shown to others may hold: a chat line, a display name.

One line that shows what it holds: not blank (spaces and invisible format characters are
blank), no control character, nothing that reorders or hides text, no tower of marks.
Refusals name the field, the length or the character's code point and position, never
quoting the text.
"""

from __future__ import annotations

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
    marks, previous = 0, ""
    for position, char in enumerate(text, 1):
        category = unicodedata.category(char)
        if category == "Cc" or char in LAYOUT_CONTROLS:
            raise InvalidArgument(f"{what} holds a control character (U+{ord(char):04X}, "
                                  f"character {position}): it must be one line of text")
        if TAGS[0] <= char <= TAGS[1] and not _spells_an_emoji(char, previous):
            raise InvalidArgument(f"{what} holds a hidden tag character (U+{ord(char):04X}, "
                                  f"character {position}): tags stand only in an emoji flag")
        marks = marks + 1 if category in ("Mn", "Me") else 0
        if marks > MAX_MARKS_IN_A_ROW:
            raise InvalidArgument(f"{what} has {marks} combining marks in a row (character "
                                  f"{position}); at most {MAX_MARKS_IN_A_ROW} are accepted")
        previous = char


def _spells_an_emoji(tag: str, previous: str) -> bool:
    return EMOJI_TAGS[0] <= tag <= EMOJI_TAGS[1] and (
        previous == BLACK_FLAG or EMOJI_TAGS[0] <= previous < EMOJI_TAGS[1])
