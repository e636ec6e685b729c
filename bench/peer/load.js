// The peer's load generator, the shape of bench/real_clients.py: K workers, each playing
// game after game: create, two joins (the lobby's REST API), a socket.io (websocket)
// connection per seat that syncs to the match and sends a random free cell whenever the
// state says it is that seat's turn. A move's latency: from sending it to the server's
// update of the state it made, on the mover's socket.
// A seat that hears nothing for RESYNC_MS syncs again, as a player reloading a stuck page
// would, and says so on stderr, rather than hang the bench. One way a seat gets stuck:
// boardgame.io serves a sync outside the match's queue, so a sync that reads the state
// before a concurrent move is stored, and joins the match's broadcast after that move's
// update went out, waits for an update that never comes. Seen rarely with PostgreSQL and
// Redis pub/sub, once in a burst on a starved machine; never seen in memory.
//   node load.js PORT K SECONDS   -> prints {"moves": ..., "seconds": ..., "latencies_ms": [...],
//                                             "resyncs": ...}
const { io } = require('socket.io-client');

const RESYNC_MS = 5000;
const [port, inFlight, seconds] = process.argv.slice(2).map(Number);
const base = `http://127.0.0.1:${port}`;
const latencies = [];
let resyncs = 0;

async function post(path, body) {
  const reply = await fetch(base + path, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`${path}: ${reply.status}`);
  return reply.json();
}

function connect() {
  const socket = io(`${base}/tic-tac-toe`, { transports: ['websocket'], forceNew: true });
  return new Promise((resolve) => socket.once('connect', () => resolve(socket)));
}

function playSeat(socket, matchID, playerID, credentials, deadline) {
  return new Promise((resolve) => {
    let acted = -1;
    let sentAt = 0;
    let heardAt = performance.now();
    let seen = -1; // the last state heard
    let resynced = false;
    const sync = () => socket.emit('sync', matchID, playerID, credentials, 2);
    const watchdog = setInterval(() => {
      if (performance.now() - heardAt < RESYNC_MS) return;
      resyncs += 1;
      heardAt = performance.now();
      resynced = true;
      sync();
    }, RESYNC_MS / 5);
    const onState = (id, state) => {
      if (id !== matchID || !state) return;
      heardAt = performance.now();
      if (resynced) {
        console.error(`load.js (port ${port}): seat ${playerID} of ${matchID} heard nothing `
          + `for ${RESYNC_MS} ms after state ${seen}; synced again: state ${state._stateID}`);
        resynced = false;
      }
      seen = state._stateID;
      if (sentAt && state._stateID > acted) {
        latencies.push(performance.now() - sentAt);
        sentAt = 0;
      }
      if (state.ctx.gameover || performance.now() > deadline + 10000) {
        clearInterval(watchdog);
        socket.off('update', onState);
        socket.off('sync', onSync);
        resolve();
        return;
      }
      if (state.ctx.currentPlayer !== playerID || state._stateID <= acted) return;
      const free = state.G.cells.flatMap((c, i) => (c === null ? [i] : []));
      acted = state._stateID;
      sentAt = performance.now();
      const move = { type: 'MAKE_MOVE',
        payload: { type: 'clickCell', args: [free[Math.floor(Math.random() * free.length)]],
          playerID, credentials } };
      socket.emit('update', move, state._stateID, matchID, playerID);
    };
    const onSync = (id, info) => onState(id, info.state);
    socket.on('update', onState);
    socket.on('sync', onSync);
    sync();
  });
}

async function worker(deadline) {
  const sockets = [await connect(), await connect()];
  while (performance.now() < deadline) {
    const { matchID } = await post('/games/tic-tac-toe/create', { numPlayers: 2 });
    const creds = [];
    for (const playerID of ['0', '1']) {
      const joined = await post(`/games/tic-tac-toe/${matchID}/join`,
        { playerID, playerName: `p${playerID}` });
      creds.push(joined.playerCredentials);
    }
    await Promise.all(sockets.map((s, i) => playSeat(s, matchID, String(i), creds[i], deadline)));
  }
  sockets.forEach((s) => s.close());
}

(async () => {
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(Array.from({ length: inFlight }, () => worker(deadline)));
  const elapsed = (performance.now() - start) / 1000;
  if (resyncs) {
    console.error(`load.js: ${resyncs} time(s) a seat heard nothing for ${RESYNC_MS} ms `
      + 'and synced again');
  }
  console.log(JSON.stringify({ moves: latencies.length, seconds: elapsed, latencies_ms: latencies,
    resyncs }));
})();
