/**
 * The JSON an audit entry is streamed as (docs/observability.md, "The event shape"): an OCSF event
 * of the Authentication (3002), Account Change (3001) or API Activity (6003) class, chosen by the
 * entry's action, with the entry itself under `unmapped.flowgate` so nothing of it is lost to the
 * mapping. The same object is a syslog message's MSG and an item of an HTTPS batch.
 */
import type { SealedEntry } from '../../audit/audit-chain.js';

export const OCSF_VERSION = '1.3.0';

interface OcsfClass {
  classUid: number;
  className: string;
  categoryUid: number;
  categoryName: string;
  activities: Record<number, string>;
  activityOf(action: string): number;
}

const AUTHENTICATION: OcsfClass = {
  classUid: 3002,
  className: 'Authentication',
  categoryUid: 3,
  categoryName: 'Identity & Access Management',
  activities: { 1: 'Logon', 2: 'Logoff', 99: 'Other' },
  activityOf: (action) => (/^auth\.login/.test(action) ? 1 : /^auth\.(logout|session_ended)$/.test(action) ? 2 : 99),
};

const ACCOUNT_CHANGE: OcsfClass = {
  classUid: 3001,
  className: 'Account Change',
  categoryUid: 3,
  categoryName: 'Identity & Access Management',
  activities: {
    1: 'Create',
    2: 'Enable',
    5: 'Disable',
    6: 'Delete',
    7: 'Attach Policy',
    8: 'Detach Policy',
    99: 'Other',
  },
  activityOf(action) {
    if (/\.(created|linked_existing)$/.test(action)) return 1;
    if (/\.(restored|confirmed)$/.test(action)) return 2;
    if (/\.(deactivated|disabled)$/.test(action)) return 5;
    if (/\.deleted$/.test(action)) return 6;
    if (/^role\.(granted|resynced)$/.test(action)) return 7;
    if (/^role\.revoked$/.test(action)) return 8;
    return 99;
  },
};

const API_ACTIVITY: OcsfClass = {
  classUid: 6003,
  className: 'API Activity',
  categoryUid: 6,
  categoryName: 'Application Activity',
  activities: { 1: 'Create', 2: 'Read', 3: 'Update', 4: 'Delete', 99: 'Other' },
  activityOf(action) {
    if (/\.(created|added|started|imported)$/.test(action)) return 1;
    if (/\.(exported|request)$/.test(action)) return 2;
    if (/\.(updated|changed|replaced|extended|rotated|decided|closed)$/.test(action)) return 3;
    if (/\.(deleted|removed|revoked)$/.test(action)) return 4;
    return 99;
  },
};

/** Sign-ins and sessions; changes to people's accounts and their roles; everything else. */
export function ocsfClassOf(action: string): OcsfClass {
  if (action.startsWith('auth.')) return AUTHENTICATION;
  if (/^(user|scim\.user|role)\./.test(action)) return ACCOUNT_CHANGE;
  return API_ACTIVITY;
}

const FAILED = /(_failed|\.rejected)$/;

export function auditEventOf(entry: SealedEntry): Record<string, unknown> {
  const ocsf = ocsfClassOf(entry.action);
  const activityId = ocsf.activityOf(entry.action);
  const failed = FAILED.test(entry.action);
  const target = entry.target_type && entry.target_id ? { type: entry.target_type, uid: entry.target_id } : undefined;
  const classFields: Record<string, unknown> =
    ocsf === ACCOUNT_CHANGE
      ? { user: target ?? { uid: entry.actor_id } }
      : ocsf === API_ACTIVITY
        ? {
            api: { operation: entry.action, ...(entry.request_id ? { request: { uid: entry.request_id } } : {}) },
            ...(target ? { resources: [target] } : {}),
          }
        : { ...(target ? { user: target } : {}) };
  return {
    class_uid: ocsf.classUid,
    class_name: ocsf.className,
    category_uid: ocsf.categoryUid,
    category_name: ocsf.categoryName,
    activity_id: activityId,
    activity_name: ocsf.activities[activityId],
    type_uid: ocsf.classUid * 100 + activityId,
    time: entry.created_at.getTime(),
    severity_id: 1,
    status_id: failed ? 2 : 1,
    status: failed ? 'Failure' : 'Success',
    message: entry.action,
    metadata: {
      uid: entry.id,
      version: OCSF_VERSION,
      product: { name: 'Flowgate', vendor_name: 'Flowgate' },
      log_name: 'audit',
      sequence: Number(entry.chain_seq),
      ...(entry.request_id ? { correlation_uid: entry.request_id } : {}),
    },
    actor: actorOf(entry),
    ...classFields,
    unmapped: {
      flowgate: {
        action: entry.action,
        actor_type: entry.actor_type,
        actor_id: entry.actor_id,
        target_type: entry.target_type,
        target_id: entry.target_id,
        request_id: entry.request_id,
        metadata: entry.metadata,
        chain: { seq: entry.chain_seq.toString(), hash: entry.chain_hash },
      },
    },
  };
}

function actorOf(entry: SealedEntry): Record<string, unknown> {
  switch (entry.actor_type) {
    case 'user':
      return { user: { uid: entry.actor_id, type: 'User', type_id: 1 } };
    case 'service_client':
      return { app_uid: entry.actor_id, app_name: 'service client' };
    default:
      return { app_name: 'Flowgate' };
  }
}
