import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config/app-config';
import { importAccounts } from './infrastructure/identity/embedded/account-import';
import { migrateIdentitySchema } from './infrastructure/identity/embedded/identity-schema';
import { SqliteAccountStore } from './infrastructure/identity/embedded/sqlite-account-store';
import { DATABASE_FILE, openSqliteDatabase } from './infrastructure/sqlite/sqlite-database';

const USAGE = 'Usage: npm run accounts -- import <accounts.csv>';

/** `npm run accounts -- import file.csv`: accounts into the embedded provider, each to reset its password. */
async function main(args: readonly string[]): Promise<number> {
  const [command, file] = args;
  if (command !== 'import' || !file) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  if (!config.identity.embedded || config.profile !== 'embedded') {
    console.error(
      'Accounts are imported into the embedded identity provider (PROFILE=embedded, no OIDC_ISSUER).',
    );
    return 1;
  }
  const db = openSqliteDatabase(join(config.dataDir, DATABASE_FILE));
  try {
    migrateIdentitySchema(db);
    const report = await importAccounts(new SqliteAccountStore(db), readFileSync(file, 'utf8'), {
      now: new Date(),
      smsCountries: config.identity.sms.countries,
    });
    for (const problem of report.problems) console.error(problem);
    console.log(
      `Imported ${report.created} accounts (each must reset its password at the first sign-in); ${report.existing} addresses already had one.`,
    );
    return report.problems.some((p) => p.startsWith('Line ')) ? 1 : 0;
  } finally {
    db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
