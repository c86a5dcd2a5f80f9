import { timingSafeEqual } from 'node:crypto';

/** Whether an Authorization header is `Bearer <token>`, compared in constant time. */
export function bearerIs(header: string | undefined, token: string): boolean {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (sent === undefined) return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}
