/** A command's output: results on stdout, notes and errors on stderr, one line each (the operator reads them). */
export const out = (line: string) => process.stdout.write(`${line}\n`);
export const note = (line: string) => process.stderr.write(`${line}\n`);

/**
 * Runs a command's main: the number it returns is the exit code; what it throws is one line on stderr (after
 * `failed: ` when given) and exit code 1.
 */
export function runCommand(main: () => Promise<number>, failed?: string): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      const why = err instanceof Error ? err.message : String(err);
      note(failed ? `${failed}: ${why}` : why);
      process.exitCode = 1;
    },
  );
}
