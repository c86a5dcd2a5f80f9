import { ConnectorError } from '../connector-error.js';

/**
 * Distinguished names (RFC 4514): `uid=jdoe,ou=people,dc=example,dc=test`. Two spellings of one
 * DN (case, spaces around separators, escapes) share one normalized key, which is how entries
 * are stored and compared. Multi-valued RDNs (`cn=a+sn=b`) are not supported.
 */

export interface RelativeDn {
  attribute: string;
  value: string;
}

export interface ParsedDn {
  rdns: RelativeDn[];
  /** Normalized form: lower case, no optional spaces, canonical escapes. */
  key: string;
  /** Key of the parent entry; '' for a top-level entry. */
  parentKey: string;
}

const ATTRIBUTE_NAME = /^(?:[A-Za-z][A-Za-z0-9-]*|\d+(?:\.\d+)*)$/;
const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;
const SPECIAL_CHARACTERS = ',+"\\<>;=';

/** The parts and key of `dn`; an `invalid_parameters` error when it is not a DN. */
export function parseDn(dn: string): ParsedDn {
  const rdns = splitUnescaped(dn.trim(), ',').map((part) => parseRdn(part, dn));
  if (rdns.length === 0) throw invalidDn(dn, 'it is empty');
  const keys = rdns.map(rdnKey);
  return { rdns, key: keys.join(','), parentKey: keys.slice(1).join(',') };
}

/** The normalized key of `dn`, for lookups. */
export function dnKey(dn: string): string {
  return parseDn(dn).key;
}

/** A DN value with the characters RFC 4514 reserves escaped. */
export function escapeDnValue(value: string): string {
  let escaped = '';
  const characters = [...value];
  for (const [index, character] of characters.entries()) {
    const needsEscape =
      SPECIAL_CHARACTERS.includes(character) ||
      (index === 0 && (character === ' ' || character === '#')) ||
      (index === characters.length - 1 && character === ' ');
    escaped += needsEscape ? `\\${character}` : character;
  }
  return escaped;
}

function rdnKey(rdn: RelativeDn): string {
  return `${rdn.attribute.toLowerCase()}=${escapeDnValue(rdn.value.toLowerCase())}`;
}

function parseRdn(part: string, dn: string): RelativeDn {
  if (splitUnescaped(part, '+').length > 1) throw invalidDn(dn, 'multi-valued RDNs are not supported');
  const [attribute, ...valueParts] = splitUnescaped(part, '=');
  if (attribute === undefined || valueParts.length === 0) throw invalidDn(dn, `'${part.trim()}' has no '='`);
  if (valueParts.length > 1) throw invalidDn(dn, `'${part.trim()}' has an unescaped '='`);
  const name = attribute.trim();
  if (!ATTRIBUTE_NAME.test(name)) throw invalidDn(dn, `'${name}' is not an attribute name`);
  const value = unescapeDnValue(valueParts[0]!.trim(), dn);
  if (value === '') throw invalidDn(dn, `'${name}' has an empty value`);
  return { attribute: name, value };
}

function unescapeDnValue(raw: string, dn: string): string {
  let value = '';
  let escapedBytes = '';
  const flushBytes = (): void => {
    if (escapedBytes === '') return;
    try {
      value += decodeURIComponent(escapedBytes);
    } catch {
      throw invalidDn(dn, 'escaped bytes are not valid UTF-8');
    }
    escapedBytes = '';
  };
  for (let index = 0; index < raw.length; index += 1) {
    const character = raw[index]!;
    if (character !== '\\') {
      if (character === '"') throw invalidDn(dn, 'quoted values are not supported; escape instead');
      flushBytes();
      value += character;
      continue;
    }
    const next = raw[index + 1];
    const hex = raw.slice(index + 1, index + 3);
    if (HEX_PAIR.test(hex)) {
      escapedBytes += `%${hex}`;
      index += 2;
    } else if (next !== undefined && (SPECIAL_CHARACTERS.includes(next) || next === ' ' || next === '#')) {
      flushBytes();
      value += next;
      index += 1;
    } else {
      throw invalidDn(dn, "'\\' must escape a special character or two hex digits");
    }
  }
  flushBytes();
  return value;
}

/** `text` split at each `separator` not preceded by an escaping backslash. */
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
    } else {
      current += character;
    }
  }
  parts.push(current);
  return parts;
}

function invalidDn(dn: string, reason: string): ConnectorError {
  return new ConnectorError('invalid_parameters', `Invalid DN '${dn}': ${reason}`);
}
