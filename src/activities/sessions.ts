import type { Database } from '../db/client.js';
import { purgeExpiredSessions } from '../services/sessions.js';

export function createSessionActivities(db: Database) {
  return {
    /** Idempotent: deleting what has expired twice deletes nothing the second time. */
    purgeExpiredSessions(): Promise<{ sessions: number; loginAttempts: number; signInLinks: number }> {
      return purgeExpiredSessions(db);
    },
  };
}
