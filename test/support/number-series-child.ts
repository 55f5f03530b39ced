import 'reflect-metadata';
import { join } from 'node:path';
import { InvoiceNumbers } from '../../server/src/commands/invoice/invoice-numbers';
import { AggregateStore } from '../../server/src/commands/shared/aggregate-store';
import type { AppConfig } from '../../server/src/config/app-config';
import { SqliteEventStore } from '../../server/src/infrastructure/event-store/sqlite-event-store';
import { openSqliteDatabase } from '../../server/src/infrastructure/sqlite/sqlite-database';

/**
 * A process that numbers `count` paid purchases (`<prefix>-0` … ) of one kind (invoice or receipt) on
 * the SQLite event store in `dataDir`, eight at a time, printing each number as it is given: the test
 * kills it with SIGKILL midway and runs it again.
 */
async function main(): Promise<void> {
  const [dataDir, kind, countText, prefix] = process.argv.slice(2) as [
    string,
    'invoice' | 'receipt',
    string,
    string,
  ];
  const store = new SqliteEventStore(openSqliteDatabase(join(dataDir, 'numbers.sqlite')));
  const config = {
    seller: { invoiceSeries: 'LT', receiptSeries: 'KV', creditNoteSeries: 'KR', refundReceiptSeries: 'TK' },
  } as unknown as AppConfig;
  const numbers = new InvoiceNumbers(new AggregateStore(store), { now: () => new Date() }, config);
  const count = Number(countText);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const { number } = await numbers.assignNumber(kind, `${prefix}-${index}`, {
        paid: true,
        invoiceRequested: kind === 'invoice',
      });
      process.stdout.write(`${number}\n`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  },
);
