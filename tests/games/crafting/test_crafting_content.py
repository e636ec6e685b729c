"""Content packs: the provisional pack loads and is labelled provisional; a host's pack is
loaded from COSMODROME_CRAFTING_CONTENT; bad files fail naming the file and the key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cosmodrome.core.engine import BadOptions
from cosmodrome.games.crafting import Crafting
from cosmodrome.games.crafting.content import (
    CONTENT_DIR,
    HOST_CONTENT_ENV,
    ContentError,
    build_geometry,
)
from cosmodrome.games.crafting.v1 import crafting_pb2 as pb

PACK = CONTENT_DIR / "provisional.json"


def pack() -> dict:
    return json.loads(PACK.read_text())


def write(tmp_path: Path, data: dict, name: str = "host.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def test_packaged_content_is_labelled_provisional_with_the_seed_counts():
    data = pack()
    assert data["name"] == "provisional" and "PROVISIONAL" in data["description"]
    assert len(data["nebulae"]) == 48 and len(data["powers"]) == 32
    assert len(data["objectives"]) == 16 and sum(data["energy_deck"].values()) == 60


def test_geometry_neighbouring_cells_share_two_star_spaces_and_one_life_space():
    geo = build_geometry([(0, 0), (1, 0)])
    assert len(set(geo.corners[0]) & set(geo.corners[1])) == 2
    assert len(set(geo.sides[0]) & set(geo.sides[1])) == 1
    assert geo.star_count == 10 and geo.life_count == 11


def test_host_content_from_the_environment_variable_is_playable(tmp_path, monkeypatch):
    data = pack()
    data["name"] = "printed"
    data["nebulae"][0]["points"] = 99
    monkeypatch.setenv(HOST_CONTENT_ENV, str(write(tmp_path, data)))
    game = Crafting()
    assert set(game.contents) == {"provisional", "printed"}
    state = game.setup(pb.Options(content="printed"), 2, seed=1)
    assert game.content(state).tiles[0].points == 99
    with pytest.raises(BadOptions, match="content"):
        game.check_options(pb.Options(content="nope"), 2)


@pytest.mark.parametrize("edit, key", [
    (lambda d: d["nebulae"][3].update(points=-1), "nebulae[3].points"),
    (lambda d: d["nebulae"][5]["requires"].__setitem__(0, "Xe"), "nebulae[5].requires[0]"),
    (lambda d: d["powers"][2].update(type="dark"), "powers[2].type"),
    (lambda d: d["powers"][4]["gain"].update(gold=1), "powers[4].gain.gold"),
    (lambda d: d["energy_deck"].update(light=16), "energy_deck"),
    (lambda d: d["objectives"][7].update(count="luck"), "objectives[7].count"),
    (lambda d: d["board"].update(start_nebulae=[1, 1, 2]), "board.start_nebulae"),
    (lambda d: d["board"]["center_star"].update(corner=6), "board.center_star.corner"),
    (lambda d: d.update(colour="red"), "'colour'"),
    (lambda d: d["nebulae"].pop(), "nebulae"),
])
def test_a_bad_content_file_is_refused_naming_the_file_and_the_key(tmp_path, edit, key):
    data = pack()
    data["name"] = "broken"
    edit(data)
    path = write(tmp_path, data)
    with pytest.raises(ContentError) as err:
        Crafting(extra_content=[path])
    assert str(path) in str(err.value) and key in str(err.value)


def test_two_packs_with_one_name_are_refused(tmp_path):
    path = write(tmp_path, pack())
    with pytest.raises(ContentError, match="already used"):
        Crafting(extra_content=[path])
