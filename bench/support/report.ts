/** A value that survives JSON.stringify unchanged. */
export type JsonValue =
  string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** One figure: one JSON object on one line of stdout. Everything else the bench says goes to stderr. */
export function printLine(line: { readonly bench: string; readonly [key: string]: JsonValue }): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** Progress for the person watching; never on stdout, so stdout stays one JSON object per line. */
export function note(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

/** Rounds to `digits` decimals (figures are estimates; more digits would be noise). */
export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Events (or requests) per second for `count` items done in `ms` milliseconds. */
export function perSecond(count: number, ms: number): number {
  return round(count / (Math.max(ms, 0.001) / 1000));
}

/** The p-th percentile (0–100) of `values`, nearest-rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/** The median of `values`. */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}
