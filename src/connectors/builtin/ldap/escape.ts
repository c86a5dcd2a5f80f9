/**
 * Escaping of values put into LDAP text: filters (RFC 4515) and distinguished names (RFC 4514).
 * Every value from parameters, settings or records goes through these before it is interpolated,
 * so a value can never change the structure of the filter or DN it lands in.
 */

/** A value for an assertion in a search filter: `*`, `(`, `)`, `\` and NUL as `\XX` (RFC 4515 section 3). */
export function escapeFilterValue(value: string): string {
  return value.replace(/[*()\\\0]/g, (character) => `\\${character.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * An attribute value for an RDN: the characters RFC 4514 section 2.4 reserves (`"+,;<>\`, NUL, a
 * leading space or `#`, a trailing space) escaped; everything else, non-ASCII included, as it is.
 */
export function escapeDnValue(value: string): string {
  // Most values need nothing: a sync resolves hundreds of thousands of member DNs through dnKey.
  if (!/["+,;<>\\\0]|^[ #]| $/.test(value)) return value;
  let escaped = '';
  const characters = [...value];
  for (const [index, character] of characters.entries()) {
    if (character === '\0') escaped += '\\00';
    else if (
      '"+,;<>\\'.includes(character) ||
      (index === 0 && (character === ' ' || character === '#')) ||
      (index === characters.length - 1 && character === ' ')
    )
      escaped += `\\${character}`;
    else escaped += character;
  }
  return escaped;
}

/**
 * A comparison key for a DN: attribute types and values in lower case, spaces around separators
 * dropped and every value escaped one way, so `UID=Ann, ou=People,...` and `uid=ann,ou=people,...`
 * share one key. Server DNs and DNs of parameters are compared through it.
 */
export function dnKey(dn: string): string {
  // A sync pass keys every entry's DN and every manager or member DN it names: most are plain.
  if (PLAIN_DN.test(dn) && !NEEDS_PARSING.test(dn)) return dn.toLowerCase();
  return splitUnescaped(dn.trim(), ',')
    .map((rdn) =>
      splitUnescaped(rdn, '+')
        .map((pair) => {
          const equals = pair.indexOf('=');
          if (equals < 0) return pair.trim().toLowerCase();
          const type = pair.slice(0, equals).trim().toLowerCase();
          return `${type}=${escapeDnValue(unescapeDnValue(pair.slice(equals + 1).trim()).toLowerCase())}`;
        })
        .sort()
        .join('+'),
    )
    .join(',');
}

/**
 * A DN of printable ASCII with no escape, quote, `+`, `;`, `<`, `>` or `#`, and no space at its
 * ends or next to a `,` or `=`: the key built below would be the DN in lower case.
 */
const PLAIN_DN = /^[\x20-\x7e]*$/;
const NEEDS_PARSING = /[\\"+;<>#]|^ | $| [,=]|[,=] /;

/** The RDN `type=value` of a DN's first component and the DN of its parent, both as written. */
export function splitDn(dn: string): { rdn: string; parent: string } {
  const [rdn = '', ...rest] = splitUnescaped(dn.trim(), ',');
  return { rdn: rdn.trim(), parent: rest.map((part) => part.trim()).join(',') };
}

/** Whether `dn` names an entry at or under `base`. */
export function isUnder(dn: string, base: string): boolean {
  const key = dnKey(dn);
  const baseKey = dnKey(base);
  return baseKey === '' || key === baseKey || key.endsWith(`,${baseKey}`);
}

function unescapeDnValue(raw: string): string {
  if (!raw.includes('\\')) return raw;
  const bytes: number[] = [];
  for (let index = 0; index < raw.length; index += 1) {
    const character = raw[index]!;
    const hex = raw.slice(index + 1, index + 3);
    if (character === '\\' && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else if (character === '\\' && index + 1 < raw.length) {
      bytes.push(...Buffer.from(raw[index + 1]!, 'utf8'));
      index += 1;
    } else {
      bytes.push(...Buffer.from(character, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** `text` split at each `separator` not escaped by a backslash. */
function splitUnescaped(text: string, separator: string): string[] {
  if (text === '') return [];
  const parts: string[] = [];
  let current = '';
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (character === '\\') {
      current += character + (text[index + 1] ?? '');
      index += 1;
    } else if (character === separator) {
      parts.push(current);
      current = '';
    } else current += character;
  }
  parts.push(current);
  return parts;
}
