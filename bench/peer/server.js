// The peer: a boardgame.io 0.50.2 server on 127.0.0.1:PORT. Run with NODE_ENV=production.
//   node server.js PORT                        in-memory storage, one process
//   node server.js PORT REDIS_URL POSTGRES_URL  as a host deploys it to scale out (the
//     setup of @boardgame.io/redis-pubsub's README): match state in PostgreSQL (bgio-postgres),
//     each update published through Redis pub/sub, so that any number of such servers behind a
//     load balancer serve one match. SQL logging off, as in production; pools as shipped.
const { Server, SocketIO } = require('boardgame.io/server');
const { TicTacToe } = require('./tictactoe');

function scaleOut(redisUrl, postgresUrl) {
  const redis = require('redis');
  const { RedisPubSub } = require('@boardgame.io/redis-pubsub');
  const { PostgresStore } = require('bgio-postgres');
  const pubClient = redis.createClient(redisUrl);
  const subClient = pubClient.duplicate();
  for (const client of [pubClient, subClient]) {
    client.on('error', (error) => { console.error(error); process.exit(1); });
  }
  return {
    db: new PostgresStore(postgresUrl, { logging: false }),
    transport: new SocketIO({ pubSub: new RedisPubSub(pubClient, subClient) }),
  };
}

const [port, redisUrl, postgresUrl] = process.argv.slice(2);
const options = redisUrl ? scaleOut(redisUrl, postgresUrl) : {};
const server = Server({ games: [TicTacToe], ...options });
server.run({ port: Number(port), callback: () => console.log('ready') });
