import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteEventStore } from '../server/src/infrastructure/event-store/sqlite-event-store';
import { openSqliteDatabase } from '../server/src/infrastructure/sqlite/sqlite-database';
import { startTestIssuer, type TestIssuer } from '../test/support/test-issuer';
import { freePort } from '../test/support/free-port';
import { type CatalogueSize, writeCatalogue } from './fixtures/catalogue-writer';
import { BENCH_NOW } from './projection-rebuild-bench';
import { distinctSearches, type LoadResult, loadTest } from './search-api-bench';
import { median, note, percentile, printLine, round } from './support/report';

export interface ReadWhileWritingSizes {
  readonly catalogue: CatalogueSize;
  /** Turns of (searches alone, searches with writes), each slice `sliceSeconds` long. */
  readonly rounds: number;
  readonly sliceSeconds: number;
  /** autocannon's open connections. */
  readonly connections: number;
  /** Signed-in writes per second during the second run, spread over `accounts` accounts. */
  readonly writesPerSecond: number;
  readonly accounts: number;
}

interface LoopDelay {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

interface ServerProcess {
  readonly base: string;
  /** The server process's CPU time so far (user + system), from /proc. */
  cpuMs(): number;
  /** How long the server's event loop was held since the last call (p50, p99, max in ms). */
  loopDelay(): Promise<LoopDelay>;
  stop(): Promise<void>;
}

/**
 * The server in its own process, configured like `npm start` (its own event loop: what the writes cost
 * it is what the searches see). BENCH_SERVER_NODE_FLAGS adds flags to it, e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/profiles` for the profile that docs/decisions/writes-do-not-stall-readers.md reads.
 */
async function startServerProcess(dir: string, issuer: TestIssuer): Promise<ServerProcess> {
  const port = await freePort();
  const flags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(
    process.execPath,
    ['--max-semi-space-size=64', ...flags, join(__dirname, 'support', 'server-process.js')],
    {
      env: {
        ...process.env,
        ...issuer.env,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: join(dir, 'data'),
        SEED_DEMO_DATA: 'false',
        BASKET_EXPIRY_SWEEP_SECONDS: '0',
        PURCHASE_SWEEP_SECONDS: '0',
        CLIENT_DIST_DIR: join(dir, 'no-client'),
      },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The server process ended with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
  });
  return {
    base: `http://127.0.0.1:${port}`,
    cpuMs: () => processCpuMs(child.pid!),
    loopDelay: () =>
      new Promise<LoopDelay>((resolve) => {
        child.once('message', (message) => resolve((message as { loopDelay: LoopDelay }).loopDelay));
        child.send('loop-delay');
      }),
    stop: async () => {
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** utime + stime of a process in milliseconds (Linux /proc; clock ticks of 10 ms). */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Account {
  readonly authorization: string;
}

async function call(base: string, account: Account, path: string, body: unknown): Promise<number> {
  const response = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { authorization: account.authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

const draft = (n: number) => ({
  title: `Bench draft ${n}`,
  description: 'A draft written while searches run',
  author: null,
  language: 'et',
  fieldOfLaw: 'contract',
  applicableLaw: 'EE',
  tags: [],
  year: 2025,
  price: 990,
});

/**
 * A profile save as people make them most: a new address, the public name unchanged (a new public name
 * renames the uploader's documents in search and the catalogue, a rarer and larger write).
 */
const profile = (n: number) => ({
  firstName: 'Bench',
  lastName: 'Writer',
  address: `Pikk ${n}, Tallinn`,
  public: {},
});

interface WriteFigures {
  readonly seconds: number;
  readonly sent: number;
  readonly ok: number;
  readonly limited: number;
  readonly failed: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/**
 * Signed-in writes at a steady rate (open loop: one every 1000/rate ms whether or not the earlier ones
 * are answered, as independent users would send them), alternating a new draft and a profile update,
 * each account in turn, until `until` settles. At most 500 wait at once (beyond that, the tick is skipped
 * and counted as failed), so a stalled server cannot make the bench grow without bound.
 */
async function writeSteadily(
  base: string,
  accounts: readonly Account[],
  perSecond: number,
  until: Promise<unknown>,
): Promise<WriteFigures> {
  let sent = 0;
  let ok = 0;
  let limited = 0;
  let failed = 0;
  let open = 0;
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  let done = false;
  void until.finally(() => (done = true));
  const started = performance.now();
  while (!done) {
    const due = started + (sent * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (done) break;
    const n = sent++;
    if (open >= 500) {
      failed++;
      continue;
    }
    const account = accounts[n % accounts.length]!;
    const begun = performance.now();
    open++;
    const write = (
      n % 2 === 0
        ? call(base, account, '/my/documents', draft(n))
        : call(base, account, '/user/update', profile(n))
    ).then(
      (status) => {
        latencies.push(performance.now() - begun);
        if (status >= 200 && status < 300) ok++;
        else if (status === 429) limited++;
        else failed++;
      },
      () => void failed++,
    );
    const tracked = write.finally(() => {
      open--;
      pending.delete(tracked);
    });
    pending.add(tracked);
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(pending);
  return {
    seconds,
    sent,
    ok,
    limited,
    failed,
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
  };
}

/**
 * Issue 23 point 4, measured: search throughput (autocannon, the server in its own process) alone, then
 * the same searches while signed-in users write `writesPerSecond` (new drafts and profile updates), side by
 * side in one run; prints both and their ratio (target ≥ 0.5). Figures from a shared machine are noisy;
 * the ratio is what compares.
 */
export async function runReadWhileWritingBench(dir: string, sizes: ReadWhileWritingSizes): Promise<void> {
  note(`read-while-writing: writing ${sizes.catalogue.documents} published documents`);
  const db = openSqliteDatabase(join(dir, 'data', 'lepinguturg.sqlite'));
  const eventStore = new SqliteEventStore(db);
  await writeCatalogue(db, eventStore, sizes.catalogue, BENCH_NOW).finally(async () => {
    await eventStore.close();
    db.close();
  });
  const issuer = await startTestIssuer();
  try {
    const server = await startServerProcess(dir, issuer);
    try {
      // Ready once the catalogue is projected: the searches find every document.
      for (;;) {
        const response = await fetch(`${server.base}/api/documents?limit=1`);
        const { total } = (await response.json()) as { total: number };
        if (total >= sizes.catalogue.documents) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      note(`read-while-writing: ${sizes.accounts} accounts accept the terms`);
      const accounts: Account[] = [];
      for (let i = 0; i < sizes.accounts; i++) {
        const token = await issuer.idToken({ sub: randomUUID(), email: `writer-${i}@example.ee` });
        const account = { authorization: `Bearer ${token}` };
        const status = await call(server.base, account, '/user/update', {
          ...profile(i),
          acceptTerms: true,
        });
        if (status !== 200 && status !== 201) throw new Error(`accepting the terms answered ${status}`);
        accounts.push(account);
      }
      // What one write and one search cost the server in CPU time, each measured alone: figures that a
      // busy machine changes far less than throughput (it stretches wall time, not the work done).
      const writeCpu = server.cpuMs();
      const costed = await writeSteadily(server.base, accounts, sizes.writesPerSecond, sleep(3000));
      const cpuMsPerWrite = (server.cpuMs() - writeCpu) / Math.max(1, costed.ok);
      const paths = distinctSearches(200);
      // Warm the result cache and the code paths, then take turns: a slice of searches alone, a slice of
      // the same searches while the writes run, `rounds` times. Turns, not one long run each, so a burst of
      // other work on a shared machine hits both sides alike; the medians compare.
      await loadTest(server.base, paths, 2, sizes.connections);
      const searchCpu = server.cpuMs();
      const costedSearches = await loadTest(server.base, paths, 2, sizes.connections);
      const cpuMsPerSearch = (server.cpuMs() - searchCpu) / Math.max(1, costedSearches.requests);
      const alone: LoadResult[] = [];
      const withWrites: LoadResult[] = [];
      const writes: WriteFigures[] = [];
      const loopAlone: LoopDelay[] = [];
      // The share of one core the server got while each slice ran (its CPU time ÷ the slice's wall time).
      const cpuShareAlone: number[] = [];
      const cpuShareWhileWriting: number[] = [];
      const loopWithWrites: LoopDelay[] = [];
      for (let turn = 1; turn <= sizes.rounds; turn++) {
        note(
          `read-while-writing: round ${turn} of ${sizes.rounds}, searches alone then with ${sizes.writesPerSecond} writes/s`,
        );
        await server.loopDelay();
        let cpu = server.cpuMs();
        let wall = performance.now();
        alone.push(await loadTest(server.base, paths, sizes.sliceSeconds, sizes.connections));
        cpuShareAlone.push((server.cpuMs() - cpu) / (performance.now() - wall));
        loopAlone.push(await server.loopDelay());
        cpu = server.cpuMs();
        wall = performance.now();
        const loaded = loadTest(server.base, paths, sizes.sliceSeconds, sizes.connections);
        const [searched, written] = await Promise.all([
          loaded,
          writeSteadily(server.base, accounts, sizes.writesPerSecond, loaded),
        ]);
        cpuShareWhileWriting.push((server.cpuMs() - cpu) / (performance.now() - wall));
        withWrites.push(searched);
        writes.push(written);
        loopWithWrites.push(await server.loopDelay());
      }
      const aloneRps = median(alone.map((r) => r.requestsPerSecond));
      const withRps = median(withWrites.map((r) => r.requestsPerSecond));
      const sum = (pick: (w: WriteFigures) => number) => writes.reduce((total, w) => total + pick(w), 0);
      printLine({
        bench: 'read-while-writing',
        documents: sizes.catalogue.documents,
        connections: sizes.connections,
        rounds: sizes.rounds,
        sliceSeconds: sizes.sliceSeconds,
        searchAloneRequestsPerSecond: round(aloneRps),
        searchWhileWritingRequestsPerSecond: round(withRps),
        ratio: round(withRps / aloneRps, 3),
        target: 0.5,
        ratiosPerRound: alone.map((a, i) => round(withWrites[i]!.requestsPerSecond / a.requestsPerSecond, 2)),
        searchAloneP99Ms: median(alone.map((r) => r.p99Ms)),
        searchWhileWritingP99Ms: median(withWrites.map((r) => r.p99Ms)),
        writesPerSecondAsked: sizes.writesPerSecond,
        writesPerSecondDone: round(sum((w) => w.ok) / sum((w) => w.seconds), 1),
        writesOk: sum((w) => w.ok),
        writesLimited: sum((w) => w.limited),
        writesFailed: sum((w) => w.failed),
        eventLoopHeldMsAlone: {
          p99: median(loopAlone.map((l) => l.p99)),
          max: median(loopAlone.map((l) => l.max)),
        },
        eventLoopHeldMsWhileWriting: {
          p99: median(loopWithWrites.map((l) => l.p99)),
          max: median(loopWithWrites.map((l) => l.max)),
        },
        serverCpuShareAlone: round(median(cpuShareAlone), 2),
        serverCpuShareWhileWriting: round(median(cpuShareWhileWriting), 2),
        serverCpuMsPerWrite: round(cpuMsPerWrite, 2),
        serverCpuMsPerSearch: round(cpuMsPerSearch, 3),
        writeP50Ms: median(writes.map((w) => w.p50Ms)),
        writeP99Ms: median(writes.map((w) => w.p99Ms)),
        searchErrors: [...alone, ...withWrites].reduce((total, r) => total + errorsOf(r), 0),
        note: 'shared 2-core machine: compare the ratio, not the absolute figures',
      });
    } finally {
      await server.stop();
    }
  } finally {
    await issuer.close();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function errorsOf(result: LoadResult): number {
  return result.non2xx + result.errors;
}
