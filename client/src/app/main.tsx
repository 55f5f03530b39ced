import { start } from './start';

// index.html's script: every page without a script of its own (client/build-tools/page-entries.ts).
start();
