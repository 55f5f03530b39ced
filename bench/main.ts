import 'reflect-metadata';
import { cpus } from 'node:os';
import { Logger } from '@nestjs/common';
import { type BuyingBenchSizes, runBuyingBench } from './buying-bench';
import { type AbuseBenchSizes, runAbuseBench } from './abuse-bench';
import { type EventStoreBenchSizes, runEventStoreBench } from './event-store-bench';
import type { CatalogueSize } from './fixtures/catalogue-writer';
import type { MoneySize } from './fixtures/money-writer';
import { runMoneyBench } from './money-bench';
import { runLighthouseBench } from './lighthouse-bench';
import { runProjectionRebuildBench } from './projection-rebuild-bench';
import { type ReadWhileWritingSizes, runReadWhileWritingBench } from './read-while-writing-bench';
import { runSearchApiBench, type SearchBenchSizes } from './search-api-bench';
import { runUploadBench, type UploadBenchSizes } from './upload-bench';
import { note, printLine } from './support/report';
import { withTempDir } from './support/temp-dir';

const SECTIONS = [
  'event-store',
  'rebuild',
  'search',
  'upload',
  'abuse',
  'read-while-writing',
  'lighthouse',
  'buying',
  'money',
] as const;
type Section = (typeof SECTIONS)[number];

interface Sizes {
  readonly eventStore: EventStoreBenchSizes;
  readonly rebuild: CatalogueSize;
  readonly search: SearchBenchSizes;
  readonly upload: UploadBenchSizes;
  readonly buying: BuyingBenchSizes;
  readonly money: MoneySize;
  readonly abuse: AbuseBenchSizes;
  readonly readWhileWriting: ReadWhileWritingSizes;
}

/** Sized so the whole run stays under about three minutes on a shared 2-core machine. */
const FULL: Sizes = {
  eventStore: {
    batch1Events: 1_000,
    batch1Streams: 250,
    batch100Events: 20_000,
    batch100Streams: 200,
    appendRounds: 20,
    readRepeats: 3,
  },
  rebuild: { documents: 4_000, uploaders: 8, baskets: 300, secondFileEvery: 10 },
  search: {
    catalogue: { documents: 100_000, uploaders: 40, baskets: 0, secondFileEvery: 10 },
    latencyRequests: 500,
    warmup: 20,
    loadSeconds: 10,
    connections: 8,
    distinctSearches: 20_000,
  },
  buying: { purchases: 200, concurrency: 8, zipFiles: 10, zipFileMb: 40 },
  abuse: {
    catalogue: { documents: 2_000, uploaders: 8, baskets: 0, secondFileEvery: 10 },
    searches: 300,
    searchConcurrency: 4,
    attackers: 4,
  },
  readWhileWriting: {
    catalogue: { documents: 10_000, uploaders: 20, baskets: 0, secondFileEvery: 10 },
    rounds: 5,
    sliceSeconds: 3,
    connections: 8,
    writesPerSecond: 50,
    accounts: 100,
  },
  upload: { pdfBytes: 39 * 1024 * 1024, docxPages: 200 },
  // A year of money: about a million events (the ledger's rebuild is the long part of the whole run).
  money: { events: 1_000_000, uploaders: 200, days: 365 },
};

/** `--quick`: a smoke run of every code path in a few seconds; its figures mean little. */
const QUICK: Sizes = {
  eventStore: {
    batch1Events: 100,
    batch1Streams: 25,
    batch100Events: 2_000,
    batch100Streams: 20,
    appendRounds: 2,
    readRepeats: 1,
  },
  rebuild: { documents: 200, uploaders: 4, baskets: 20, secondFileEvery: 10 },
  search: {
    catalogue: { documents: 300, uploaders: 4, baskets: 0, secondFileEvery: 10 },
    latencyRequests: 40,
    warmup: 5,
    loadSeconds: 2,
    connections: 4,
    distinctSearches: 2_000,
  },
  buying: { purchases: 10, concurrency: 2, zipFiles: 2, zipFileMb: 2 },
  abuse: {
    catalogue: { documents: 200, uploaders: 4, baskets: 0, secondFileEvery: 10 },
    searches: 40,
    searchConcurrency: 4,
    attackers: 2,
  },
  readWhileWriting: {
    catalogue: { documents: 300, uploaders: 4, baskets: 0, secondFileEvery: 10 },
    rounds: 1,
    sliceSeconds: 2,
    connections: 4,
    writesPerSecond: 50,
    accounts: 20,
  },
  upload: { pdfBytes: 4 * 1024 * 1024, docxPages: 20 },
  money: { events: 5_000, uploaders: 10, days: 365 },
};

function parseArgs(argv: readonly string[]): { sections: Section[]; quick: boolean } {
  let sections: Section[] = [...SECTIONS];
  let quick = false;
  for (const arg of argv) {
    if (arg === '--quick') quick = true;
    else if (arg.startsWith('--only=')) {
      const wanted = arg.slice('--only='.length).split(',');
      const unknown = wanted.filter((name) => !(SECTIONS as readonly string[]).includes(name));
      if (unknown.length > 0)
        throw new Error(`Unknown section(s) ${unknown.join(', ')}; known: ${SECTIONS.join(', ')}`);
      sections = SECTIONS.filter((name) => wanted.includes(name));
    } else throw new Error(`Unknown argument ${arg}; use --only=${SECTIONS.join(',')} and/or --quick`);
  }
  return { sections, quick };
}

async function main(): Promise<void> {
  const { sections, quick } = parseArgs(process.argv.slice(2));
  const sizes = quick ? QUICK : FULL;
  // stdout is for JSON lines only: Nest's console logger writes warnings there, and emmett-sqlite
  // console.logs a failed transaction's error before rethrowing it.
  Logger.overrideLogger(['error']);
  console.log = (...args: unknown[]) => console.error(...args);
  printLine({
    bench: 'run',
    startedAt: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    sections,
    quick,
  });
  const started = performance.now();
  if (sections.includes('event-store')) {
    await withTempDir('event-store', (dir) => runEventStoreBench(dir, sizes.eventStore));
  }
  if (sections.includes('rebuild')) {
    await withTempDir('rebuild', (dir) => runProjectionRebuildBench(dir, sizes.rebuild));
  }
  if (sections.includes('search')) {
    await withTempDir('search', (dir) => runSearchApiBench(dir, sizes.search));
  }
  if (sections.includes('upload')) {
    await withTempDir('upload', (dir) => runUploadBench(dir, sizes.upload));
  }
  if (sections.includes('abuse')) {
    await withTempDir('abuse', (dir) => runAbuseBench(dir, sizes.abuse));
  }
  if (sections.includes('read-while-writing')) {
    await withTempDir('read-while-writing', (dir) => runReadWhileWritingBench(dir, sizes.readWhileWriting));
  }
  if (sections.includes('lighthouse') && !quick) {
    await withTempDir('lighthouse', (dir) => runLighthouseBench(dir));
  }
  if (sections.includes('buying')) {
    await withTempDir('buying', (dir) => runBuyingBench(dir, sizes.buying));
  }
  if (sections.includes('money')) {
    await withTempDir('money', (dir) => runMoneyBench(dir, sizes.money));
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  printLine({ bench: 'done', seconds });
  note(`done in ${seconds} s`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
