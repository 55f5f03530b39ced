import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteDatabase, type SqliteDatabase } from './sqlite-database';
import {
  BackgroundWriter,
  PlanCheckFailedError,
  PlanDependencyFailedError,
  WritePlan,
} from './sqlite-writer';
import { TextArena } from './sqlite-texts';

describe('BackgroundWriter', () => {
  let dir: string;
  let db: SqliteDatabase;
  let writer: BackgroundWriter;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lepinguturg-writer-'));
    db = openSqliteDatabase(join(dir, 'data.sqlite'));
    db.exec(`
      CREATE TABLE rows (n INTEGER PRIMARY KEY, label TEXT, amount REAL, data BLOB);
      CREATE TABLE versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL);
      INSERT INTO versions VALUES ('rows', 1);
    `);
    writer = BackgroundWriter.of(db)!;
  });

  afterEach(async () => {
    await writer.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const INSERT = 'INSERT INTO rows (n, label, amount, data) VALUES (?, ?, ?, ?)';
  const rows = () => db.prepare('SELECT n, label, amount, data FROM rows ORDER BY n').all();

  it('writes a plan on its own thread, in order, with every kind of value as it was given', async () => {
    // A small Buffer comes from Node's shared pool: it must be copied, not moved, to the thread.
    const pooled = Buffer.from([1, 2, 3]);
    const plan = new WritePlan();
    plan.run(INSERT, [1, 'Üürileping – õigus ja kohustused 📄', 12.5, pooled]);
    plan.run(INSERT, [2, '', -3, null]);
    plan.run(INSERT, [3, null, null, Buffer.alloc(0)]);
    plan.run("UPDATE rows SET label = label || ' (muudetud)' WHERE n = ?", [1]);
    plan.run('UPDATE versions SET version = version + 1', []);
    plan.run(INSERT, [4, 'ž'.repeat(10_000), 0, Buffer.alloc(5000, 7)]);
    await writer.write(plan);

    expect(rows()).toEqual([
      {
        n: 1,
        label: 'Üürileping – õigus ja kohustused 📄 (muudetud)',
        amount: 12.5,
        data: Buffer.from([1, 2, 3]),
      },
      { n: 2, label: '', amount: -3, data: null },
      { n: 3, label: null, amount: null, data: Buffer.alloc(0) },
      { n: 4, label: 'ž'.repeat(10_000), amount: 0, data: Buffer.alloc(5000, 7) },
    ]);
    expect(db.prepare('SELECT version FROM versions').pluck().get()).toBe(2);
    expect([...pooled]).toEqual([1, 2, 3]);
    expect(Buffer.from('still usable').toString()).toBe('still usable');
  });

  it('writes text slices from shared memory as text, among numbers, across chunks, every value in its place', async () => {
    const texts = new TextArena();
    const plan = new WritePlan();
    const label = (n: number) => `{"_id":"e${n}","title":"Üürileping nr ${n} 📄"}`;
    const CAST_INSERT = 'INSERT INTO rows (n, label, amount, data) VALUES (?, CAST(? AS TEXT), ?, ?)';
    // Enough texts for several chunks, and a slice before two numbers in every run (the values' numbers
    // outgrow the plan's first arrays many times over).
    for (let n = 1; n <= 3000; n++) plan.run(CAST_INSERT, [n, texts.put(label(n)), n / 2, null]);
    for (let n = 1; n <= 3000; n += 7)
      plan.run('UPDATE rows SET label = CAST(? AS TEXT), amount = ? WHERE n = ?', [
        texts.put(`${label(n)} (muudetud)`),
        -n,
        n,
      ]);
    plan.run(CAST_INSERT, [3001, texts.put('ž'.repeat(200_000)), 0, null]);
    await writer.write(plan);

    const written = db
      .prepare('SELECT n, typeof(label) AS type, label, amount FROM rows ORDER BY n')
      .all() as { n: number; type: string; label: string; amount: number }[];
    expect(written).toHaveLength(3001);
    for (const row of written.slice(0, 3000)) {
      const updated = (row.n - 1) % 7 === 0;
      expect(row).toEqual({
        n: row.n,
        type: 'text',
        label: updated ? `${label(row.n)} (muudetud)` : label(row.n),
        amount: updated ? -row.n : row.n / 2,
      });
    }
    expect(written[3000]).toEqual({ n: 3001, type: 'text', label: 'ž'.repeat(200_000), amount: 0 });
  });

  it('writes nothing of a plan whose check does not hold, says which, and writes the next plan', async () => {
    const refused = new WritePlan();
    refused.check('SELECT version FROM versions WHERE name = ?', ['rows'], 1);
    refused.check('SELECT version FROM versions WHERE name = ?', ['rows'], 7);
    refused.run(INSERT, [1, 'a', 1, null]);
    const next = new WritePlan();
    next.check('SELECT version FROM versions WHERE name = ?', ['rows'], 1);
    next.run(INSERT, [2, 'b', 2, null]);

    const results = await Promise.allSettled([writer.write(refused), writer.write(next)]);
    expect(results[0]).toEqual({ status: 'rejected', reason: new PlanCheckFailedError(1) });
    expect((results[0] as PromiseRejectedResult).reason.check).toBe(1);
    expect(results[1]).toEqual({ status: 'fulfilled', value: undefined });
    expect(rows()).toEqual([{ n: 2, label: 'b', amount: 2, data: null }]);
  });

  it('rolls a plan back whole when a statement fails, rejects with SQLite’s error, and goes on', async () => {
    const failing = new WritePlan();
    failing.run(INSERT, [1, 'a', 1, null]);
    failing.run(INSERT, [1, 'the same key again', 1, null]);
    await expect(writer.write(failing)).rejects.toMatchObject({
      name: 'SqliteError',
      code: 'SQLITE_CONSTRAINT_PRIMARYKEY',
    });
    expect(rows()).toEqual([]);

    const next = new WritePlan();
    next.run(INSERT, [1, 'a', 1, null]);
    await writer.write(next);
    expect(rows()).toHaveLength(1);
  });

  it('writes a plan made on top of the one before it only if that one was written', async () => {
    const plan = (n: number, again = false) => {
      const made = new WritePlan();
      made.run(INSERT, [n, `row ${n}`, n, null]);
      if (again) made.run(INSERT, [n, 'the same key again', n, null]);
      return made;
    };
    const results = await Promise.allSettled([
      writer.write(plan(1, true)),
      writer.write(plan(2), true),
      writer.write(plan(3), true),
      writer.write(plan(4)),
      writer.write(plan(5), true),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(PlanDependencyFailedError);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(PlanDependencyFailedError);
    expect(rows().map((row) => (row as { n: number }).n)).toEqual([4, 5]);
  });

  it('finishes what it was given before it closes, then refuses more', async () => {
    const plans = Array.from({ length: 20 }, (_, i) => {
      const plan = new WritePlan();
      for (let k = 0; k < 100; k++) plan.run(INSERT, [i * 100 + k, `row ${i * 100 + k}`, k, null]);
      return plan;
    });
    const written = plans.map((plan) => writer.write(plan));
    await writer.close();
    await Promise.all(written);
    expect(db.prepare('SELECT count(*) FROM rows').pluck().get()).toBe(2000);
    await expect(writer.write(new WritePlan())).rejects.toThrow(/closed/);
  });

  it('says so once its thread has stopped, and refuses plans', async () => {
    expect(writer.stopped).toBe(false);
    await writer['worker'].terminate();
    expect(writer.stopped).toBe(true);
    const plan = new WritePlan();
    plan.run(INSERT, [1, 'a', 1, null]);
    await expect(writer.write(plan)).rejects.toThrow(/stopped/);
    expect(rows()).toEqual([]);
  });

  it('has no thread for a database in memory', () => {
    const memory = openSqliteDatabase(':memory:');
    expect(BackgroundWriter.of(memory)).toBeNull();
    memory.close();
  });
});
