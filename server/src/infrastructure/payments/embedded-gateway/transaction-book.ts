import { openSqliteDatabase, type SqliteDatabase } from '../../sqlite/sqlite-database';

/** How the gateway answers refunds: takes them, refuses them, or says the payment is still processing. */
export type RefundMode = 'accept' | 'refuse' | 'still-processing';

export type GatewayStatus = 'CREATED' | 'COMPLETED' | 'PART_REFUNDED' | 'REFUNDED' | 'CANCELLED' | 'EXPIRED';

/** A refund the gateway took, as MakeCommerce keeps one (its states CREATED → PENDING → SETTLED). */
export interface RefundRecord {
  readonly id: string;
  readonly amount: number;
  readonly comment: string;
  readonly createdAt: Date;
  readonly status: 'CREATED' | 'PENDING' | 'SETTLED';
}

export interface UrlSpec {
  readonly url: string;
  readonly method: 'GET' | 'POST';
}

/** A transaction of the embedded test gateway, as MakeCommerce keeps one. */
export interface TransactionRecord {
  readonly id: string;
  readonly reference: string;
  readonly amount: number;
  readonly currency: string;
  readonly createdAt: Date;
  status: GatewayStatus;
  completedAt: Date | null;
  /** The refunds of this transaction, oldest first. */
  refunds: RefundRecord[];
  readonly customer: Readonly<Record<string, unknown>>;
  readonly returnUrl: UrlSpec;
  readonly cancelUrl: UrlSpec;
  readonly notificationUrl: UrlSpec;
}

/**
 * Where the test gateway keeps its transactions. A real gateway outlives the shop's restarts, so the
 * embedded one keeps them on disk (SqliteTransactionBook) and answers `GET /v1/transactions/{id}` after a
 * restart, or a kill -9, as MakeCommerce would; tests of the gateway alone may keep them in memory.
 */
export interface TransactionBook {
  get(id: string): TransactionRecord | undefined;
  /** The transaction that holds a refund, by the refund's id. */
  byRefund(refundId: string): TransactionRecord | undefined;
  /** Written before the gateway answers anybody: a status the gateway showed is never lost. */
  save(record: TransactionRecord): void;
  /** How the tester told the gateway to answer refunds (kept like the transactions). */
  refundMode(): RefundMode;
  setRefundMode(mode: RefundMode): void;
  close(): void;
}

export class InMemoryTransactionBook implements TransactionBook {
  private readonly records = new Map<string, TransactionRecord>();
  private mode: RefundMode = 'accept';

  get(id: string): TransactionRecord | undefined {
    return this.records.get(id);
  }

  byRefund(refundId: string): TransactionRecord | undefined {
    return [...this.records.values()].find((r) => r.refunds.some((refund) => refund.id === refundId));
  }

  save(record: TransactionRecord): void {
    this.records.set(record.id, record);
  }

  refundMode(): RefundMode {
    return this.mode;
  }

  setRefundMode(mode: RefundMode): void {
    this.mode = mode;
  }

  close(): void {}
}

interface StoredRefund extends Omit<RefundRecord, 'createdAt'> {
  readonly createdAt: string;
}

interface StoredRecord extends Omit<TransactionRecord, 'createdAt' | 'completedAt' | 'refunds'> {
  readonly createdAt: string;
  readonly completedAt: string | null;
  /** Absent in records written before the gateway took refunds. */
  readonly refunds?: readonly StoredRefund[];
}

/**
 * The transactions in a SQLite file of their own (the gateway is another party: it shares nothing with the
 * shop's event store), opened on first use. Each change is one synchronous transaction (WAL,
 * synchronous=FULL), committed before the gateway's answer goes out.
 */
export class SqliteTransactionBook implements TransactionBook {
  private db: SqliteDatabase | null = null;

  constructor(private readonly file: string) {}

  get(id: string): TransactionRecord | undefined {
    const row = this.open()
      .prepare<[string], { record: string }>('SELECT record FROM test_gateway_transactions WHERE id = ?')
      .get(id);
    return row ? recordOf(row.record) : undefined;
  }

  byRefund(refundId: string): TransactionRecord | undefined {
    const row = this.open()
      .prepare<[string], { record: string }>(
        'SELECT t.record FROM test_gateway_refunds r JOIN test_gateway_transactions t ' +
          'ON t.id = r.transaction_id WHERE r.id = ?',
      )
      .get(refundId);
    return row ? recordOf(row.record) : undefined;
  }

  save(record: TransactionRecord): void {
    const stored: StoredRecord = {
      ...record,
      createdAt: record.createdAt.toISOString(),
      completedAt: record.completedAt?.toISOString() ?? null,
      refunds: record.refunds.map((refund) => ({ ...refund, createdAt: refund.createdAt.toISOString() })),
    };
    const db = this.open();
    db.transaction(() => {
      db.prepare(
        'INSERT INTO test_gateway_transactions (id, record) VALUES (?, ?) ' +
          'ON CONFLICT (id) DO UPDATE SET record = excluded.record',
      ).run(record.id, JSON.stringify(stored));
      const index = db.prepare(
        'INSERT INTO test_gateway_refunds (id, transaction_id) VALUES (?, ?) ON CONFLICT (id) DO NOTHING',
      );
      for (const refund of record.refunds) index.run(refund.id, record.id);
    })();
  }

  refundMode(): RefundMode {
    const row = this.open()
      .prepare<[], { value: string }>("SELECT value FROM test_gateway_settings WHERE name = 'refunds'")
      .get();
    return row?.value === 'refuse' || row?.value === 'still-processing' ? row.value : 'accept';
  }

  setRefundMode(mode: RefundMode): void {
    this.open()
      .prepare(
        "INSERT INTO test_gateway_settings (name, value) VALUES ('refunds', ?) " +
          'ON CONFLICT (name) DO UPDATE SET value = excluded.value',
      )
      .run(mode);
  }

  close(): void {
    this.db?.close();
    this.db = null;
  }

  private open(): SqliteDatabase {
    if (this.db === null) {
      this.db = openSqliteDatabase(this.file);
      this.db.exec(
        'CREATE TABLE IF NOT EXISTS test_gateway_transactions (id TEXT PRIMARY KEY, record TEXT NOT NULL);' +
          'CREATE TABLE IF NOT EXISTS test_gateway_refunds (id TEXT PRIMARY KEY, transaction_id TEXT NOT NULL);' +
          'CREATE TABLE IF NOT EXISTS test_gateway_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);',
      );
    }
    return this.db;
  }
}

function recordOf(json: string): TransactionRecord {
  const stored = JSON.parse(json) as StoredRecord;
  return {
    ...stored,
    createdAt: new Date(stored.createdAt),
    completedAt: stored.completedAt === null ? null : new Date(stored.completedAt),
    refunds: (stored.refunds ?? []).map((refund) => ({ ...refund, createdAt: new Date(refund.createdAt) })),
  };
}
