/**
 * LDAP search filters (RFC 4515): parsing into a tree and matching entries against it.
 * Supported: `(attr=value)`, `(attr=*)`, substrings `(mail=j*@*.test)`, `(attr>=v)`, `(attr<=v)`,
 * `(attr~=v)`, `(&...)`, `(|...)`, `(!...)` and `\XX` escapes. Not supported: extensible matches
 * (`:=`). Matching is case-insensitive, as for the directory string attributes it simulates.
 * Input length and nesting are bounded and substrings are matched without regular expressions,
 * so a hostile filter costs at most linear time.
 */

export type LdapFilter =
  | { type: 'and'; filters: LdapFilter[] }
  | { type: 'or'; filters: LdapFilter[] }
  | { type: 'not'; filter: LdapFilter }
  | { type: 'present'; attribute: string }
  | { type: 'equal' | 'approx' | 'greaterOrEqual' | 'lessOrEqual'; attribute: string; value: string }
  | { type: 'substring'; attribute: string; initial?: string; any: string[]; final?: string };

export type LdapFilterParse = { ok: true; filter: LdapFilter } | { ok: false; error: string };

export const MAX_FILTER_LENGTH = 4096;
export const MAX_FILTER_DEPTH = 32;

const ATTRIBUTE_NAME = /^(?:[A-Za-z][A-Za-z0-9-]*|\d+(?:\.\d+)*)$/;
const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;

class FilterSyntaxError extends Error {}

/** The filter tree of `text`, or why it is not a valid filter. A bare `attr=value` is accepted too. */
export function parseLdapFilter(text: string): LdapFilterParse {
  const source = text.trim();
  if (source === '') return { ok: false, error: 'Invalid LDAP filter: the filter is empty' };
  if (source.length > MAX_FILTER_LENGTH)
    return { ok: false, error: `Invalid LDAP filter: longer than ${MAX_FILTER_LENGTH} characters` };
  const wrapped = source.startsWith('(') ? source : `(${source})`;
  try {
    const parser = new FilterParser(wrapped);
    const filter = parser.parseFilter(0);
    parser.expectEnd();
    return { ok: true, filter };
  } catch (error) {
    if (error instanceof FilterSyntaxError) return { ok: false, error: `Invalid LDAP filter: ${error.message}` };
    throw error;
  }
}

/** Whether an entry, seen through `valuesOf` (an attribute's values, any case of its name), matches. */
export function matchesLdapFilter(filter: LdapFilter, valuesOf: (attribute: string) => readonly string[]): boolean {
  switch (filter.type) {
    case 'and':
      return filter.filters.every((inner) => matchesLdapFilter(inner, valuesOf));
    case 'or':
      return filter.filters.some((inner) => matchesLdapFilter(inner, valuesOf));
    case 'not':
      return !matchesLdapFilter(filter.filter, valuesOf);
    case 'present':
      return valuesOf(filter.attribute).length > 0;
    case 'equal':
    case 'approx': {
      const expected = filter.value.toLowerCase();
      return valuesOf(filter.attribute).some((value) => value.toLowerCase() === expected);
    }
    case 'greaterOrEqual':
      return valuesOf(filter.attribute).some((value) => compareOrdered(value, filter.value) >= 0);
    case 'lessOrEqual':
      return valuesOf(filter.attribute).some((value) => compareOrdered(value, filter.value) <= 0);
    case 'substring':
      return valuesOf(filter.attribute).some((value) => matchesSubstrings(value.toLowerCase(), filter));
  }
}

/** Integers compare as numbers, everything else as case-folded strings (generalized times sort as text). */
function compareOrdered(actual: string, expected: string): number {
  if (/^-?\d+$/.test(actual) && /^-?\d+$/.test(expected)) return Math.sign(Number(actual) - Number(expected));
  const left = actual.toLowerCase();
  const right = expected.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
}

function matchesSubstrings(value: string, filter: { initial?: string; any: string[]; final?: string }): boolean {
  let position = 0;
  if (filter.initial !== undefined) {
    const initial = filter.initial.toLowerCase();
    if (!value.startsWith(initial)) return false;
    position = initial.length;
  }
  for (const part of filter.any) {
    const found = value.indexOf(part.toLowerCase(), position);
    if (found === -1) return false;
    position = found + part.length;
  }
  if (filter.final !== undefined) {
    const final = filter.final.toLowerCase();
    return value.length - final.length >= position && value.endsWith(final);
  }
  return true;
}

class FilterParser {
  private position = 0;

  constructor(private readonly text: string) {}

  parseFilter(depth: number): LdapFilter {
    if (depth >= MAX_FILTER_DEPTH) throw this.error(`nested deeper than ${MAX_FILTER_DEPTH} levels`);
    this.skipSpaces();
    this.expect('(');
    let filter: LdapFilter;
    const operator = this.text[this.position];
    if (operator === '&' || operator === '|') {
      this.position += 1;
      const filters = this.parseFilterList(depth);
      filter = operator === '&' ? { type: 'and', filters } : { type: 'or', filters };
    } else if (operator === '!') {
      this.position += 1;
      filter = { type: 'not', filter: this.parseFilter(depth + 1) };
      this.skipSpaces();
    } else {
      filter = this.parseItem();
    }
    this.expect(')');
    return filter;
  }

  expectEnd(): void {
    this.skipSpaces();
    if (this.position < this.text.length) throw this.error('unexpected text after the filter');
  }

  private parseFilterList(depth: number): LdapFilter[] {
    const filters: LdapFilter[] = [];
    for (this.skipSpaces(); this.text[this.position] === '('; this.skipSpaces())
      filters.push(this.parseFilter(depth + 1));
    return filters;
  }

  private parseItem(): LdapFilter {
    const start = this.position;
    while (this.position < this.text.length && !'=~<>()'.includes(this.text[this.position]!)) this.position += 1;
    const attribute = this.text.slice(start, this.position);
    if (attribute.includes(':')) throw this.error('extensible match filters are not supported', start);
    if (!ATTRIBUTE_NAME.test(attribute)) throw this.error(`'${attribute}' is not an attribute name`, start);

    const operatorStart = this.position;
    const next = this.text[this.position];
    let type: 'equal' | 'approx' | 'greaterOrEqual' | 'lessOrEqual' = 'equal';
    if (next === '~' || next === '>' || next === '<') {
      if (this.text[this.position + 1] !== '=') throw this.error(`expected '=' after '${next}'`, operatorStart + 1);
      type = next === '~' ? 'approx' : next === '>' ? 'greaterOrEqual' : 'lessOrEqual';
      this.position += 2;
    } else if (next === '=') {
      this.position += 1;
    } else {
      throw this.error(`expected a comparison after '${attribute}'`);
    }

    const rawStart = this.position;
    while (this.position < this.text.length && this.text[this.position] !== ')') {
      if (this.text[this.position] === '(') throw this.error("unescaped '(' in a value (write \\28)");
      this.position += 1;
    }
    const raw = this.text.slice(rawStart, this.position);
    const parts = raw.split('*');
    if (type !== 'equal') {
      if (parts.length > 1) throw this.error(`'*' is only allowed with '=' (write \\2a for a literal star)`, rawStart);
      return { type, attribute, value: this.unescape(raw, rawStart) };
    }
    if (raw === '*') return { type: 'present', attribute };
    if (parts.length === 1) return { type: 'equal', attribute, value: this.unescape(raw, rawStart) };

    const values = parts.map((part) => this.unescape(part, rawStart));
    const initial = values[0];
    const final = values[values.length - 1];
    return {
      type: 'substring',
      attribute,
      ...(initial ? { initial } : {}),
      any: values.slice(1, -1).filter((part) => part !== ''),
      ...(final ? { final } : {}),
    };
  }

  /** `\XX` escapes are UTF-8 bytes: a run of them is decoded together (`\c3\a9` is `é`). */
  private unescape(raw: string, offset: number): string {
    let result = '';
    let escapedBytes = '';
    const flushBytes = (at: number): void => {
      if (escapedBytes === '') return;
      try {
        result += decodeURIComponent(escapedBytes);
      } catch {
        throw this.error('escaped bytes are not valid UTF-8', at);
      }
      escapedBytes = '';
    };
    for (let index = 0; index < raw.length; index += 1) {
      const character = raw[index]!;
      if (character === '\\') {
        const hex = raw.slice(index + 1, index + 3);
        if (!HEX_PAIR.test(hex)) throw this.error("'\\' must be followed by two hex digits", offset + index);
        escapedBytes += `%${hex}`;
        index += 2;
      } else {
        flushBytes(offset + index);
        result += character;
      }
    }
    flushBytes(offset + raw.length);
    return result;
  }

  private expect(character: string): void {
    if (this.text[this.position] !== character)
      throw this.error(
        this.position >= this.text.length ? `missing '${character}' at the end` : `expected '${character}'`,
      );
    this.position += 1;
  }

  private skipSpaces(): void {
    while (this.text[this.position] === ' ') this.position += 1;
  }

  private error(message: string, at = this.position): FilterSyntaxError {
    return new FilterSyntaxError(`${message} (at position ${at + 1})`);
  }
}
