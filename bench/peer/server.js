// The peer: a boardgame.io 0.50.2 server (in-memory storage) on 127.0.0.1:PORT.
// Run with NODE_ENV=production: node server.js PORT
const { Server } = require('boardgame.io/server');
const { TicTacToe } = require('./tictactoe');

const port = Number(process.argv[2]);
const server = Server({ games: [TicTacToe] });
server.run({ port, callback: () => console.log('ready') });
