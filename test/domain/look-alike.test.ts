import { describe, expect, it } from '@jest/globals';
import { CONFUSABLE_LETTERS, lookAlikeKey } from '../../src/domain/look-alike.js';

describe('texts people read as the same have the same look-alike key', () => {
  it.each([
    ['Cyrillic а, е, о, р, с', 'аlice.pеtrоv@еxаmplе.соm', 'alice.petrov@example.com'],
    ['Greek ο, ρ, ι and capital Α', 'Αnnα.ροlι@example.com', 'anna.poli@example.com'],
    ['case', 'Alice@Example.COM', 'alice@example.com'],
    ['full-width letters', 'ａｌｉｃｅ@example.com', 'alice@example.com'],
    ['a zero-width space and a soft hyphen', 'al\u200bi\u00adce@example.com', 'alice@example.com'],
    ['a ligature', 'ﬁnance', 'finance'],
    ['Cyrillic capitals in a group name', 'АDMINS', 'admins'],
    ['a Cyrillic capital palochka', 'Ӏeads', 'leads'],
    ['dotless i', 'fınance', 'finance'],
  ])('%s', (_, text, plain) => {
    expect(lookAlikeKey(text)).toBe(lookAlikeKey(plain));
    expect(lookAlikeKey(text)).toBe(plain.toLowerCase());
  });
});

describe('texts that are different stay different', () => {
  it.each([
    ['an accent', 'équipe', 'equipe'],
    ['digits and letters', 'user0@example.com', 'usero@example.com'],
    ['one and l', 'bill1@example.com', 'billl@example.com'],
    ['another letter', 'alice@example.com', 'alicia@example.com'],
    ['Cyrillic letters unlike any Latin one', 'жанна', 'zhanna'],
  ])('%s', (_, one, other) => {
    expect(lookAlikeKey(one)).not.toBe(lookAlikeKey(other));
  });

  it('leaves plain lower-case ASCII as it is, so an ASCII address is its own key', () => {
    const ascii = 'j.smith+tag_1@corp-mail.example';
    expect(lookAlikeKey(ascii)).toBe(ascii);
  });
});

describe('the table of confusable letters', () => {
  it('maps each entry, a single non-ASCII character, to one lower-case ASCII letter', () => {
    for (const [from, to] of Object.entries(CONFUSABLE_LETTERS)) {
      expect([...from]).toHaveLength(1);
      expect(from.charCodeAt(0)).toBeGreaterThan(0x7f);
      expect(to).toMatch(/^[a-z]$/);
    }
  });

  it('is stable: the key of a key is itself', () => {
    for (const text of ['АDMINS', 'аlice@еxаmplе.соm', 'Ӏeads', 'ＳＡＬＥＳ']) {
      expect(lookAlikeKey(lookAlikeKey(text))).toBe(lookAlikeKey(text));
    }
  });
});
