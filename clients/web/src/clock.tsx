// Each seat on the match page: its colour and name, its clock (counting down from
// Seat.clock_due_ms while it runs, the server's time_left_ms while stopped), and whether the
// server's bot plays it while its player is away, or it forfeited. (The viewer's own seat played
// by the bot is said, with "Take my seat back", where his moves would be: match.tsx.)

import { type Match, type Seat, timeLeftMs } from "@cosmodrome/client";
import { useEffect, useState } from "preact/hooks";
import { SEAT_COLOURS } from "./render/context.js";

const TICK_MS = 250; // often enough that a second never shows late

/** A time left as a person reads a chess clock: "4:05", "1:02:03", or "3d 4h". */
export function formatClock(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000); // 0:00 only once it ran out
  const days = Math.floor(seconds / 86_400);
  if (days) return `${days}d ${Math.floor((seconds % 86_400) / 3600)}h`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** This machine's time, redrawn every tick while `running` (a running clock is shown). */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return running ? now : Date.now();
}

/** Whether the server's bot plays this seat for its player (left or timed out: `abandoned`;
 * out of time: `forfeited`): the server refuses the player's moves, his turn is the bot's. */
export const playedByServer = (seat?: Seat) => Boolean(seat?.abandoned || seat?.forfeited);

interface SeatListProps {
  match: Match;
  viewerSeat: number;
  seatName: (seat: number) => string;
}

export function SeatList({ match, seatName }: SeatListProps) {
  const now = useNow(match.seats.some((s) => s.clockDueMs > 0n));
  const left = timeLeftMs(match, now);
  return (
    <ul class="seats" aria-label="players">
      {match.seats.map((s) => {
        const time = left.get(s.index);
        const running = s.clockDueMs > 0n;
        return (
          <li key={s.index} data-seat={s.index} data-abandoned={String(s.abandoned)} data-forfeited={String(s.forfeited)}>
            <span class="swatch" style={`background:${SEAT_COLOURS[s.index % SEAT_COLOURS.length]}`} aria-hidden="true" />
            {seatName(s.index)}{s.bot ? <small class="muted"> (bot)</small> : null}
            {time !== undefined ? (
              <span class={`clock${running ? " running" : ""}`} data-seat={s.index} data-running={String(running)}
                title={running ? "time left, running" : "time left"}>
                <span class="visually-hidden">time left </span>{formatClock(time)}
              </span>
            ) : null}
            {s.forfeited ? <small class="seat-state forfeited"> forfeited</small>
              : s.abandoned ? <small class="seat-state abandoned"> played by the server while away</small> : null}
          </li>
        );
      })}
    </ul>
  );
}
