import { ConfigError } from '../config/app-config';
import { runProjectionsCli } from './projections-cli';

runProjectionsCli(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
