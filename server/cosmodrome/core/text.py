"""What a line of text shown to others may hold: a chat line, a display name.

One line that shows what it holds: not blank (spaces, invisible characters, Hangul fillers
and the Braille blank are blank), no control character, nothing that reorders or hides text,
no tower of marks. The rules, from Unicode's own properties:

- Default-ignorable code points (Unicode's DerivedCoreProperties, `DEFAULT_IGNORABLE`) show
  nothing, so they are refused, but for those that shape visible text: a zero-width joiner
  or non-joiner between two visible characters (emoji sequences, Indic and Persian letters),
  a variation selector after a visible character, the directional marks LRM, RLM and ALM,
  and tag characters spelling an emoji flag.
- Interlinear annotation characters (U+FFF9-FFFB) mark a text most renderers hide: refused.
- At most 30 combining marks in a row (UAX #15's Stream-Safe bound), invisible characters
  between them not breaking the row.
- A display name may not read as a server bot's ("bot 1", "random bot 2"), once folded the
  way UTS #39 builds a skeleton: NFKC, case folding, and the look-alike letters of those
  words mapped to their Latin twins (`LOOK_ALIKES`, a small part of confusables.txt).

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

# Default_Ignorable_Code_Point, Unicode 14 (the version of this Python's unicodedata)
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF))
JOINERS = frozenset("\u200c\u200d")  # ZWNJ, ZWJ: between two visible characters
SELECTORS = frozenset([*map(chr, range(0xFE00, 0xFE10)), *map(chr, range(0xE0100, 0xE01F0)),
                       "\u180b", "\u180c", "\u180d", "\u180f"])  # after a visible one
DIRECTION_MARKS = frozenset("\u200e\u200f\u061c")  # LRM, RLM, ALM: orient, hide nothing
BRAILLE_BLANK = "\u2800"
INTERLINEAR = frozenset("\ufff9\ufffa\ufffb")
# Look-alikes of the letters of the server bots' names (confusables.txt, UTS #39), as
# they are after NFKC and case folding
LOOK_ALIKES = str.maketrans({
    "\u043e": "o", "\u03bf": "o", "\u1d0f": "o", "\u0585": "o", "\u0ed0": "o",
    "\u0430": "a", "\u03b1": "a", "\u1d00": "a", "\u0442": "t", "\u03c4": "t", "\u1d1b": "t",
    "\u0185": "b", "\u044c": "b", "\u0299": "b", "\u13cf": "b", "\u0431": "b",
    "\u0433": "r", "\u0280": "r", "\u1d26": "r", "\u043f": "n", "\u0274": "n",
    "\u0501": "d", "\u13e7": "d", "\u1d05": "d", "\u043c": "m", "\u1d0d": "m"})
BOT_NAME = re.compile(r"(random )?bot \d+")  # server_bots.NAMES, a space, the seat


def check_line(text: str, what: str, max_chars: int) -> None:
    """Refuse `text` (the field `what`) if empty, blank (nothing visible), longer than
    `max_chars`, or holding what would make it show another text than it holds."""
    if len(text) > max_chars:
        raise InvalidArgument(f"{what} has {len(text)} characters; at most {max_chars} are "
                              "accepted")
    if all(_blank(char) for char in text):
        raise InvalidArgument(f"{what} is empty or blank: say 1 to {max_chars} characters")
    if found := _CONTROL.search(text):
        raise InvalidArgument(f"{what} holds a control character ({_at(found.start(), text)})"
                              ": it must be one line of text")
    if text.isascii():
        return  # no tag, no mark, nothing invisible
    for found in _TAG.finditer(text):
        at = found.start()
        if not _spells_an_emoji(text[at], text[at - 1] if at else ""):
            raise InvalidArgument(f"{what} holds a hidden tag character "
                                  f"({_at(at, text)}): tags stand only in an emoji flag")
    for at, char in enumerate(text):
        if char in INTERLINEAR:
            raise InvalidArgument(f"{what} holds an interlinear annotation character "
                                  f"({_at(at, text)}): it hides text")
        if _invisible(char) and not _shapes(text, at):
            raise InvalidArgument(f"{what} holds an invisible character ({_at(at, text)}): "
                                  "it must show what it holds")
    _check_tower(text, what)


def check_name(name: str, max_chars: int) -> None:
    """A display name: a line (`check_line`) that does not read as a server bot's name."""
    check_line(name, "display_name", max_chars)
    if BOT_NAME.fullmatch(skeleton(name)):
        raise InvalidArgument("display_name reads as a server bot's name: choose another")


def skeleton(name: str) -> str:
    """`name` as UTS #39 would compare it, for the bots' words: NFKC, case folded, their
    look-alike letters made Latin, invisible characters dropped, spaces made one."""
    folded = unicodedata.normalize("NFKC", name).casefold().translate(LOOK_ALIKES)
    shown = "".join(char for char in folded if not _ignorable(char))
    return " ".join(shown.split())


def _blank(char: str) -> bool:
    return (char.isspace() or char == BRAILLE_BLANK or _ignorable(char)
            or unicodedata.category(char) == "Cf")


def _ignorable(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in DEFAULT_IGNORABLE)


def _invisible(char: str) -> bool:
    """Default-ignorable, other than the tags (checked on their own)."""
    return _ignorable(char) and not TAGS[0] <= char <= TAGS[1]


def _shapes(text: str, at: int) -> bool:
    """Whether the invisible character at `at` shapes the visible text around it."""
    char = text[at]
    if char in DIRECTION_MARKS:
        return True
    before = text[:at].rstrip("".join(SELECTORS))  # an emoji's selector, then a joiner
    shown_before = bool(before) and not _blank(before[-1])
    if char in SELECTORS:
        return at > 0 and not _blank(text[at - 1])
    if char in JOINERS:
        return shown_before and at + 1 < len(text) and not _blank(text[at + 1])
    return False


def _check_tower(text: str, what: str) -> None:
    """Refuse more than MAX_MARKS_IN_A_ROW combining marks in a row, counting through the
    invisible characters (joiners) that could split a tower."""
    kept = [at for at, char in enumerate(text) if not _ignorable(char)]
    marks = "".join(text[at] for at in kept).translate(_ONE_MARK)
    tower = marks.find(TOWER)
    if tower >= 0:
        raise InvalidArgument(
            f"{what} has {MAX_MARKS_IN_A_ROW + 1} combining marks in a row (character "
            f"{kept[tower + MAX_MARKS_IN_A_ROW] + 1}); at most {MAX_MARKS_IN_A_ROW} are "
            "accepted")


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
