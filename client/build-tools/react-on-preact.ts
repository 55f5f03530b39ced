import type { Alias } from 'vite';

/**
 * The React entry points the code and its libraries import, and the Preact module that stands in for
 * each (docs/decisions/preact-runs-the-client.md). The code stays React code: its imports, its types
 * (@types/react) and its libraries are React's; Preact's compat layer runs it, in the build and in the
 * tests alike, so the tests exercise what ships.
 */
export const REACT_ON_PREACT: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  // JSX compiles with the automatic runtime of tsconfig.json ("jsx": "react-jsx").
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/test-utils',
  // recharts asks react-is whether a child is a fragment: compat answers for Preact's elements.
  'react-is': 'preact/compat',
  // recharts' fallback for React before 18: compat has the hook itself.
  'use-sync-external-store/shim': 'preact/compat',
};

const exactly = (specifier: string) => new RegExp(`^${specifier.replace(/[/.]/g, '\\$&')}$`);

/** REACT_ON_PREACT as Vite aliases: the build, and every module the tests run through Vite. */
export const reactOnPreactAliases: Alias[] = Object.entries(REACT_ON_PREACT).map(([react, preact]) => ({
  find: exactly(react),
  replacement: preact,
}));

/**
 * Libraries shipped as ES modules that import React: the tests run them through Vite (not Node's own
 * loader) so the aliases reach them. Libraries that Node loads as CommonJS (recharts, react-redux,
 * @testing-library/react) are redirected by src/test/react-on-preact.ts instead.
 */
export const ES_MODULES_USING_REACT = ['@tanstack/react-query', 'react-router', 'zustand'];
