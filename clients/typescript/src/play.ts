// play(): a seat played to the end of its match by a function that chooses its moves.

import type { ConnectionStatus } from "./calls.js";
import { Code, CosmodromeError, MoveNoLongerLegal, StaleVersionError } from "./errors.js";
import type { Player } from "./client.js";
import type { GameMove } from "./gen/cosmodrome/v1/games_pb.js";
import {
  type Decision,
  type Match,
  MatchStatus,
  type MatchView,
} from "./gen/cosmodrome/v1/match_pb.js";

/** Chooses a seat's move for `decision`, one of `decision.options` (or any legal GameMove). */
export type Chooser = (view: MatchView, decision: Decision) => GameMove | Promise<GameMove>;

export interface PlayOptions {
  /** Stop playing: play() then returns the newest match seen. */
  signal?: AbortSignal;
  /**
   * Moves and updates on one Play session (default: when the client's transport has bidi
   * streams, i.e. `connectGrpc` under Node); false: SubmitMove calls beside a WatchMatch
   * stream, what gRPC-Web in a browser does. A server without Play gets the unary path.
   */
  stream?: boolean;
  /** Told when the live stream drops and when it is back (`WatchOptions.onConnection`). */
  onConnection?: (status: ConnectionStatus) => void;
}

/**
 * Plays `player` to the end of its match, asking `choose` whenever the newest view shows
 * this seat owing a decision; resolves with the finished Match. Acts at most once per
 * version, and never on a view older than its own last move.
 */
export async function play(
  player: Player,
  choose: Chooser,
  options: PlayOptions = {},
): Promise<Match> {
  const view = await player.view();
  if (view.match?.status === MatchStatus.FINISHED) return view.match;
  if (options.stream ?? player.client.bidiStreams) {
    try {
      return await playSession(player, new Actor(player, choose), view, options);
    } catch (error) {
      if (!(error instanceof CosmodromeError && error.code === Code.Unimplemented)) throw error;
    }
  }
  // a fresh Actor: a move chosen for a server without Play was never applied
  return playUnary(player, new Actor(player, choose), view, options);
}

/** A chooser's moves for one seat: at most one per version, none on a view older than its
 * last move. */
class Actor {
  private readonly acted = new Set<bigint>();
  /** The version my last move produced: older views are stale for me. */
  floor = 0n;

  constructor(
    readonly player: Player,
    readonly choose: Chooser,
  ) {}

  async move(view: MatchView): Promise<GameMove | undefined> {
    const version = view.match?.version ?? 0n;
    const [decision] = this.player.decisions(view);
    if (!decision || version < this.floor || this.acted.has(version)) return undefined;
    this.acted.add(version);
    return this.choose(view, decision);
  }
}

async function playSession(
  player: Player,
  actor: Actor,
  view: MatchView,
  options: PlayOptions,
): Promise<Match> {
  const { signal, onConnection } = options;
  const session = player.session({ fromVersion: view.match?.version ?? 0n, signal, onConnection });
  const act = async (view: MatchView) => {
    const move = await actor.move(view);
    if (!move) return;
    try {
      const version = await session.submit(move, { expectedVersion: view.match?.version ?? 0n });
      if (version > actor.floor) actor.floor = version;
    } catch (error) {
      if (!(error instanceof StaleVersionError)) throw error; // a newer update is on its way
    }
  };
  try {
    await act(view);
    for await (const update of session.updates()) {
      if (update.view?.match?.status === MatchStatus.FINISHED) return update.view.match;
      if (update.view) await act(update.view);
    }
  } finally {
    session.close();
  }
  return newest(player);
}

async function playUnary(
  player: Player,
  actor: Actor,
  view: MatchView,
  options: PlayOptions,
): Promise<Match> {
  const { signal, onConnection } = options;
  const act = async (view: MatchView) => {
    const move = await actor.move(view);
    if (!move) return;
    try {
      const reply = await player.submit(move, { expectedVersion: view.match?.version ?? 0n });
      if (reply.version > actor.floor) actor.floor = reply.version;
    } catch (error) {
      if (!(error instanceof MoveNoLongerLegal)) throw error; // a newer view will ask again
    }
  };
  await act(view);
  const fromVersion = view.match?.version ?? 0n;
  for await (const update of player.watch({ fromVersion, signal, onConnection })) {
    if (update.view) await act(update.view);
  }
  return newest(player);
}

function newest(player: Player): Match {
  const match = player.lastView?.match;
  if (!match) throw new CosmodromeError(Code.Internal, "no view of the match was seen");
  return match;
}
