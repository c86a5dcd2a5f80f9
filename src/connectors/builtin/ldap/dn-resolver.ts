import type { Client } from 'ldapts';
import { bufferAttributes, externalIdOf } from './entries.js';
import { dnKey, escapeFilterValue } from './escape.js';
import type { LdapSettings } from './settings.js';

/**
 * DNs found in entries (`manager`, a group's `member`) turned into the `externalId` of the entry
 * they name, remembered for the rest of a pass. Unknown DNs are looked up in batches: one search
 * matching up to BATCH DNs on the flavour's DN attribute (`entryDN`, `distinguishedName`), so a
 * group of thousands costs a handful of requests, never one per member. A directory without such
 * an attribute (`generic`) reads each unknown DN once.
 */

const BATCH = 200;

export class DnResolver {
  /** By DN key: the externalId, or null for a DN that names no entry (or one without an id). */
  private readonly known = new Map<string, string | null>();

  constructor(private readonly settings: LdapSettings) {}

  /** Remembers an entry met anyway (a page of users), so no lookup is needed for it. */
  remember(dn: string, externalId: string): void {
    this.known.set(dnKey(dn), externalId);
  }

  /** The externalId of each DN (null for none); unknown ones are looked up on `client`. */
  async resolve(client: Client, dns: readonly string[]): Promise<Map<string, string | null>> {
    const keys = dns.map(dnKey);
    // The DN to look up for each unknown key (its first spelling).
    const unknown = new Map<string, string>();
    keys.forEach((key, index) => {
      if (!this.known.has(key) && !unknown.has(key)) unknown.set(key, dns[index]!);
    });
    const { dnAttribute, idAttribute } = this.settings.attributes;
    const pending = [...unknown];
    for (let start = 0; start < pending.length; start += BATCH) {
      const batch = pending.slice(start, start + BATCH);
      if (dnAttribute) {
        const clauses = batch.map(([, dn]) => `(${dnAttribute}=${escapeFilterValue(dn)})`).join('');
        const { searchEntries } = await client.search(this.settings.baseDn, {
          scope: 'sub',
          filter: batch.length === 1 ? clauses : `(|${clauses})`,
          attributes: [idAttribute],
          explicitBufferAttributes: bufferAttributes(this.settings),
        });
        for (const entry of searchEntries) this.known.set(dnKey(entry.dn), idOrNull(entry, this.settings));
      } else {
        for (const [key, dn] of batch) {
          try {
            const { searchEntries } = await client.search(dn, {
              scope: 'base',
              attributes: [idAttribute],
              explicitBufferAttributes: bufferAttributes(this.settings),
            });
            const entry = searchEntries[0];
            if (entry) this.known.set(key, idOrNull(entry, this.settings));
          } catch {
            // A DN that names nothing (noSuchObject) or is out of reach resolves to null below.
          }
        }
      }
      for (const [key] of batch) if (!this.known.has(key)) this.known.set(key, null);
    }
    return new Map(dns.map((dn, index) => [dn, this.known.get(keys[index]!) ?? null]));
  }
}

function idOrNull(entry: Parameters<typeof externalIdOf>[0], settings: LdapSettings): string | null {
  try {
    return externalIdOf(entry, settings);
  } catch {
    return null;
  }
}
