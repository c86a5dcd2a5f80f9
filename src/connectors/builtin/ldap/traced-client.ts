import type { Client, SearchResult } from 'ldapts';
import { inClientSpan } from '../../../telemetry/spans.js';
import { isTracing } from '../../../telemetry/active-tracing.js';

/** The operations of ldapts's Client the connector uses, each one request to the directory. */
const OPERATIONS = ['bind', 'startTLS', 'search', 'add', 'modify', 'del', 'modifyDN', 'exop', 'unbind'] as const;

/**
 * Wraps each LDAP operation of `client` in a client span (no OpenTelemetry instrumentation exists
 * for ldapts). A span carries the operation and the server's host only: DNs, filters, attribute
 * values and the bind password stay out. A paged search is one span per page it reads. When the
 * process does not trace, `client` is returned as it is.
 */
export function traceLdapOperations(client: Client, host: string): Client {
  if (!isTracing()) return client;
  const calls = client as unknown as Record<string, (...args: unknown[]) => unknown>;
  const inSpan = <T>(operation: string, work: () => Promise<T>) =>
    inClientSpan(`LDAP ${operation}`, { 'ldap.operation': operation, 'server.address': host }, work);
  for (const operation of OPERATIONS) {
    const call = calls[operation]!.bind(client) as (...args: unknown[]) => Promise<unknown>;
    calls[operation] = (...args: unknown[]) => inSpan(operation, () => call(...args));
  }
  const searchPaginated = client.searchPaginated.bind(client);
  client.searchPaginated = async function* (...args: Parameters<Client['searchPaginated']>) {
    const pages = searchPaginated(...args);
    for (;;) {
      const page: IteratorResult<SearchResult> = await inSpan('search', () => pages.next());
      if (page.done) return;
      yield page.value;
    }
  };
  return client;
}
