// In-page random players: they fill the other seats of a match created "against bots",
// through the same client as the page. (Server-played seats, CreateMatch `bots`, replace
// them once the server offers them; see docs/web.md.)

import { type Client, type Decision, type GameMove, type MatchView, play } from "@cosmodrome/client";

const THINKING_MS = 300; // so a person sees each bot move arrive

export function randomChoice(_view: MatchView, decision: Decision): Promise<GameMove> {
  const option = decision.options[Math.floor(Math.random() * decision.options.length)];
  return new Promise((resolve) => setTimeout(() => resolve(option), THINKING_MS));
}

/** Takes every open seat of `matchId` with a random player; they play until the end. */
export async function fillWithRandomBots(client: Client, matchId: string, seats: number[]): Promise<void> {
  for (const seat of seats) {
    const bot = await client.join(matchId, { seat, name: `random bot ${seat}` });
    play(bot, randomChoice).catch((error) => console.warn(`bot on seat ${seat} stopped:`, error));
  }
}
