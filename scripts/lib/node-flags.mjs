// Node flags for every process that runs the server's code (npm start, the projections CLI, the bench;
// the Dockerfile repeats them). A 64 MB semi-space lets the objects of one projection batch or one search
// die young instead of being promoted and collected with the whole heap: rebuilds and searches at
// 100,000 documents spend far less time in the garbage collector (docs/decisions/, "Search speed").
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
