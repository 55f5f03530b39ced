// Node flags for every process that runs the server's code (npm start, the projections CLI, the bench;
// the Dockerfile repeats them). An 8 MB semi-space keeps the young generation at most 24 MB: the read
// store keeps its documents on disk, so what a search or a projection batch allocates dies young in a
// small young generation as well, and a server under load stays smaller (docs/performance.md: 64 MB, the
// size the in-memory read store needed, left the server about 90 MB larger after the search load).
export const NODE_FLAGS = ['--max-semi-space-size=8'];

// The server process itself (npm start, the Dockerfile, the bench's server processes) also lets its old
// generation grow by half of what survived the last full collection before it collects again, instead of
// V8's up to fourfold: the server keeps about 50 MB alive, and the default growth let the garbage of a search
// load (evicted postings, answers) take its RSS from about 200 to 235–260 MB at 100,000 documents
// (docs/decisions/a-lean-server-process.md). Not for batch jobs: it costs a rebuild CPU.
export const SERVER_NODE_FLAGS = [...NODE_FLAGS, '--heap-growing-percent=50'];

// Batch jobs that replay the log (`npm run projections -- rebuild`, the bench's rebuilds): a 64 MB semi-space.
// A rebuild batch's documents live for one batch (up to 20,000 events); in an 8 MB semi-space most of them
// were promoted to the old generation and collected there, about 30 % of a rebuild's CPU. Measured in one
// run on the bench's data: 5–17 % fewer CPU seconds for the search, ledger, sales, purchases and payouts
// rebuilds (docs/performance.md,
// docs/decisions/rebuilds-and-a-start-that-answers-first.md). A short job: its memory is not the server's.
export const BATCH_NODE_FLAGS = ['--max-semi-space-size=64'];
