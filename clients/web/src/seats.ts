// What this browser keeps between pages. Seat tokens and a match's creator token stay in
// sessionStorage, per match: secrets that must survive a reload of the page but never appear in
// a URL or leave this browser tab. The player's name stays in localStorage (no secret).

export interface HeldSeat {
  seat: number;
  token: string;
}

/** A match this tab created: its creator token (start, kick, close) and, for a private match,
 * the join secret its invite link carries. */
export interface Created {
  token: string;
  joinSecret: string;
}

const key = (matchId: string) => `cosmodrome.seat.${matchId}`;
const createdKey = (matchId: string) => `cosmodrome.created.${matchId}`;
const NAME = "cosmodrome.name";

function read<T>(storage: Storage, k: string): T | undefined {
  const raw = storage.getItem(k);
  return raw ? (JSON.parse(raw) as T) : undefined;
}

export const heldSeat = (matchId: string) => read<HeldSeat>(sessionStorage, key(matchId));

export function holdSeat(matchId: string, seat: HeldSeat): void {
  sessionStorage.setItem(key(matchId), JSON.stringify(seat));
}

/** This tab holds the seat no more (it left it before the start: its token stopped working). */
export function forgetSeat(matchId: string): void {
  sessionStorage.removeItem(key(matchId));
}

export const created = (matchId: string) => read<Created>(sessionStorage, createdKey(matchId));

export function holdCreated(matchId: string, c: Created): void {
  sessionStorage.setItem(createdKey(matchId), JSON.stringify(c));
}

/** The name this browser plays under (the lobby's field), "player" until one is given. */
export const playerName = () => localStorage.getItem(NAME) || "player";

export function keepPlayerName(name: string): void {
  localStorage.setItem(NAME, name.trim());
}

/** The link that lets a friend into a private match: the join secret rides in the URL's
 * fragment, which browsers never send to a server. */
export function inviteLink(matchId: string, joinSecret: string): string {
  return `${location.origin}${location.pathname}${location.search}#/join/${matchId}/${encodeURIComponent(joinSecret)}`;
}
