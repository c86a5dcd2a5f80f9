/**
 * Connection settings that say where a connector connects, read with the WHATWG URL parser (`new
 * URL`) that the handlers and `fetch` use. Reading them any other way (a pattern such as
 * `^https?://`) disagrees with the handlers on text like ` https://host`, `https:host` or a URL
 * with a tab in it, which the parser reads as `https://host/`.
 */

/**
 * How a handler reads one of its URL settings: `url` an absolute http(s) URL; `urlOrPath` that or a
 * path joined to `baseUrl`; `origins` a list of http(s) origins (`scheme://host[:port]`);
 * `ldapServers` one `ldap://` or `ldaps://` server (`scheme://host[:port]`) or a list of them.
 */
export const URL_SETTING_KINDS = ['url', 'urlOrPath', 'origins', 'ldapServers'] as const;
export type UrlSettingKind = (typeof URL_SETTING_KINDS)[number];

/** `text` as an http(s) URL, or undefined when the URL parser reads it as anything else. */
export function parseHttpUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A base URL without its trailing slashes, or undefined when it is not a plain http(s) URL (no query, fragment or user info). */
export function normalizeBaseUrl(text: string): string | undefined {
  const url = parseHttpUrl(text);
  if (!url || url.search || url.hash || url.username || url.password) return undefined;
  return url.href.replace(/\/+$/, '');
}

/**
 * Where `text` connects when the URL parser reads it as a URL with a host: `scheme://host[:port]`
 * (the origin, for http and https; `ldaps://dc.example.com:636` for other schemes). Undefined for
 * text the parser refuses or reads without a host (`urn:x`, `mailto:a@b`, plain words).
 */
export function destinationOf(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.host === '') return undefined;
  return url.origin !== 'null' ? url.origin : `${url.protocol}//${url.host}`;
}

export type UrlSettingResult = { ok: true; value: unknown } | { ok: false; problem: string; at?: string };

/** The URL as stored: what the parser wrote, without the lone `/` path of a bare origin. */
function storedForm(url: URL): string {
  return url.href === `${url.origin}/` ? url.origin : url.href;
}

function checkedUrl(text: unknown, kind: 'url' | 'origin'): UrlSettingResult {
  if (typeof text !== 'string') return { ok: false, problem: 'must be a string' };
  const url = parseHttpUrl(text);
  if (!url) return { ok: false, problem: 'must be an absolute http(s) URL' };
  // Public config is readable by every connector:read holder: credentials go in the secrets.
  if (url.username || url.password) return { ok: false, problem: 'must not carry a user name or password' };
  if (kind === 'origin' && (url.pathname !== '/' || url.search || url.hash))
    return { ok: false, problem: 'must be an origin only (scheme://host[:port]), without path, query or fragment' };
  return { ok: true, value: kind === 'origin' ? url.origin : storedForm(url) };
}

/** `text` as an `ldap://` or `ldaps://` URL, or undefined when the URL parser reads it as anything else. */
export function parseLdapUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return (url.protocol === 'ldap:' || url.protocol === 'ldaps:') && url.hostname !== '' ? url : undefined;
  } catch {
    return undefined;
  }
}

function checkedLdapServer(text: unknown): UrlSettingResult {
  if (typeof text !== 'string') return { ok: false, problem: 'must be a string' };
  const url = parseLdapUrl(text);
  if (!url) return { ok: false, problem: 'must be an ldap:// or ldaps:// URL with a host' };
  if (url.username || url.password) return { ok: false, problem: 'must not carry a user name or password' };
  // The base DN, filter and scope of an RFC 4516 URL are settings of their own here.
  if ((url.pathname !== '' && url.pathname !== '/') || url.search || url.hash)
    return { ok: false, problem: 'must be a server only (ldap[s]://host[:port]): set baseDn and the filters apart' };
  return { ok: true, value: `${url.protocol}//${url.host.toLowerCase()}` };
}

/**
 * The value of a URL setting as the handler will read it, written the parser's way (lower-case
 * scheme and host, no surrounding space, tabs or line breaks), or what is wrong with it.
 */
export function normalizeUrlSetting(kind: UrlSettingKind, value: unknown): UrlSettingResult {
  switch (kind) {
    case 'url':
      return checkedUrl(value, 'url');
    case 'urlOrPath':
      // Text the parser reads as no absolute URL is a path, joined to baseUrl by the handler.
      if (typeof value === 'string' && !URL.canParse(value)) return { ok: true, value };
      return checkedUrl(value, 'url');
    case 'origins': {
      if (!Array.isArray(value)) return { ok: false, problem: 'must be a list of http(s) origins' };
      const origins: string[] = [];
      for (const [index, entry] of value.entries()) {
        const checked = checkedUrl(entry, 'origin');
        if (!checked.ok) return { ...checked, at: `[${index}]` };
        origins.push(checked.value as string);
      }
      return { ok: true, value: origins };
    }
    case 'ldapServers': {
      if (!Array.isArray(value)) return checkedLdapServer(value);
      if (value.length === 0) return { ok: false, problem: 'must name at least one server' };
      const servers: string[] = [];
      for (const [index, entry] of value.entries()) {
        const checked = checkedLdapServer(entry);
        if (!checked.ok) return { ...checked, at: `[${index}]` };
        servers.push(checked.value as string);
      }
      return { ok: true, value: servers };
    }
  }
}
