"""What the catalog publishes of Cosmic explains every piece a frontend shows: each power and
each edict says what it does, each flare its two effects, each moon its English line."""

from __future__ import annotations

from cosmodrome.api.content import game_content
from cosmodrome.games import records
from cosmodrome.games.cosmic import content_000, registry
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

CONTENT = game_content(records()["cosmic"]).cosmic


def test_every_power_says_what_it_does_without_its_heading() -> None:
    for p in CONTENT.powers:
        assert len(p.text) > 20, p.name
        assert "seed 0" not in p.text[:40] and not p.text.startswith(p.name.capitalize()), p.text


def test_every_edict_card_with_an_effect_says_what_it_does() -> None:
    edicts = [c for c in CONTENT.cards if c.kind == pb.CardInfo.KIND_EDICT]
    assert edicts
    for c in edicts:
        assert bool(c.text) == (c.edict in registry.EDICTS), c.edict
        assert "seed 0" not in c.text[:40], c.text
    peste = next(c for c in edicts if c.edict == "peste")  # its timing is its text's start
    assert peste.text.startswith("\"à n'importe quel moment\": the victim loses"), peste.text


def test_every_flare_card_gives_its_name_and_both_effects_from_the_flares_content() -> None:
    flares = [c for c in CONTENT.cards if c.kind == pb.CardInfo.KIND_FLARE]
    assert len(flares) == len(content_000.FLARES)
    for c in flares:
        flare = content_000.FLARES[c.power]
        assert (c.flare_name, c.wild, c.parasite) == (flare.name, flare.sauvage.en,
                                                      flare.parasite.en)


def test_no_text_on_a_card_that_has_none() -> None:
    for c in CONTENT.cards:
        if c.kind in (pb.CardInfo.KIND_ATTACK, pb.CardInfo.KIND_COMPROMISE):
            assert not (c.text or c.wild or c.parasite or c.flare_name), c.id
