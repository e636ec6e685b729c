// Two random players play a tic-tac-toe match through the edge; prints how it ended.
//   node examples/random-match.mjs http://127.0.0.1:8080
import { Client, play } from "@cosmodrome/client";

const client = Client.connect(process.argv[2] ?? "http://127.0.0.1:8080");
const match = await client.createMatch("tictactoe");
const x = await client.join(match.matchId, { name: "x" });
const o = await client.join(match.matchId, { name: "o" });
const random = (view, decision) =>
  decision.options[Math.floor(Math.random() * decision.options.length)];
const [final] = await Promise.all([play(x, random), play(o, random)]);
console.log(`${final.matchId}: ${final.result.summary} (winners ${final.result.winners})`);
