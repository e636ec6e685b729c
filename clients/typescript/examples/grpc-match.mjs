// Two random players play a tic-tac-toe match under Node, straight to the gRPC port: each
// seat's moves and updates ride one Play session. Prints how it ended.
//   node examples/grpc-match.mjs 127.0.0.1:50051
import { connectGrpc, play } from "@cosmodrome/client/node";

const client = connectGrpc(process.argv[2] ?? "127.0.0.1:50051");
const match = await client.createMatch("tictactoe");
const x = await client.join(match.matchId, { name: "x" });
const o = await client.join(match.matchId, { name: "o" });
const random = (view, decision) =>
  decision.options[Math.floor(Math.random() * decision.options.length)];
const [final] = await Promise.all([play(x, random), play(o, random)]);
console.log(`${final.matchId}: ${final.result.summary} (winners ${final.result.winners})`);
client.close();
