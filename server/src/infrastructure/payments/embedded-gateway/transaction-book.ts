import { openSqliteDatabase, type SqliteDatabase } from '../../sqlite/sqlite-database';

export type GatewayStatus = 'CREATED' | 'COMPLETED' | 'CANCELLED' | 'EXPIRED';

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
  /** Written before the gateway answers anybody: a status the gateway showed is never lost. */
  save(record: TransactionRecord): void;
  close(): void;
}

export class InMemoryTransactionBook implements TransactionBook {
  private readonly records = new Map<string, TransactionRecord>();

  get(id: string): TransactionRecord | undefined {
    return this.records.get(id);
  }

  save(record: TransactionRecord): void {
    this.records.set(record.id, record);
  }

  close(): void {}
}

interface StoredRecord extends Omit<TransactionRecord, 'createdAt' | 'completedAt'> {
  readonly createdAt: string;
  readonly completedAt: string | null;
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
    if (!row) return undefined;
    const stored = JSON.parse(row.record) as StoredRecord;
    return {
      ...stored,
      createdAt: new Date(stored.createdAt),
      completedAt: stored.completedAt === null ? null : new Date(stored.completedAt),
    };
  }

  save(record: TransactionRecord): void {
    const stored: StoredRecord = {
      ...record,
      createdAt: record.createdAt.toISOString(),
      completedAt: record.completedAt?.toISOString() ?? null,
    };
    this.open()
      .prepare(
        'INSERT INTO test_gateway_transactions (id, record) VALUES (?, ?) ' +
          'ON CONFLICT (id) DO UPDATE SET record = excluded.record',
      )
      .run(record.id, JSON.stringify(stored));
  }

  close(): void {
    this.db?.close();
    this.db = null;
  }

  private open(): SqliteDatabase {
    if (this.db === null) {
      this.db = openSqliteDatabase(this.file);
      this.db.exec(
        'CREATE TABLE IF NOT EXISTS test_gateway_transactions (id TEXT PRIMARY KEY, record TEXT NOT NULL)',
      );
    }
    return this.db;
  }
}
