"""The terminal renderer draws seed 000's table: lucres, moons (face down, known to the viewer,
revealed; number and name only for whom may know it; who stands on each), extension cards
(in one's hand; face down on the table until the reveal) and the four draw piles."""

from __future__ import annotations

from cosmodrome.games.cosmic import Cosmic
from cosmodrome.games.cosmic.published import cosmic_content
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb
from cosmodrome.games.cosmic.words import words
from cosmodrome_client.renderers import RENDERERS, Context

GAME = Cosmic()
CONTENT = cosmic_content(GAME)
WORDS = words(GAME)  # the catalog's words (GameContent.words): the renderer fills them
NAMES = ("ada", "bob", "cyd", "dee")
RENDER = RENDERERS["cosmic"]
ALIEN = 9  # "Alien", named by the seed


def card_id(kind: int, value: int) -> int:
    return next(c.id for c in CONTENT.cards if c.kind == kind and c.value == value)


def table_view() -> pb.View:
    """Seat 0's view of a 4-player table: four moons in the blue system (face down unknown,
    face down known to seat 0, revealed Alien with bob on it, gone), lucres, four piles."""
    v = pb.View(viewer=0, players=4, piles=[5, 6, 7, 8], deck_size=26, moon_deck_size=12,
                enc=pb.EncounterView(offense=0))
    for p in range(20):
        v.planets.add(system=p // 5, count=[0, 0, 0, 0])
    for s in range(4):
        v.seats.add(lucres=5 + s)
    v.moons.add(system=1, count=[0, 0, 0, 0])
    v.moons.add(system=1, count=[0, 0, 0, 0], number=5)
    v.moons.add(system=1, count=[0, 3, 0, 0], number=ALIEN, face_up=True)
    v.moons.add(system=1, count=[0, 0, 0, 0], gone=True)
    return v


def board(v: pb.View, viewer: int = 0) -> str:
    return "\n".join(RENDER.board(v, Context(NAMES, viewer, content=CONTENT, words=WORDS)))


def line_of(text: str, start: str) -> str:
    return next(line for line in text.splitlines() if line.strip().startswith(start))


def test_renderer_shows_each_players_lucres() -> None:
    text = board(table_view())
    assert [line for line in text.splitlines() if "lucres" in line][:4] == [
        line for line in text.splitlines() if "power:" in line][:4]
    assert "; 5 lucres" in text and "; 8 lucres" in text


def test_renderer_shows_the_four_draw_piles() -> None:
    assert "in four piles (5, 6, 7, 8)" in board(table_view())


def test_renderer_shows_a_face_down_moon_without_its_number_to_whom_does_not_know_it() -> None:
    line = line_of(board(table_view()), "moon 1 (blue system)")
    assert "face down, unknown" in line and "n°" not in line


def test_renderer_shows_a_moon_the_viewer_knows_face_down_with_its_number_and_text() -> None:
    line = line_of(board(table_view()), "moon 2 (blue system)")
    assert "face down, n°5 (known to you)" in line
    assert CONTENT.moons[4].english.rstrip(".") in line


def test_renderer_shows_a_revealed_moon_by_number_and_name_with_its_occupants() -> None:
    line = line_of(board(table_view()), "moon 3 (blue system)")
    assert "revealed, n°9 Alien" in line and "tokens: bob 3" in line
    assert "on moon 3 (blue system):3" in board(table_view())  # in bob's tokens


def test_renderer_shows_a_gone_moon_as_gone_and_the_moon_deck() -> None:
    text = board(table_view())
    assert line_of(text, "moon 4 (blue system)").endswith(": gone")
    assert "Moons (12 moons left in the moon deck)" in text


def test_renderer_names_a_moon_as_a_target_and_in_the_encounter() -> None:
    v = table_view()
    v.enc.planet, v.enc.defense = 20 + 2, 1
    ctx = Context(NAMES, 0, "aim", v, CONTENT, WORDS)
    assert RENDER.move(pb.Move(aim=pb.Aim(planet=22, defense=1)), ctx) == \
        "aim at moon 3 (blue system), defended by bob"
    text = board(v)
    assert "attacking moon 3 (blue system) defended by bob" in text
    assert "defence: 3 tokens on moon 3 (blue system)" in text


def test_renderer_shows_extension_cards_in_ones_hand_and_face_down_on_the_table() -> None:
    v = table_view()
    ext3 = card_id(pb.CardInfo.KIND_EXTENSION, 3)
    v.my_hand.append(ext3)
    v.enc.defense, v.enc.planet = 1, 6
    v.enc.card_off.face = v.enc.card_def.face = pb.CARD_FACE_DOWN
    v.enc.ext_def.extension.face = pb.CARD_FACE_DOWN
    v.enc.ext_def.extra.add(face=pb.CARD_FACE_DOWN)
    text = board(v)
    assert "Your hand: extension 3" in text
    assert "extension face down" in text and "extension 3 +" not in text
    v.enc.revealed = True
    v.enc.card_def.face = v.enc.ext_def.extension.face = v.enc.ext_def.extra[0].face = \
        pb.CARD_FACE_KNOWN
    v.enc.card_def.card = card_id(pb.CardInfo.KIND_ATTACK, 8)
    v.enc.ext_def.extra[0].card = card_id(pb.CardInfo.KIND_ATTACK, 6)
    v.enc.ext_def.extension.card = ext3
    text = board(v)
    assert "attack 8 + attack 6 + extension 3" in text and "extension face down" not in text


def test_renderer_of_a_real_cosmic_table_names_only_the_moons_the_viewer_knows() -> None:
    st = GAME.setup(pb.Options(ruleset=pb.RULESET_COSMIC), 4, 7)
    for seat in range(4):
        mine = {m.number for m in st.moons if m.known_by[seat]}
        others = {m.number for m in st.moons} - mine
        text = board(GAME.view(st, seat), seat)
        assert mine and all(f"n°{n} " in text or f"n°{n}:" in text for n in mine)
        assert not any(f"n°{n} " in text or f"n°{n}:" in text for n in others)
