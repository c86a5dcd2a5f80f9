/**
 * Active Directory's `objectGUID` is 16 raw bytes; Microsoft writes it as a GUID string whose first
 * three groups are the little-endian fields of the GUID structure (Data1, Data2, Data3) and whose
 * last two are the bytes in order. That string is what AD tools show (`Get-ADUser`), so it is the
 * `externalId` an operator can look up.
 */

/** The canonical string of an objectGUID (`{00112233-...}` without braces, lower case). */
export function guidFromBytes(bytes: Buffer): string {
  if (bytes.length !== 16) throw new RangeError(`An objectGUID has 16 bytes, not ${bytes.length}`);
  const hex = (from: number, to: number, reverse: boolean) => {
    const part = Buffer.from(bytes.subarray(from, to));
    return (reverse ? part.reverse() : part).toString('hex');
  };
  return [hex(0, 4, true), hex(4, 6, true), hex(6, 8, true), hex(8, 10, false), hex(10, 16, false)].join('-');
}

/** The 16 bytes of a GUID string, for filters on objectGUID; undefined when it is not a GUID. */
export function guidToBytes(guid: string): Buffer | undefined {
  const match = /^\{?([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\}?$/i.exec(guid.trim());
  if (!match) return undefined;
  const part = (text: string, reverse: boolean) => {
    const bytes = Buffer.from(text, 'hex');
    return reverse ? bytes.reverse() : bytes;
  };
  return Buffer.concat([
    part(match[1]!, true),
    part(match[2]!, true),
    part(match[3]!, true),
    part(match[4]!, false),
    part(match[5]!, false),
  ]);
}

/** A filter assertion value for raw bytes: every byte as `\XX` (RFC 4515). */
export function bytesFilterValue(bytes: Buffer): string {
  return [...bytes].map((byte) => `\\${byte.toString(16).padStart(2, '0')}`).join('');
}
