"""Seed 000's chat-judged table moons over gRPC: a chat line of an occupant of moon 16 ("garder
le silence") becomes a versioned move of the match and the right-hand neighbour's penalty task.
Real server, real valkey; the position is put in place with the admin API (export, import)."""

from __future__ import annotations

import grpc
import pytest

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb
from cosmodrome.v1 import admin_pb2, admin_pb2_grpc
from cosmodrome_client import Client, CosmodromeError, game_view
from tests.games.cosmic.moon_helpers import put_moon

SILENCE, SONG = 16, 12


async def _admin(server, call: str, request):
    async with Client.connect(server.address) as c:
        stub = admin_pb2_grpc.AdminServiceStub(c.channel)
        return await getattr(stub, call)(request, metadata=(
            ("authorization", f"Bearer {server.admin_token}"),))


async def _seat_on_moon(server, match_id: str, seat: int, number: int) -> int:
    """Moon `number` is State.moons[0] and one token of `seat` stands on it; its body id."""
    export = await _admin(server, "ExportMatch", admin_pb2.ExportMatchRequest(match_id=match_id))
    st = export.record.state.cosmic
    put_moon(st, 0, number)
    home = next(p for p in B.planets_of(seat) if B.tok(st, p, seat) > 0)
    B.add_tok(st, home, seat, -1)
    st.moons[0].count[seat] = 1
    st.moons[0].face_up = True
    st.moons[0].known_by[:] = [True] * st.players
    await _admin(server, "ImportMatch", admin_pb2.ImportMatchRequest(export=export,
                                                                      overwrite=True))
    return B.moon_body(st, 0)


async def test_a_chat_line_of_an_occupant_of_moon_16_is_the_neighbours_penalty_task(
        server, client):
    options = pb.Options(moons=pb.MOON_SET_ALL, powers=["none"] * 4, first_player=0,
                         no_edicts=True, deal_timeout_ms=0)
    match = await client.create_match("cosmic", options, players=4, seed=5)
    seats = [await client.join(match.match_id, name=f"p{s}") for s in range(4)]
    moon = await _seat_on_moon(server, match.match_id, 1, SILENCE)
    version = (await client.get_match(match.match_id)).version

    quiet = await seats[2].send_chat("bonjour")  # seat 2 is on no table moon
    assert quiet.judged_version == 0
    said = await seats[1].send_chat("chut")
    assert said.judged_version == version + 1  # the line made one move of the rules

    judge = seats[0]  # M7: right = seat - 1
    owed = judge.decisions(await judge.view())
    assert [d.kind for d in owed] == ["table_penalty"]
    assert pb.Move(penalty_card=pb.Done()) in owed[0].options
    assert pb.Move(planet=pb.PlanetChoice(planet=moon)) in owed[0].options
    assert not seats[1].decisions(await seats[1].view())  # the offender does not choose
    task = game_view(await client.spectate(match.match_id).view()).tasks[0]
    assert (task.seat, task.table_penalty.offender) == (0, 1)

    await judge.submit(pb.Move(planet=pb.PlanetChoice(planet=moon)))
    after = game_view(await client.spectate(match.match_id).view())
    assert after.seats[1].black_hole == 1 and after.moons[0].count[1] == 0
    assert not any(t.HasField("table_penalty") for t in after.tasks)
    log = await client.spectate(match.match_id).log()
    assert [e.move_kind for e in log[-2:]] == ["report", "planet"]
    assert [e.seat for e in log[-2:]] == [1, 0]


async def test_the_right_hand_neighbour_reports_an_occupant_of_moon_12_owing_no_decision(
        server, client):
    """A report is taken at any time: seat 0 (seat 1's right-hand neighbour) owes nothing
    while seat 3 aims; his report is a move of the match and gives him the penalty task.
    Anyone else's report is refused, naming the rule, and changes nothing."""
    options = pb.Options(moons=pb.MOON_SET_ALL, powers=["none"] * 4, first_player=3,
                         no_edicts=True, deal_timeout_ms=0)
    match = await client.create_match("cosmic", options, players=4, seed=6)
    seats = [await client.join(match.match_id, name=f"p{s}") for s in range(4)]
    moon = await _seat_on_moon(server, match.match_id, 1, SONG)
    view = game_view(await seats[0].view())
    assert list(view.reports) == [pb.TableReport(moon=0, offender=1)]
    version = (await client.get_match(match.match_id)).version
    with pytest.raises(CosmodromeError) as refused:
        await seats[2].submit(pb.Move(report=pb.TableReport(moon=0, offender=1)))
    assert refused.value.code == grpc.StatusCode.FAILED_PRECONDITION
    assert (await client.get_match(match.match_id)).version == version
    await seats[0].view()
    while seats[0].decisions():  # the start window: he passes, and owes nothing then
        await seats[0].submit(seats[0].decisions()[0].options[0])
        await seats[0].view()
    await seats[0].submit(pb.Move(report=pb.TableReport(moon=0, offender=1)))
    owed = seats[0].decisions(await seats[0].view())
    assert [d.kind for d in owed] == ["table_penalty"]
    await seats[0].submit(pb.Move(planet=pb.PlanetChoice(planet=moon)))
    after = game_view(await client.spectate(match.match_id).view())
    assert after.seats[1].black_hole == 1
