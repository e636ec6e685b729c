// The seat tokens this tab holds, per match, in sessionStorage: a token is a secret that
// must survive a reload of the page but never appear in a URL or leave this browser tab.

export interface HeldSeat {
  seat: number;
  token: string;
}

const key = (matchId: string) => `cosmodrome.seat.${matchId}`;

export function heldSeat(matchId: string): HeldSeat | undefined {
  const raw = sessionStorage.getItem(key(matchId));
  return raw ? (JSON.parse(raw) as HeldSeat) : undefined;
}

export function holdSeat(matchId: string, seat: HeldSeat): void {
  sessionStorage.setItem(key(matchId), JSON.stringify(seat));
}
