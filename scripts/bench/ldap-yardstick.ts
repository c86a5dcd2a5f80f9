import { Client } from 'ldapts';

/**
 * The yardstick of the ldap benchmark: the entries a sync pass reads, paged with the same page
 * size by a bare `ldapts` client over one bound connection that only counts them. No sync can
 * read a directory faster than this, so the pass's speed is judged as a fraction of it.
 */

export interface PagedRead {
  url: string;
  bindDn: string;
  bindPassword: string;
  baseDn: string;
  filter: string;
  attributes: string[];
  pageSize: number;
}

export async function pageWithBareClient(read: PagedRead): Promise<{ entries: number; pages: number; ms: number }> {
  const client = new Client({ url: read.url });
  const started = performance.now();
  try {
    await client.bind(read.bindDn, read.bindPassword);
    let entries = 0;
    let pages = 0;
    for await (const page of client.searchPaginated(read.baseDn, {
      scope: 'sub',
      filter: read.filter,
      attributes: read.attributes,
      paged: { pageSize: read.pageSize },
    })) {
      entries += page.searchEntries.length;
      pages += 1;
    }
    return { entries, pages, ms: Math.round(performance.now() - started) };
  } finally {
    await client.unbind();
  }
}
