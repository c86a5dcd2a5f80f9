import { pino, type Logger } from 'pino';

export type { Logger };

// Paths pino blanks out wherever a log call includes them; the audit trail redacts separately.
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.secret',
  '*.token',
  '*.apiKey',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' } }, destination);
}
