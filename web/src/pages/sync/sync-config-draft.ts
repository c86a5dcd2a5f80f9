import {
  SYNC_STRATEGIES,
  SYNC_TRIGGER_MODES,
  USER_MATCH_STRATEGIES,
  type AttributeMappingRule,
  type SyncConfig,
  type SyncConfigInput,
} from './sync-types';

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

type Stored = Pick<
  SyncConfig,
  | 'enabled'
  | 'strategy'
  | 'cronSchedule'
  | 'filterRules'
  | 'syncAllUsers'
  | 'staleRetention'
  | 'attributeMappings'
  | 'userMatchStrategy'
  | 'userMatchFallbackStrategies'
  | 'issuerSourcePath'
  | 'postSyncWorkflowId'
  | 'syncTriggerMode'
  | 'createUsers'
  | 'deactivateUsers'
  | 'deactivateDisabledUsers'
  | 'createUserDefaults'
  | 'deactivationThreshold'
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

/** The JSON of a field, null when it is empty. */
function parsed(text: string, label: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${label} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON object field; the API checks its keys and values. */
function objectOf(text: string, label: string): Record<string, unknown> | null {
  const value = parsed(text, label);
  if (value === null || isRecord(value)) return value;
  throw new Error(`${label} must be a JSON object`);
}

function oneOf<T extends string>(choices: readonly T[], value: string, label: string): T {
  const choice = choices.find((candidate) => candidate === value);
  if (choice === undefined) throw new Error(`${label}: ${value} is not one of ${choices.join(', ')}`);
  return choice;
}

/**
 * The mapping rules as typed. writeMode and enabled may be left out, as the API allows; the
 * generated type requires them (openapi-typescript makes a field with a default required), so
 * they take the API's defaults here. Other keys go along for the API to judge.
 */
function mappingsOf(text: string): AttributeMappingRule[] | null {
  const label = 'Attribute mappings';
  const value = parsed(text, label);
  if (value === null) return null;
  if (!Array.isArray(value)) throw new Error(`${label} must be a JSON list of rules`);
  return value.map((rule: unknown, index) => {
    const where = `${label}, rule ${index + 1}`;
    if (!isRecord(rule)) throw new Error(`${where} must be an object`);
    const { sourcePath, targetField, writeMode = 'overwrite_if_empty', enabled = true } = rule;
    if (typeof sourcePath !== 'string' || typeof targetField !== 'string')
      throw new Error(`${where} needs sourcePath and targetField as text`);
    if (typeof writeMode !== 'string' || typeof enabled !== 'boolean')
      throw new Error(`${where}: writeMode is text and enabled true or false`);
    return { ...rule, sourcePath, targetField, writeMode: oneOf(WRITE_MODES, writeMode, where), enabled };
  });
}

const WRITE_MODES = [
  'overwrite_always',
  'overwrite_if_empty',
  'never_overwrite',
] as const satisfies readonly AttributeMappingRule['writeMode'][];

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

function numberOf(text: string, label: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new Error(`${label} must be a number`);
  return value;
}

/** The body of PUT (and of the preview): every field, user-only ones only for a user config. */
export function bodyOf(resourceType: string, draft: SyncConfigDraft): SyncConfigInput {
  const common = {
    enabled: draft.enabled,
    strategy: oneOf(SYNC_STRATEGIES, draft.strategy, 'Strategy'),
    cronSchedule: orNull(draft.cronSchedule),
    filterRules: objectOf(draft.filterRules, 'Filter rules'),
    staleRetention: draft.staleRetention.trim(),
    syncTriggerMode: oneOf(SYNC_TRIGGER_MODES, draft.syncTriggerMode, 'Workflow trigger'),
    postSyncWorkflowId: orNull(draft.postSyncWorkflowId),
  };
  if (resourceType !== 'user') return common;
  const fallbacks = draft.userMatchFallbackStrategies
    .split(',')
    .map((strategy) => strategy.trim())
    .filter((strategy) => strategy !== '')
    .map((strategy) => oneOf(USER_MATCH_STRATEGIES, strategy, 'Then by'));
  return {
    ...common,
    syncAllUsers: draft.syncAllUsers,
    attributeMappings: mappingsOf(draft.attributeMappings),
    userMatchStrategy: oneOf(USER_MATCH_STRATEGIES, draft.userMatchStrategy, 'Match users by'),
    userMatchFallbackStrategies: fallbacks.length === 0 ? null : fallbacks,
    issuerSourcePath: orNull(draft.issuerSourcePath),
    createUsers: draft.createUsers,
    deactivateUsers: draft.deactivateUsers,
    deactivateDisabledUsers: draft.deactivateDisabledUsers,
    createUserDefaults: objectOf(draft.createUserDefaults, 'Defaults of created users'),
    deactivationThreshold: {
      maxCount: numberOf(draft.maxCount, 'Users at most'),
      maxPercent: numberOf(draft.maxPercent, 'Percent of linked users at most'),
    },
  };
}
