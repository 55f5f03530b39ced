import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SqliteDatabase, openSqliteDatabase } from '../../sqlite/sqlite-database';
import { importAccounts, parseCsv } from './account-import';
import { migrateIdentitySchema } from './identity-schema';
import { SqliteAccountStore } from './sqlite-account-store';

describe('account import (Cognito-shaped CSV into the embedded provider)', () => {
  let dir: string;
  let db: SqliteDatabase;
  let accounts: SqliteAccountStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'import-'));
    db = openSqliteDatabase(join(dir, 'lepinguturg.sqlite'));
    migrateIdentitySchema(db);
    accounts = new SqliteAccountStore(db);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads quoted fields with commas, quotes and line breaks', () => {
    expect(parseCsv('a,b\r\n"x, ""y""","line\nbreak"\n')).toEqual([
      ['a', 'b'],
      ['x, "y"', 'line\nbreak'],
    ]);
  });

  it('imports accounts without a password, each marked to reset it, and keeps existing ones', async () => {
    await accounts.create({
      email: 'olemas@example.ee',
      password: 'Olemas#2026x',
      emailVerified: true,
      now: new Date(),
    });
    const report = await importAccounts(
      accounts,
      [
        'email,email_verified,given_name,family_name,phone_number,phone_number_verified,custom:company',
        'Mari.Maasikas@Example.ee,true,Mari,Maasikas,+372 5123 4567,true,"Maasikas, OÜ"',
        'olemas@example.ee,true,,,,,',
        'not-an-address,true,,,,,',
      ].join('\n'),
      { now: new Date('2026-11-26T10:00:00Z'), smsCountries: ['EE'] },
    );
    expect(report).toEqual({
      created: 1,
      existing: 1,
      problems: ['Line 4: "not-an-address" is not an e-mail address.'],
    });
    const mari = accounts.findByEmail('mari.maasikas@example.ee');
    expect(mari).toMatchObject({
      emailVerified: true,
      hasPassword: false,
      passwordResetRequired: true,
      phoneNumber: '+37251234567',
      phoneNumberVerified: true,
      attributes: { given_name: 'Mari', family_name: 'Maasikas', 'custom:company': 'Maasikas, OÜ' },
    });
    expect(await accounts.checkPassword(mari?.id ?? '', '')).toBe(false);
    expect(accounts.findByEmail('olemas@example.ee')).toMatchObject({
      hasPassword: true,
      passwordResetRequired: false,
    });
  });
});
