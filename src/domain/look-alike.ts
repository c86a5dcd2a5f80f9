/**
 * A key under which texts that people read as the same collide: `аlice@example.com` (Cyrillic а),
 * `ALICE@example.com` and `ａｌｉｃｅ@example.com` (full width) all have the key of
 * `alice@example.com`. It is a focused stand-in for the skeleton of Unicode TR39 (no maintained
 * package for it is installed): NFKC (full-width, ligatures, compatibility forms), without the
 * invisible default-ignorable characters (zero-width space and joiners, soft hyphen, ...), the
 * letters of CONFUSABLE_LETTERS replaced by the Latin letters they look like, and lower case.
 * Accents are kept: `é` and `e` are different letters to a reader.
 */

/**
 * The Cyrillic and Greek letters (and a few Latin variants) drawn like a basic Latin letter in
 * common fonts, from the "confusables" data of Unicode TR39, both cases. Digits and ASCII
 * look-alikes among themselves (`0`/`o`, `1`/`l`, `rn`/`m`) are left out: addresses such as
 * `user0` and `usero` belong to different people far more often than to an impersonator.
 */
export const CONFUSABLE_LETTERS: Readonly<Record<string, string>> = {
  // Cyrillic, capital
  А: 'a',
  В: 'b',
  Е: 'e',
  Ѕ: 's',
  І: 'i',
  Ј: 'j',
  К: 'k',
  М: 'm',
  Н: 'h',
  О: 'o',
  Р: 'p',
  С: 'c',
  Т: 't',
  У: 'y',
  Х: 'x',
  Ԛ: 'q',
  Ԝ: 'w',
  Ӏ: 'l',
  Ү: 'y',
  // Cyrillic, small
  а: 'a',
  ԁ: 'd',
  е: 'e',
  һ: 'h',
  і: 'i',
  ј: 'j',
  ӏ: 'l',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  с: 'c',
  у: 'y',
  х: 'x',
  ԝ: 'w',
  ү: 'y',
  // Greek, capital
  Α: 'a',
  Β: 'b',
  Ε: 'e',
  Ζ: 'z',
  Η: 'h',
  Ι: 'i',
  Κ: 'k',
  Μ: 'm',
  Ν: 'n',
  Ο: 'o',
  Ρ: 'p',
  Τ: 't',
  Υ: 'y',
  Χ: 'x',
  // Greek, small
  α: 'a',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  // Latin variants
  ı: 'i',
  ȷ: 'j',
  ɡ: 'g',
  ɑ: 'a',
  ɩ: 'i',
  ʏ: 'y',
};

const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

const replaceConfusables = (text: string) =>
  Array.from(text, (character) => CONFUSABLE_LETTERS[character] ?? character).join('');

/** The look-alike key of `text` (see the module comment); equal keys read as the same text. */
export function lookAlikeKey(text: string): string {
  const folded = replaceConfusables(text.normalize('NFKC').replace(INVISIBLE, '')).toLowerCase();
  // Lower-casing can yield a letter of the table (a capital without its own entry) or a
  // decomposed form: a second pass makes the key stable.
  return replaceConfusables(folded.normalize('NFKC'));
}
