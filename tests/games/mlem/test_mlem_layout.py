"""The track layout is data with a schema, validated at load; a host can load another file."""

from __future__ import annotations

import copy
import json
import os
import random

import pytest

from cosmodrome.core.engine import BadOptions
from cosmodrome.games.mlem import Mlem
from cosmodrome.games.mlem.track import HOST_LAYOUTS_ENV, LAYOUT_DIR, LayoutError, parse_layout
from cosmodrome.games.mlem.v1 import mlem_pb2 as pb
from tests.games.mlem.test_mlem_playouts import independent_scores

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
    # a misspelt or unknown key is an error, never silently ignored
    (lambda d: d.update(satelite_space=3), "layout: unknown key 'satelite_space'"),
    (lambda d: d["spaces"][6].update(planets="Ferrus"), "spaces[6]: unknown key 'planets'"),
    (lambda d: d["moons"][0].update(pts=3), "moons[0]: unknown key 'pts'"),
    (lambda d: d["planets"][0].update(value=[1, 1, 1]), "planets[0]: unknown key 'value'"),
    # wrong JSON types are schema errors too (not a crash of the loader)
    (lambda d: d["spaces"][3].update(faces=[["1"]]), "spaces[3].faces"),
    (lambda d: d["spaces"][3].update(faces=[1]), "spaces[3].faces"),
    (lambda d: d["spaces"][6].update(moons=["1"]), "spaces[6].moons"),
    (lambda d: d["spaces"][6].update(moons=[[1]]), "spaces[6].moons"),
    (lambda d: d["spaces"].__setitem__(3, "empty"), "spaces[3]: expected an object"),
    (lambda d: d["moons"].__setitem__(0, 5), "moons[0]: expected an object"),
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


def test_layout_a_stored_match_on_a_layout_this_server_lacks_fails_with_a_clear_error(tmp_path):
    # e.g. a replica started without the host's COSMODROME_MLEM_LAYOUTS loads the match
    path = tmp_path / "short.json"
    path.write_text(json.dumps(short_layout()))
    state = Mlem(extra_layouts=[path]).setup(pb.Options(layout="short"), 2, 1)
    replica = Mlem(extra_layouts=[])
    for call in (lambda: replica.view(state, 0),
                 lambda: replica.apply(state, 0, replica.decisions(state)[0].options[0])):
        with pytest.raises(LayoutError) as err:
            call()
        assert "layout 'short'" in str(err.value) and HOST_LAYOUTS_ENV in str(err.value)


def test_layout_unknown_name_is_a_bad_option():
    with pytest.raises(BadOptions) as err:
        Mlem().check_options(pb.Options(layout="nope"), 3)
    assert "layout" in str(err.value)


def test_layout_a_bad_host_file_fails_at_load(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(LayoutError) as err:
        Mlem(extra_layouts=[path])
    assert str(err.value).startswith(f"{path}: not valid JSON")


def test_layout_errors_from_a_host_file_name_the_file_and_the_key(tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(broken(lambda d: (d.update(name="board"),
                                                 d["spaces"][3].update(faces=["5"])))))
    with pytest.raises(LayoutError) as err:
        Mlem(extra_layouts=[path])
    assert str(err.value).startswith(f"{path}: spaces[3].faces:")


def test_layout_missing_host_file_is_a_layout_error_naming_it(tmp_path):
    path = tmp_path / "nowhere.json"
    with pytest.raises(LayoutError) as err:
        Mlem(extra_layouts=[path])
    assert str(err.value).startswith(f"{path}: cannot read the layout file")


def test_layout_names_are_unique_a_host_file_cannot_replace_another(tmp_path):
    # matches store only the layout name: a second "provisional" would change their board
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(RAW))  # still named "provisional"
    with pytest.raises(LayoutError) as err:
        Mlem(extra_layouts=[path])
    assert str(err.value).startswith(f"{path}: layout name 'provisional' is already used by")
    assert "provisional.json" in str(err.value)


def short_layout(name: str = "short") -> dict:
    """A different, valid board: 16 spaces, 3 planets, 6 moons, other dice and points."""
    spaces = [dict(RAW["spaces"][i]) for i in range(6)]
    moons, planets = [], []
    for i in range(6, 15):
        if i % 3 == 1:
            planet = f"P{i}"
            planets.append({"name": planet, "values": [9, 4, 1]})
            spaces.append({"index": i, "kind": "planet", "faces": ["1", "3"], "planet": planet})
        else:
            number = len(moons) + 1
            moons.append({"number": number, "points": number + 1})
            spaces.append({"index": i, "kind": "moon", "faces": ["B", "2", "4"], "booster": 2,
                           "moons": [number]})
    spaces.append({"index": 15, "kind": "deep_space", "faces": []})
    return {**RAW, "name": name, "description": "test board", "dice": 5, "failure_end": 6,
            "satellite_space": 2, "comet_points": 11, "galaxy_points": 3,
            "spaces": spaces, "moons": moons, "planets": planets}


def test_layout_server_host_loads_layouts_from_the_environment_variable(tmp_path, monkeypatch):
    # the server builds its games with registry(): Mlem() reads COSMODROME_MLEM_LAYOUTS
    from cosmodrome.games import registry
    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "a.json").write_text(json.dumps(short_layout("short-a")))
    single = tmp_path / "b.json"
    single.write_text(json.dumps(short_layout("short-b")))
    monkeypatch.setenv(HOST_LAYOUTS_ENV, os.pathsep.join([str(folder), str(single)]))
    game = registry()["mlem"]
    assert sorted(game.layouts) == ["provisional", "short-a", "short-b"]
    assert game.option_specs[0].choices == ("provisional", "short-a", "short-b")
    state = game.setup(pb.Options(layout="short-b"), 2, 1)
    assert len(state.moons) == 6 and [p.name for p in state.planets] == ["P7", "P10", "P13"]
    assert Mlem(extra_layouts=[]).layouts.keys() == {"provisional"}  # explicit list: no env
    monkeypatch.delenv(HOST_LAYOUTS_ENV)
    assert Mlem().layouts.keys() == {"provisional"}


def test_layout_a_bad_file_in_the_environment_variable_stops_the_server_build(tmp_path,
                                                                              monkeypatch):
    from cosmodrome.games import registry
    path = tmp_path / "typo.json"
    path.write_text(json.dumps(broken(lambda d: d.update(name="typo", dice_count=6))))
    monkeypatch.setenv(HOST_LAYOUTS_ENV, str(path))
    with pytest.raises(LayoutError) as err:
        registry()
    assert str(err.value).startswith(f"{path}: layout: unknown key 'dice_count'")
    monkeypatch.setenv(HOST_LAYOUTS_ENV, str(tmp_path))  # a folder with no layout in it
    path.unlink()
    with pytest.raises(LayoutError) as err:
        registry()
    assert "no .json layout file" in str(err.value)


def test_layout_random_games_on_a_host_layout_use_its_values_and_end_cleanly(tmp_path):
    path = tmp_path / "short.json"
    path.write_text(json.dumps(short_layout()))
    game = Mlem(extra_layouts=[path])
    layout = game.layouts["short"]
    rnd = random.Random(4)
    ends = set()
    for seed in range(60):
        players = 2 + seed % 4
        state = game.setup(pb.Options(layout="short"), players, seed)
        while decisions := game.decisions(state):
            d = rnd.choice(decisions)
            for event in game.apply(state, d.seat, rnd.choice(d.options)):
                payload = event.payload
                if payload.HasField("take_off"):
                    assert payload.take_off.pool == 5  # this layout's dice
                    assert payload.take_off.space in (0, 2)  # its satellite space
            assert game.audit(state) == []
        assert state.phase == pb.PHASE_OVER and state.failure <= layout.failure_end
        ends.add(state.failure == layout.failure_end)
        assert list(state.final_scores) == independent_scores(state, layout)
    assert ends == {True, False}  # both end conditions happen on this board


def test_layout_bot_plays_a_host_layout_it_knows_and_any_layout_legally(tmp_path):
    from cosmodrome.games.mlem.bot import MlemBot
    from cosmodrome.games.mlem.published import mlem_content
    path = tmp_path / "short.json"
    path.write_text(json.dumps(short_layout()))
    game = Mlem(extra_layouts=[path])
    knowing, unaware = MlemBot(mlem_content(game), seed=1), MlemBot(mlem_content(Mlem()), seed=1)
    for bot in (knowing, unaware):
        state = game.setup(pb.Options(layout="short"), 3, 2)
        while decisions := game.decisions(state):
            d = decisions[0]
            move = bot.choose(game.view(state, d.seat), d.kind, d.options)
            assert move in d.options
            game.apply(state, d.seat, move)


def test_players_2_to_5():
    game = Mlem()
    for n in (1, 6):
        with pytest.raises(BadOptions):
            game.check_options(pb.Options(), n)
    for n in range(2, 6):
        game.check_options(pb.Options(), n)
