"""Small pure helpers over the Cosmic State: tokens, bases, cards, seat order."""

from __future__ import annotations

from cosmodrome.games.cosmic import registry
from cosmodrome.games.cosmic.content import CARDS
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

PLANETS_PER_SYSTEM = 5
TOKENS_PER_PLANET = 4
TOKENS_PER_PLAYER = PLANETS_PER_SYSTEM * TOKENS_PER_PLANET
HAND_SIZE = 7
MAX_SHIP = 4          # up to four tokens on the cone (offence and each ally)
PILES = 4             # seed 000: "Constituez quatre paquets égaux"


def system_of(planet: int) -> int:
    return planet // PLANETS_PER_SYSTEM


def planets_of(system: int) -> range:
    return range(system * PLANETS_PER_SYSTEM, (system + 1) * PLANETS_PER_SYSTEM)


def body(st: pb.State, body: int) -> pb.PlanetTokens | pb.Moon:
    """The planet or moon a body id names: planets first, then `State.moons` (seed 000)."""
    n = len(st.planets)
    return st.planets[body] if body < n else st.moons[body - n]


def moon_body(st: pb.State, moon: int) -> int:
    return len(st.planets) + moon


def moon_of(st: pb.State, body: int) -> int | None:
    """The index in `State.moons` of a body, or None for a planet."""
    return body - len(st.planets) if body >= len(st.planets) else None


def tok(st: pb.State, planet: int, seat: int) -> int:
    return body(st, planet).count[seat]


def add_tok(st: pb.State, planet: int, seat: int, n: int) -> None:
    body(st, planet).count[seat] += n


# Numbers of the moons whose tokens stay there (`Moon.keeps_tokens`,
# filled by `registry.register_moon`): never a base to launch, lose, move or place tokens from.
KEEPING_MOONS: set[int] = registry.KEEPING_MOONS


def bases(st: pb.State, seat: int) -> list[int]:
    """Every body where `seat` has tokens free to leave: planets, and moons (bases that never
    count for the win: foreign_bases counts planets only) but the holding ones."""
    n = len(st.planets)
    return ([p for p, pt in enumerate(st.planets) if pt.count[seat] > 0]
            + [n + m for m, mo in enumerate(st.moons)
               if mo.count[seat] > 0 and mo.number not in KEEPING_MOONS])


def tokens_on_bases(st: pb.State, seat: int) -> int:
    """Tokens of `seat` free to leave their bases (not those held by a moon)."""
    return (sum(pt.count[seat] for pt in st.planets)
            + sum(mo.count[seat] for mo in st.moons if mo.number not in KEEPING_MOONS))


def tokens_on_board(st: pb.State, seat: int) -> int:
    """Every token of `seat` on a planet or a moon, held ones included."""
    return (sum(pt.count[seat] for pt in st.planets)
            + sum(mo.count[seat] for mo in st.moons))


def home_bases(st: pb.State, seat: int) -> int:
    planets = st.planets  # home planets are planets, never moons: no `body` lookup
    return sum(1 for p in planets_of(seat) if planets[p].count[seat] > 0)


def foreign_bases(st: pb.State, seat: int) -> int:
    return sum(1 for pt in st.planets if pt.system != seat and pt.count[seat] > 0)


def standing_planets(st: pb.State, system: int) -> list[int]:
    """The planets of `system` not destroyed (seed 000): where tokens may go home."""
    return [p for p in planets_of(system) if not st.planets[p].destroyed]
_PLANET_BYTES = pb.PlanetTokens.SerializeToString
_last_foreign: tuple[bytes, list[int]] = (b"", [])  # the planets last counted, their counts


def foreign_bases_by_seat(st: pb.State) -> list[int]:
    """`foreign_bases` of every seat. The win is checked at every step, and most steps move
    no token: the planets' bytes (a third of the cost of reading their counts) tell whether
    the last count still holds."""
    global _last_foreign
    key, last = b"".join(map(_PLANET_BYTES, st.planets)), _last_foreign
    if last[0] != key:
        last = _last_foreign = (key, _count_foreign_bases(st))
    return list(last[1])


def _count_foreign_bases(st: pb.State) -> list[int]:
    out = [0] * st.players
    for pt in st.planets:
        home = pt.system
        for s, n in enumerate(pt.count):
            if n > 0 and s != home:
                out[s] += 1
    return out


def empty_planets(players: int) -> list[pb.PlanetTokens]:
    """The planets of a `players`-seat game, no token on any."""
    return [pb.PlanetTokens(system=system_of(p), count=[0] * players)
            for p in range(players * PLANETS_PER_SYSTEM)]


def power_threshold(st: pb.State) -> int:
    """Bases on home planets needed to use one's power.

    001: lost when driven from three home planets (keep with three of five); two-player
    game: lost when driven from four (keep with two). See docs/rules/cosmic.md.
    """
    return 2 if st.players == 2 else 3


def power_active(st: pb.State, seat: int) -> bool:
    return home_bases(st, seat) >= power_threshold(st)


def alive(st: pb.State) -> list[int]:
    return [s for s, se in enumerate(st.seats) if not se.eliminated]


def clockwise_from(st: pb.State, seat: int) -> list[int]:
    """Seats after `seat` in clockwise order (the next seat first), living ones only."""
    n = st.players
    return [(seat + k) % n for k in range(1, n) if not st.seats[(seat + k) % n].eliminated]


NO_CARD_YET, NO_CARD_PLAYED = -1, -2  # what `played` says when a main player has no card


def played(st: pb.State, side: str) -> int:
    """The encounter card of main player `side` ("off" or "def"): NO_CARD_YET before he has
    one, NO_CARD_PLAYED when he had none to play (Encounter.no_card_off/def)."""
    e = st.enc
    if e.HasField("card_" + side):
        return getattr(e, "card_" + side)
    return NO_CARD_PLAYED if getattr(e, "no_card_" + side) else NO_CARD_YET


def set_played(st: pb.State, side: str, card: int) -> None:
    """Set what `played` says for `side`: a card, NO_CARD_YET or NO_CARD_PLAYED."""
    e = st.enc
    e.ClearField("card_" + side)
    setattr(e, "no_card_" + side, card == NO_CARD_PLAYED)
    if card >= 0:
        setattr(e, "card_" + side, card)


def defender(st: pb.State) -> int:
    """The encounter's defender; -1 before the aim, or at an empty planet (no defender)."""
    return st.enc.defense if st.enc.HasField("defense") else -1


def power_order(st: pb.State) -> list[int]:
    """Seed order for simultaneous uses: offence, defence, then clockwise from offence's left."""
    off, de = st.enc.offense, defender(st)
    order = [off]
    if de >= 0:
        order.append(de)
    order += [s for s in clockwise_from(st, off) if s not in (off, de)]
    return order


def is_encounter(card: int) -> bool:
    return card >= 0 and CARDS[card].encounter


def is_attack(card: int) -> bool:
    return card >= 0 and CARDS[card].kind == "attack"


def is_compromise(card: int) -> bool:
    return card >= 0 and CARDS[card].kind == "compromise"


def has_encounter_card(st: pb.State, seat: int) -> bool:
    return any(CARDS[c].encounter for c in st.seats[seat].hand)


def is_extension(card: int) -> bool:
    return card >= 0 and CARDS[card].kind == "extension"


# ---------------------------------------------------------------- seed 000's four draw piles
# The deck (`State.deck`, top at the end) is cut in four piles whose sizes, top pile first,
# are `State.piles`. Every pile is face down and shuffled, so which one a card comes from
# changes no chance: a player draws from the first pile that still has cards, and the discard
# is reshuffled and split again only "lorsque toutes les pioches sont épuisées", i.e. when
# the deck is empty. See docs/rules/cosmic-000.md (R05, R12).

def split_piles(st: pb.State) -> None:
    """Cut the deck in four equal piles (the first ones one card larger if it must be)."""
    n = len(st.deck)
    del st.piles[:]
    st.piles.extend(n // PILES + (1 if i < n % PILES else 0) for i in range(PILES))


def pop_deck(st: pb.State) -> int:
    """The top card of the deck, from the first pile that has cards."""
    for i, size in enumerate(st.piles):
        if size:
            st.piles[i] -= 1
            break
    return st.deck.pop()
