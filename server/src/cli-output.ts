/** Where a command-line tool writes: its report and its complaints (the console, or a test's capture). */
export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
  progress(text: string): void;
}

/** The console, as the command-line tools write to it. */
export const CONSOLE_OUTPUT: CliOutput = {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
  progress: (text) => process.stdout.write(text),
};
