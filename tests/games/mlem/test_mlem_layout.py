"""The track layout is data with a schema, validated at load; a host can load another file."""

from __future__ import annotations

import copy
import json

import pytest

from cosmodrome.core.engine import BadOptions
from cosmodrome.games.mlem import Mlem
from cosmodrome.games.mlem.track import LAYOUT_DIR, LayoutError, parse_layout
from cosmodrome.games.mlem.v1 import mlem_pb2 as pb

RAW = json.loads((LAYOUT_DIR / "provisional.json").read_text())


def test_layout_packaged_provisional_layout_is_valid():
    layout = parse_layout(RAW)
    assert layout.name == "provisional"
    assert layout.spaces[0].kind == "earth" and layout.spaces[-1].kind == "deep_space"
    assert len(layout.planets) == 5  # public fact: 5 planets
    assert layout.dice == 6 and layout.failure_end == 11 and layout.objective_points == 5


def test_layout_start_space_allows_booster_1_and_2():
    # seed: "à la case zéro, les Postcombustions, les 1 et les 2 peuvent être utilisés"
    layout = parse_layout(RAW)
    assert layout.spaces[0].faces == {pb.FACE_BOOSTER, pb.FACE_ONE, pb.FACE_TWO}


def test_layout_landing_spaces_begin_at_6():
    layout = parse_layout(RAW)
    assert layout.landing_from == 6
    assert all(s.kind in ("earth", "empty") for s in layout.spaces[:6])
    assert all(s.kind in ("moon", "planet", "deep_space") for s in layout.spaces[6:])


def broken(mutate):
    data = copy.deepcopy(RAW)
    mutate(data)
    return data


@pytest.mark.parametrize("mutate, where", [
    (lambda d: d.pop("spaces"), "spaces"),
    (lambda d: d["spaces"][3].update(faces=["5"]), "spaces[3].faces"),
    (lambda d: d["spaces"][3].update(faces=["1", "1"]), "spaces[3].faces"),
    (lambda d: d["spaces"][2].pop("booster"), "spaces[2]"),
    (lambda d: d["spaces"][1].update(booster=2), "spaces[1].booster"),
    (lambda d: d["spaces"][6].update(moons=[99]), "spaces[6].moons"),
    (lambda d: d["spaces"][7].update(planet="Pluto"), "spaces[7].planet"),
    (lambda d: d["spaces"][7].update(kind="empty"), "spaces[7].kind"),
    (lambda d: d["spaces"][-1].update(kind="moon"), "spaces[25].kind"),
    (lambda d: d["spaces"][4].update(index=9), "spaces[4].index"),
    (lambda d: d["moons"].append({"number": 1, "points": 3}), "moons"),
    (lambda d: d["moons"].append({"number": 77, "points": 3}), "moon 77"),
    (lambda d: d["planets"][0].update(values=[1, 2]), "planets[0].values"),
    (lambda d: d.update(dice=0), "layout.dice"),
    (lambda d: d.update(dice="6"), "layout.dice"),
    (lambda d: d.update(satellite_space=8), "satellite_space"),
])
def test_layout_schema_violations_are_rejected_at_load_naming_the_key(mutate, where):
    with pytest.raises(LayoutError) as err:
        parse_layout(broken(mutate))
    assert where in str(err.value)


def test_layout_host_can_load_another_layout_file(tmp_path):
    other = copy.deepcopy(RAW)
    other["name"] = "short"
    other["comet_points"] = 9
    path = tmp_path / "short.json"
    path.write_text(json.dumps(other))
    game = Mlem(extra_layouts=[path])
    game.check_options(pb.Options(layout="short"), 3)
    state = game.setup(pb.Options(layout="short"), 3, 1)
    assert state.options.layout == "short"
    assert game.layout(state).comet_points == 9


def test_layout_unknown_name_is_a_bad_option():
    with pytest.raises(BadOptions) as err:
        Mlem().check_options(pb.Options(layout="nope"), 3)
    assert "layout" in str(err.value)


def test_layout_a_bad_host_file_fails_at_load(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(LayoutError):
        Mlem(extra_layouts=[path])


def test_players_2_to_5():
    game = Mlem()
    for n in (1, 6):
        with pytest.raises(BadOptions):
            game.check_options(pb.Options(), n)
    for n in range(2, 6):
        game.check_options(pb.Options(), n)
