import type { SyncConfig } from './sync-types';

/** A sync config while it is edited: texts as typed, flags as ticked. */
export interface SyncConfigDraft {
  enabled: boolean;
  strategy: string;
  cronSchedule: string;
  syncAllUsers: boolean;
  filterRules: string;
  staleRetention: string;
  attributeMappings: string;
  userMatchStrategy: string;
  userMatchFallbackStrategies: string;
  issuerSourcePath: string;
  postSyncWorkflowId: string;
  syncTriggerMode: string;
  createUsers: boolean;
  deactivateUsers: boolean;
  deactivateDisabledUsers: boolean;
  createUserDefaults: string;
  maxCount: string;
  maxPercent: string;
}

type Stored = Omit<
  SyncConfig,
  | 'connectorId'
  | 'resourceType'
  | 'lastSyncAt'
  | 'lastSyncStatus'
  | 'lastSyncError'
  | 'lastSyncStats'
  | 'lastPostSync'
  | 'privilegedLeavers'
>;

/** What a config is before it is first saved: the defaults of spec 2.8, as docs/sync.md lists them. */
const NEW_CONFIG: Stored = {
  enabled: false,
  strategy: 'full',
  cronSchedule: null,
  filterRules: null,
  syncAllUsers: false,
  staleRetention: '7d',
  attributeMappings: null,
  userMatchStrategy: 'email',
  userMatchFallbackStrategies: null,
  issuerSourcePath: null,
  postSyncWorkflowId: null,
  syncTriggerMode: 'none',
  createUsers: false,
  deactivateUsers: false,
  deactivateDisabledUsers: true,
  createUserDefaults: null,
  deactivationThreshold: { maxCount: 50, maxPercent: 10 },
};

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2));

export function draftOf(config: Stored | undefined): SyncConfigDraft {
  const stored = config ?? NEW_CONFIG;
  return {
    enabled: stored.enabled,
    strategy: stored.strategy,
    cronSchedule: stored.cronSchedule ?? '',
    syncAllUsers: stored.syncAllUsers,
    filterRules: json(stored.filterRules),
    staleRetention: stored.staleRetention,
    attributeMappings: json(stored.attributeMappings),
    userMatchStrategy: stored.userMatchStrategy,
    userMatchFallbackStrategies: (stored.userMatchFallbackStrategies ?? []).join(', '),
    issuerSourcePath: stored.issuerSourcePath ?? '',
    postSyncWorkflowId: stored.postSyncWorkflowId ?? '',
    syncTriggerMode: stored.syncTriggerMode,
    createUsers: stored.createUsers,
    deactivateUsers: stored.deactivateUsers,
    deactivateDisabledUsers: stored.deactivateDisabledUsers,
    createUserDefaults: json(stored.createUserDefaults),
    maxCount: String(stored.deactivationThreshold.maxCount),
    maxPercent: String(stored.deactivationThreshold.maxPercent),
  };
}

/** JSON as typed; what does not parse is sent as the text, so the API's message names the field. */
function parsedOrText(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const number = (text: string) => (Number.isFinite(Number(text)) && text.trim() !== '' ? Number(text) : text);

/** The body of PUT (and of the preview): every field, user-only ones only for a user config. */
export function bodyOf(resourceType: string, draft: SyncConfigDraft): Record<string, unknown> {
  const common = {
    enabled: draft.enabled,
    strategy: draft.strategy,
    cronSchedule: orNull(draft.cronSchedule),
    filterRules: parsedOrText(draft.filterRules),
    staleRetention: draft.staleRetention.trim(),
    syncTriggerMode: draft.syncTriggerMode,
    postSyncWorkflowId: orNull(draft.postSyncWorkflowId),
  };
  if (resourceType !== 'user') return common;
  const fallbacks = draft.userMatchFallbackStrategies
    .split(',')
    .map((strategy) => strategy.trim())
    .filter((strategy) => strategy !== '');
  return {
    ...common,
    syncAllUsers: draft.syncAllUsers,
    attributeMappings: parsedOrText(draft.attributeMappings),
    userMatchStrategy: draft.userMatchStrategy,
    userMatchFallbackStrategies: fallbacks.length === 0 ? null : fallbacks,
    issuerSourcePath: orNull(draft.issuerSourcePath),
    createUsers: draft.createUsers,
    deactivateUsers: draft.deactivateUsers,
    deactivateDisabledUsers: draft.deactivateDisabledUsers,
    createUserDefaults: parsedOrText(draft.createUserDefaults),
    deactivationThreshold: { maxCount: number(draft.maxCount), maxPercent: number(draft.maxPercent) },
  };
}
