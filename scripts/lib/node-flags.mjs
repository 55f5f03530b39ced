// Node flags for every process that runs the server's code (npm start, the projections CLI, the bench;
// the Dockerfile repeats them). An 8 MB semi-space keeps the young generation at most 24 MB: the read
// store keeps its documents on disk, so what a search or a projection batch allocates dies young in a
// small young generation as well, and a server under load stays smaller (docs/performance.md: 64 MB, the
// size the in-memory read store needed, left the server about 90 MB larger after the search load).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];
