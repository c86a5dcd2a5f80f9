/**
 * Whether a request path belongs to the service's machine interfaces (the JSON API, SCIM and the
 * metrics) rather than to the console: such requests are answered where they are asked, never
 * with the console's page or a redirect meant for browsers.
 */
export function isServicePath(requestPath: string): boolean {
  return /^\/(api|scim|metrics)(\/|$)/.test(requestPath);
}
