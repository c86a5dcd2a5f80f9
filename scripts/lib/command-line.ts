import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Exit status of a script called the wrong way (0 is success, 1 a failure of the work itself). */
export const USAGE_EXIT_CODE = 2;

/**
 * Parses a script's arguments: `--help` (or `-h`) prints the usage and exits 0; an unknown or
 * malformed option prints what is wrong and the usage, and exits 2, so nobody sees a stack trace.
 */
export function parseCommandLine<T extends ParseArgsConfig>(usage: string, config: T): ReturnType<typeof parseArgs<T>> {
  const args = config.args ?? process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs<T>({ ...config, args });
  } catch (error) {
    return usageError(usage, (error as Error).message);
  }
}

/** Prints why the call was wrong, then the usage, and exits 2. */
export function usageError(usage: string, message?: string): never {
  console.error(message ? `${message}\n${usage}` : usage);
  process.exit(USAGE_EXIT_CODE);
}
