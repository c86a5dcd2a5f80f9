import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { URL_SETTING_KINDS } from './connection-urls.js';
import type { ConnectorHandler } from './handler.js';

/**
 * Loads custom handlers from module paths (CONNECTOR_HANDLER_PATHS: files, folders with an index,
 * or package names). A module exports its handler as the default export, as `handler`, or as
 * `handlers` (an array); any of them may also be a factory function returning the handler(s).
 */
export async function loadCustomHandlers(
  modulePaths: readonly string[],
  baseDir = process.cwd(),
): Promise<ConnectorHandler[]> {
  const loaded: ConnectorHandler[] = [];
  for (const modulePath of modulePaths) {
    const specifier =
      modulePath.startsWith('.') || path.isAbsolute(modulePath)
        ? pathToFileURL(path.resolve(baseDir, modulePath)).href
        : modulePath;
    const module = (await import(specifier)) as Record<string, unknown>;
    const exported = module.handlers ?? module.handler ?? module.default;
    const resolved = typeof exported === 'function' ? await (exported as () => unknown)() : exported;
    const handlers = Array.isArray(resolved) ? resolved : [resolved];
    for (const candidate of handlers) loaded.push(assertHandler(candidate, modulePath));
  }
  return loaded;
}

/** Absent, or an object naming settings with a kind the service can check (connection-urls.ts). */
function validUrlSettings(settings: unknown): boolean {
  if (settings === undefined) return true;
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) return false;
  return Object.values(settings).every((kind) => (URL_SETTING_KINDS as readonly unknown[]).includes(kind));
}

function assertHandler(candidate: unknown, source: string): ConnectorHandler {
  const handler = candidate as Partial<ConnectorHandler> | null;
  const problems = [
    typeof handler?.name === 'string' && handler.name !== '' ? undefined : 'a name',
    typeof handler?.version === 'string' ? undefined : 'a version',
    typeof handler?.execute === 'function' ? undefined : 'an execute function',
    handler?.commands && typeof handler.commands === 'object' ? undefined : 'commands',
    typeof handler?.defaultCommand === 'string' ? undefined : 'a defaultCommand',
    validUrlSettings(handler?.urlSettings) ? undefined : `urlSettings whose kinds are ${URL_SETTING_KINDS.join(', ')}`,
  ].filter((problem): problem is string => problem !== undefined);
  if (problems.length > 0) throw new Error(`Custom connector handler from ${source} lacks ${problems.join(', ')}`);
  return { description: `Custom handler from ${source}`, ...handler } as ConnectorHandler;
}
