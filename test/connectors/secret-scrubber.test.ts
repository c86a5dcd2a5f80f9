import { describe, expect, it } from '@jest/globals';
import { SCRUBBED, secretScrubber, secretTextsOf } from '../../src/connectors/secret-scrubber.js';

const SECRET = 'k3y/with+special=chars&"more" ok';
const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('the secret texts of a connector are every value in its secret settings', () => {
  it('strings and numbers however nested, never empty strings or booleans', () => {
    expect(
      secretTextsOf({
        bearerToken: 'tok-1',
        headers: { 'X-Secret': 'hdr-2', 'X-Empty': '' },
        list: ['item-3', { deep: 'deep-4' }],
        pin: 1234,
        flag: true,
        nothing: null,
      }).sort(),
    ).toEqual(['1234', 'deep-4', 'hdr-2', 'item-3', 'tok-1']);
  });

  it('a username and password pair gives the password and what basic auth encodes, not the account name', () => {
    expect(secretTextsOf({ basicAuth: { username: 'svc', password: 'pw-5' } }).sort()).toEqual(['pw-5', 'svc:pw-5']);
  });

  it('no secret settings, no texts', () => {
    expect(secretTextsOf({})).toEqual([]);
    expect(secretTextsOf(undefined)).toEqual([]);
  });
});

describe('every form of a secret is replaced in text', () => {
  const scrub = secretScrubber([SECRET, 'svc:pw-5']).text;

  it.each([
    ['as is', SECRET],
    ['URL-encoded', encodeURIComponent(SECRET)],
    ['URL-encoded as a path', encodeURI(SECRET)],
    ['form-encoded', new URLSearchParams({ q: SECRET }).toString().slice(2)],
    ['base64', base64(SECRET)],
    ['base64 without padding', base64(SECRET).replace(/=+$/, '')],
    ['base64url', Buffer.from(SECRET).toString('base64url')],
    ['JSON-escaped', JSON.stringify(SECRET).slice(1, -1)],
    ['base64 of username:password (basic auth)', base64('svc:pw-5')],
  ])('%s, also inside longer text', (_form, encoded) => {
    expect(scrub(`before ${encoded} after`)).toBe(`before ${SCRUBBED} after`);
  });

  it('text without secrets is left alone', () => {
    expect(scrub('nothing to see here')).toBe('nothing to see here');
  });

  it('a short secret is still scrubbed; an empty one scrubs nothing', () => {
    expect(secretScrubber(['ab']).text('xaby')).toBe(`x${SCRUBBED}y`);
    expect(secretScrubber(['']).text('unchanged')).toBe('unchanged');
  });

  it('a secret containing another one is removed whole', () => {
    expect(secretScrubber(['abc', 'abcdef']).text('[abcdef]')).toBe(`[${SCRUBBED}]`);
  });
});

describe('results are scrubbed all the way down', () => {
  const scrubber = secretScrubber([SECRET, '4242']);

  it('data: nested objects, arrays, header values, keys and numbers', () => {
    const result = scrubber.result({
      success: true,
      data: {
        status: 200,
        headers: { 'x-echo': `Bearer ${SECRET}`, 'content-type': 'application/json' },
        body: { list: [{ seen: `prefix-${SECRET}-suffix` }, base64(SECRET)], [SECRET]: true, pin: 4242, ok: true },
      },
    });
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(JSON.stringify(result)).not.toContain('4242');
    expect(result).toEqual({
      success: true,
      data: {
        status: 200,
        headers: { 'x-echo': `Bearer ${SCRUBBED}`, 'content-type': 'application/json' },
        body: {
          list: [{ seen: `prefix-${SCRUBBED}-suffix` }, SCRUBBED],
          [SCRUBBED]: true,
          pin: SCRUBBED,
          ok: true,
        },
      },
    });
  });

  it('payload of list commands, error and code', () => {
    const result = scrubber.result({
      success: false,
      error: `refused ${encodeURIComponent(SECRET)}`,
      code: 'bad',
      payload: {
        resources: [{ externalId: SECRET, displayName: 'Ada', email: null, attributes: { token: SECRET } }],
        nextCursor: SECRET,
      },
    });
    expect(result).toEqual({
      success: false,
      error: `refused ${SCRUBBED}`,
      code: 'bad',
      payload: {
        resources: [{ externalId: SCRUBBED, displayName: 'Ada', email: null, attributes: { token: SCRUBBED } }],
        nextCursor: SCRUBBED,
      },
    });
  });

  it('without secrets a result is returned as it is', () => {
    const result = { success: true, data: { a: 1 } };
    expect(secretScrubber([]).result(result)).toBe(result);
  });
});
