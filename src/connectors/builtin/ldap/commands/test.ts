import { z } from 'zod';
import { defineCommand } from '../command.js';
import { textValues } from '../entries.js';
import { TLS_INSECURE_WARNING } from '../settings.js';

/** Root DSE attributes worth showing: what the server is and what it supports. */
const ROOT_DSE = [
  'namingContexts',
  'supportedLDAPVersion',
  'supportedControl',
  'supportedExtension',
  'vendorName',
  'vendorVersion',
  'defaultNamingContext',
  'dnsHostName',
];
const PAGED_RESULTS = '1.2.840.113556.1.4.319';
const PASSWORD_MODIFY = '1.3.6.1.4.1.4203.1.11.1';

export const test = defineCommand({
  description: 'Binds with the connector’s account and reads the root DSE: naming contexts and supported controls.',
  idempotent: true,
  parameters: z.object({}).strict(),
  async run(call) {
    return call.withClient(async (client) => {
      const { searchEntries } = await client.search('', {
        scope: 'base',
        filter: '(objectClass=*)',
        attributes: ROOT_DSE,
      });
      const dse = searchEntries[0] ?? { dn: '' };
      const controls = textValues(dse, 'supportedControl');
      const warnings: string[] = [];
      if (call.settings.tlsInsecure) warnings.push(TLS_INSECURE_WARNING);
      if (!controls.includes(PAGED_RESULTS))
        warnings.push('The server does not announce the Simple Paged Results control, which sync passes need');
      return {
        success: true,
        data: {
          bound: call.settings.bindDn !== undefined,
          bindDn: call.settings.bindDn ?? null,
          flavour: call.settings.flavour,
          namingContexts: textValues(dse, 'namingContexts'),
          defaultNamingContext: textValues(dse, 'defaultNamingContext')[0] ?? null,
          vendorName: textValues(dse, 'vendorName')[0] ?? null,
          pagedResults: controls.includes(PAGED_RESULTS),
          passwordModify: textValues(dse, 'supportedExtension').includes(PASSWORD_MODIFY),
          warnings,
        },
      };
    });
  },
});
