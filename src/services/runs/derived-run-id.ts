import { createHash } from 'node:crypto';

/**
 * How a derived run id sets the variant bits: `rfc` keeps two bits of the hash (RFC 9562),
 * `fixed-a` writes the whole variant nibble as `a`.
 */
export type DerivedRunIdVariant = 'rfc' | 'fixed-a';

/**
 * A run id derived from `seed`: the first 128 bits of its SHA-256 as a UUID of `version`, so
 * that retrying whatever starts the run records it once.
 *
 * Each caller keeps the version and variant it was first written with. Its ids must stay the
 * same across deploys: a retried schedule firing, sync pass or webhook delivery that derived
 * a new id would start its run a second time.
 */
export function derivedRunId(seed: string, version: 4 | 5 | 8, variant: DerivedRunIdVariant = 'rfc'): string {
  const bytes = createHash('sha256').update(seed).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | (version << 4);
  bytes[8] = variant === 'rfc' ? (bytes[8]! & 0x3f) | 0x80 : (bytes[8]! & 0x0f) | 0xa0;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
