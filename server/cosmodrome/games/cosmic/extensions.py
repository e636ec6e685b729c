"""Seed 000's extension cards (option `extension_cards`): one home for how they are played,
counted, seen and discarded.

"La carte d'extension 2 permet de jouer 2 cartes d'attaque en même temps": extension k lets
its player lay up to k attack cards, summed; extension 0 one card, worth 0 ("multiplie la
carte d'attaque par 0"); never with a compromise; at least one attack card (X1); face down
until the reveal; discarded with the encounter cards when the duel is resolved (X2).

The card decision is split in small steps so every option stays listable: an extension card
(or an encounter card as in 001), then attack cards one at a time up to k, then Done (asked
even at the limit, so that when he stops tells nothing of k). The
first attack card is the encounter card (`Encounter.card_off`/`card_def`), the one every
power that reads "the card" sees (X3); the extension and the added cards are in
`Encounter.ext_off`/`ext_def`, which move with that slot (the Sorcier swaps whole sets).
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.content import CARDS
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def slot(e: pb.Encounter, offence_slot: bool) -> pb.ExtensionPlay:
    return e.ext_off if offence_slot else e.ext_def


def of(st: pb.State, seat: int) -> pb.ExtensionPlay:
    """The extension play of `seat`'s slot (the offence's, or the defence's)."""
    return slot(st.enc, seat == st.enc.offense)


def card_down(st: pb.State, seat: int) -> bool:
    """`seat` has laid all his cards (an encounter card, or none at all; no more to add)."""
    first = B.played(st, "off" if seat == st.enc.offense else "def")
    return first != B.NO_CARD_YET and not of(st, seat).choosing


def limit(ext: pb.ExtensionPlay) -> int:
    """How many attack cards the play may hold: k for extension k, one for extension 0."""
    if ext.triple:
        return TRIPLE
    return max(1, strength(ext)) if laid(ext) else 1


def room(ext: pb.ExtensionPlay, first: int) -> bool:
    """May another attack card be added (`first`: the slot's encounter card, or -1)?"""
    return (first >= 0) + len(ext.extra) < limit(ext)


def cards(ext: pb.ExtensionPlay) -> list[int]:
    """The cards of a play beside its encounter card: the extension, then the added ones."""
    return ([ext.card] if ext.HasField("card") else []) + list(ext.extra)


def value(ext: pb.ExtensionPlay, first: int) -> int:
    """The attack value of the slot: its cards summed, or 0 under extension 0."""
    if first < 0:
        return 0
    if laid(ext) and not ext.triple and strength(ext) == 0:
        return 0  # "la valeur d'attaque vaut 0"
    return CARDS[first].value + sum(CARDS[c].value for c in ext.extra)


def offered(st: pb.State, seat: int, encounter_cards: list[int]) -> list[int]:
    """Extension cards `seat` may lay before his cards: only with an attack card to go with
    it ("ne peut accompagner qu'une carte d'attaque, pas une carte de compromis")."""
    if not st.options.extension_cards or not any(B.is_attack(c) for c in encounter_cards):
        return []
    return sorted({c for c in st.seats[seat].hand if B.is_extension(c)})


def clear(e: pb.Encounter) -> None:
    e.ext_off.Clear()
    e.ext_def.Clear()


def swap(e: pb.Encounter) -> None:
    """The Sorcier swaps the whole face-down sets."""
    off, de = pb.ExtensionPlay(), pb.ExtensionPlay()
    off.CopyFrom(e.ext_def)
    de.CopyFrom(e.ext_off)
    e.ext_off.CopyFrom(off)
    e.ext_def.CopyFrom(de)


# ---- moon 3's standing extension, moon 59's three cards

TRIPLE = 3  # moon 59: "il ne peut abattre deux cartes, mais trois obligatoirement"


def laid(ext: pb.ExtensionPlay) -> bool:
    """An extension (a card, or moon 3's standing one) or moon 59's three cards is chosen."""
    return ext.HasField("card") or ext.HasField("moon_value") or ext.triple


def strength(ext: pb.ExtensionPlay) -> int:
    """k of extension k: the card's, or moon 3's value."""
    return ext.moon_value if ext.HasField("moon_value") else CARDS[ext.card].value


def last_digit(card: int) -> int | None:
    """The digit an attack card ends with (moon 59); a compromise has none."""
    return CARDS[card].value % 10 if B.is_attack(card) else None


def triple_possible(chosen: list[int], hand: list[int], needed: int) -> bool:
    """Can `needed` more of `hand` join `chosen` with no two ending in the same digit?"""
    used = {last_digit(c) for c in chosen} - {None}
    digits = {last_digit(c) for c in hand if B.is_attack(c)} - used
    return sum(1 for c in hand if not B.is_attack(c)) + len(digits) >= needed


def addable(ext: pb.ExtensionPlay, first: int, cards: list[int]) -> list[int]:
    """The encounter `cards` that may join the play now (`first`: its encounter card, or -1)."""
    if not room(ext, first):
        return []
    if not ext.triple:
        return sorted({c for c in cards if B.is_attack(c)})
    chosen = ([first] if first >= 0 else []) + list(ext.extra)
    needed = TRIPLE - len(chosen) - 1
    return sorted({c for c in cards if (last_digit(c) is None or last_digit(c) not in
                   {last_digit(x) for x in chosen}) and triple_possible(
                       [*chosen, c], [x for x in cards if x != c], needed)})


def complete(ext: pb.ExtensionPlay, first: int) -> bool:
    """May its player say Done: a card down (moon 59: all three)?"""
    return first >= 0 and (not ext.triple or 1 + len(ext.extra) == TRIPLE)


def compromised(ext: pb.ExtensionPlay) -> bool:
    """Moon 59: "une seule carte Compromis suffit pour faire perdre le duel"."""
    return any(B.is_compromise(c) for c in ext.extra)
