/**
 * Names for user ids, fetched in batches: every id asked for in the same moment goes into one
 * `GET /api/user-names` call (at most 100 ids each), and each answer is kept for the page's life,
 * so a list of runs costs one request however many rows name a person.
 */
import { api } from '../api/client';
import type { UserSummary } from './UserPicker';

/** The API's limit on ids per call (src/api/routes/user-names.ts). */
const IDS_PER_CALL = 100;

/** A known user, or null when the id names nobody (or names could not be loaded). */
type Named = UserSummary | null;

const answers = new Map<string, Promise<Named>>();
let waiting = new Map<string, (named: Named) => void>();

export function userNameOf(id: string): Promise<Named> {
  const known = answers.get(id);
  if (known) return known;
  const answer = new Promise<Named>((resolve) => {
    if (waiting.size === 0) setTimeout(sendWaiting, 0);
    waiting.set(id, resolve);
  });
  answers.set(id, answer);
  return answer;
}

function sendWaiting() {
  const batch = waiting;
  waiting = new Map();
  const ids = [...batch.keys()];
  for (let start = 0; start < ids.length; start += IDS_PER_CALL) {
    const chunk = ids.slice(start, start + IDS_PER_CALL);
    api('GET', '/api/user-names', { query: { ids: chunk.join(',') } }).then(
      ({ data }) => {
        const byId = new Map(data.map((user) => [user.id, user]));
        for (const id of chunk) batch.get(id)?.(byId.get(id) ?? null);
      },
      () => {
        // Shown as the id, and asked again on the next page that names them.
        for (const id of chunk) {
          answers.delete(id);
          batch.get(id)?.(null);
        }
      },
    );
  }
}
