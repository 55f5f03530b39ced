import Module from 'node:module';
import { REACT_ON_PREACT } from '../../build-tools/react-on-preact';

/**
 * The tests' first setup file. Node loads some libraries as CommonJS (@testing-library/react's main
 * build, recharts' lib, use-sync-external-store), and no Vite alias reaches their require('react'):
 * this sends those requires to the same Preact modules as the aliases (vite.config.ts). Preact ships ES
 * modules only, so Node hands the CommonJS code the very instances the rest of the test imports; two
 * renderers in one tree would fail on the first hook.
 */
type Resolve = (request: string, ...rest: unknown[]) => string;
const modules = Module as unknown as { _resolveFilename: Resolve };
const resolve = modules._resolveFilename;
modules._resolveFilename = function (this: unknown, request, ...rest) {
  return resolve.call(this, REACT_ON_PREACT[request] ?? request, ...rest);
};
