import type { Client } from '@temporalio/client';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/client.js';

/** What the access review operations that start, signal or schedule a campaign's workflow need. */
export interface AccessReviewContext {
  db: Database;
  temporal: Client;
  config: Readonly<Config>;
}
