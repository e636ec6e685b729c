"""ReplayService: a finished match rebuilt from its seed and log, as the caller saw it."""

from __future__ import annotations

from cosmodrome.api.interceptor import credential
from cosmodrome.core import redact, replay
from cosmodrome.core.errors import FailedPrecondition, InvalidArgument, PermissionDenied
from cosmodrome.core.requestlog import note
from cosmodrome.core.runner import FINISHED, Runner, check_match_id
from cosmodrome.v1 import replay_pb2, replay_pb2_grpc


class ReplayServicer(replay_pb2_grpc.ReplayServiceServicer):
    def __init__(self, runner: Runner, whole_replays: bool = False) -> None:
        """`whole_replays`: the host lets anyone see a finished match whole (every seat's
        secrets, every move)."""
        self.runner = runner
        self.whole_replays = whole_replays

    async def GetReplay(self, request, context):
        check_match_id(request.match_id)
        note(match=request.match_id, version=request.version)
        if request.whole and not self.whole_replays:
            raise PermissionDenied("whole replays are off on this server (--whole-replays)")
        record, _ = await self.runner.store.load(request.match_id)
        if record.match.status != FINISHED:
            raise FailedPrecondition("match_not_finished",
                                     "a match replays once it is over: watch it meanwhile")
        last = record.match.version
        version = request.version or last
        if not 1 <= version <= last:
            raise InvalidArgument(f"version must be between 1 and {last} (0: the last)")
        viewer = self.runner.seat_of(record, credential.get())
        entries = await self.runner.store.entries(request.match_id, 0)
        return build(self.runner, record, entries, version, viewer, request.whole)


def build(runner: Runner, record, entries, version: int, viewer: int | None, whole: bool
          ) -> replay_pb2.Replay:
    """The replay of `record` at `version` for `viewer` (whole: every seat's secrets)."""
    game = runner.game_of(record)
    answer = replay_pb2.Replay(match=record.match, version=version,
                               last_version=record.match.version)
    state = None
    try:
        for step in replay.states(game, record, (e for e in entries if e.version <= version)):
            answer.entries.append(redact.log_entry(step.entry, viewer, game, whole))
            state = step.state
    except replay.Unreplayable as exc:
        raise FailedPrecondition("not_replayable", str(exc)) from None
    answer.view.CopyFrom(redact.replay_view(game, record, version, state, viewer))
    if whole:
        answer.seat_views.extend(redact.replay_view(game, record, version, state, seat)
                                 for seat in range(record.match.players))
    return answer
