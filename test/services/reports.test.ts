import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '../../src/db/client.js';
import type { RunStatus } from '../../src/domain/run-statuses.js';
import type { ReportWindow, SlaComplianceReport, SlaCounts, WorkflowStatsEntry } from '../../src/domain/reports.js';
import { approverPerformance } from '../../src/services/reports/approver-performance.js';
import { slaCompliance } from '../../src/services/reports/sla-compliance.js';
import { workflowStats } from '../../src/services/reports/workflow-stats.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

// Each report is checked against the same numbers computed directly from the generated rows.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const BASE = Date.parse('2025-03-01T00:00:00.000Z');
const NOW = new Date(BASE + 61 * DAY);
const WINDOW: Required<ReportWindow> = { from: new Date(BASE + 10 * DAY), to: new Date(BASE + 40 * DAY) };
const EMPTY_WINDOW: ReportWindow = { from: new Date(BASE - 10 * DAY), to: new Date(BASE - 9 * DAY) };
const RUN_COUNT = 3_000;
const BATCH = 1_000;

// ---- Deterministic data -------------------------------------------------------------------

/** mulberry32: a small seeded PRNG, so every run of the test sees the same data. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    int,
    chance: (probability: number) => next() < probability,
    pick<T>(items: readonly T[]): T {
      return items[int(0, items.length - 1)]!;
    },
    weighted<T extends string>(weights: Record<T, number>): T {
      const entries = Object.entries(weights) as Array<[T, number]>;
      let roll = next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return entries[entries.length - 1]![0];
    },
    subset<T>(items: readonly T[], size: number): T[] {
      const pool = [...items];
      const chosen: T[] = [];
      while (chosen.length < size && pool.length > 0) chosen.push(pool.splice(int(0, pool.length - 1), 1)[0]!);
      return chosen;
    },
    uuid(): string {
      const hex = Array.from({ length: 32 }, () => int(0, 15).toString(16)).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
    },
  };
}

interface Run {
  id: string;
  definitionId: string;
  definitionName: string;
  status: RunStatus;
  startedAt: Date;
  completedAt: Date | null;
}
interface Approval {
  id: string;
  runId: string;
  sequence: number;
  status: 'pending' | 'approved' | 'rejected' | 'timed_out' | 'cancelled';
  approverUserIds: string[];
  createdAt: Date;
  dueAt: Date | null;
  decidedAt: Date | null;
}
interface Decision {
  approvalId: string;
  userId: string;
  decision: 'approve' | 'reject';
  decidedAt: Date;
}
interface Task {
  runId: string;
  sequence: number;
  status: 'open' | 'completed' | 'timed_out' | 'cancelled';
  createdAt: Date;
  dueAt: Date | null;
  completedAt: Date | null;
}
interface Data {
  runs: Run[];
  approvals: Approval[];
  decisions: Decision[];
  tasks: Task[];
}

/**
 * 3,000 runs over 60 days across five definitions (one renamed halfway, one whose runs never
 * finish), with approvals, decisions and tasks in every state, on time, late, exactly on the
 * SLA, and open within or past it as of NOW. Runs and items sit exactly on the window bounds too.
 */
function generate(approverIds: readonly string[]): Data {
  const random = prng(20250301);
  const definitions = [
    { id: random.uuid(), name: 'Access request', weight: 30 },
    { id: random.uuid(), name: 'Badge renewal', weight: 25 },
    { id: random.uuid(), name: 'Contractor onboarding', weight: 20 },
    { id: random.uuid(), name: 'Device return', weight: 20 },
    { id: random.uuid(), name: 'Expense approval', weight: 5 },
  ] as const;
  const [, badgeRenewal, , , expenseApproval] = definitions;
  const definitionWeights = Object.fromEntries(definitions.map((definition, index) => [index, definition.weight]));
  const data: Data = { runs: [], approvals: [], decisions: [], tasks: [] };

  for (let index = 0; index < RUN_COUNT; index += 1) {
    const definition = definitions[Number(random.weighted(definitionWeights))]!;
    const bound = boundaryTime(index);
    const onBound = bound !== undefined;
    const startedAt = new Date(bound ?? BASE + random.int(0, 60 * 24 * 60) * MINUTE);
    const status: RunStatus = onBound
      ? 'waiting'
      : definition === expenseApproval
        ? random.pick(['pending', 'running', 'waiting'] as const)
        : random.weighted({ pending: 3, running: 5, waiting: 7, completed: 60, failed: 12, cancelled: 13 });
    // Whole seconds now and then, so some durations tie.
    const duration = random.chance(0.2) ? random.int(1, 30) * 1000 : random.int(150, 6 * HOUR);
    const finished = status === 'completed' || status === 'failed' || status === 'cancelled';
    const renamed = definition === badgeRenewal && startedAt.getTime() >= BASE + 25 * DAY;
    const run: Run = {
      id: random.uuid(),
      definitionId: definition.id,
      definitionName: renamed ? 'Badge renewal (2025)' : definition.name,
      status,
      startedAt,
      completedAt: finished ? new Date(startedAt.getTime() + duration) : null,
    };
    data.runs.push(run);
    if (status === 'pending') continue;

    // A run on a window bound has an approval and a task created with it, on the bound too.
    const approvals = onBound ? 1 : random.int(0, 2);
    for (let sequence = 1; sequence <= approvals; sequence += 1) addApproval(run, sequence, onBound);
    const tasks = onBound ? 1 : random.int(0, 2);
    for (let sequence = 1; sequence <= tasks; sequence += 1) addTask(run, sequence, onBound);
  }
  return data;

  function createdAtFor(run: Run, onRunStart: boolean): Date {
    return new Date(run.startedAt.getTime() + (onRunStart ? 0 : random.int(1, 120) * MINUTE));
  }

  function dueAtFor(createdAt: Date, probability: number): Date | null {
    return random.chance(probability) ? new Date(createdAt.getTime() + random.int(1, 96) * HOUR) : null;
  }

  /** When an item finished: usually minutes to days later, sometimes exactly on its SLA. */
  function finishedAtFor(createdAt: Date, dueAt: Date | null): Date {
    if (random.chance(0.08)) return dueAt ?? new Date(createdAt.getTime() + 72 * HOUR);
    return new Date(createdAt.getTime() + random.int(1, 150 * 60) * MINUTE + random.int(0, 999));
  }

  function addApproval(run: Run, sequence: number, onRunStart: boolean): void {
    const createdAt = createdAtFor(run, onRunStart);
    const dueAt = dueAtFor(createdAt, 0.6);
    const status = random.weighted({ approved: 40, rejected: 15, timed_out: 10, pending: 20, cancelled: 15 });
    const eligible = random.subset(approverIds, random.int(1, 3));
    const approval: Approval = {
      id: random.uuid(),
      runId: run.id,
      sequence,
      status,
      approverUserIds: eligible,
      createdAt,
      dueAt,
      decidedAt: null,
    };
    data.approvals.push(approval);

    const deciders =
      status === 'approved' || status === 'rejected'
        ? random.subset(eligible, random.int(1, eligible.length))
        : random.subset(eligible, random.chance(0.4) ? 1 : 0);
    deciders.forEach((userId, position) => {
      const last = position === deciders.length - 1;
      const decidedAt = finishedAtFor(createdAt, dueAt);
      data.decisions.push({
        approvalId: approval.id,
        userId,
        decision: status === 'rejected' && last ? 'reject' : random.chance(0.9) ? 'approve' : 'reject',
        decidedAt,
      });
      if ((status === 'approved' || status === 'rejected') && (!approval.decidedAt || decidedAt > approval.decidedAt)) {
        approval.decidedAt = decidedAt;
      }
    });
  }

  function addTask(run: Run, sequence: number, onRunStart: boolean): void {
    const createdAt = createdAtFor(run, onRunStart);
    const dueAt = dueAtFor(createdAt, 0.5);
    const status = random.weighted({ completed: 50, timed_out: 10, open: 20, cancelled: 20 });
    data.tasks.push({
      runId: run.id,
      sequence,
      status,
      createdAt,
      dueAt,
      completedAt: status === 'completed' ? finishedAtFor(createdAt, dueAt) : null,
    });
  }
}

/** The first runs start exactly on the window's bounds. */
function boundaryTime(index: number): number | undefined {
  if (index === 0) return WINDOW.from.getTime();
  if (index === 1) return WINDOW.to.getTime();
  return undefined;
}

async function insert(db: Database, data: Data): Promise<void> {
  for (let start = 0; start < data.runs.length; start += BATCH) {
    await db.workflowRun.createMany({
      data: data.runs.slice(start, start + BATCH).map((run) => ({
        ...run,
        definitionVersion: 1,
        definitionSnapshot: {},
        temporalWorkflowId: `run-${run.id}`,
      })),
    });
  }
  for (let start = 0; start < data.approvals.length; start += BATCH) {
    await db.approval.createMany({
      data: data.approvals.slice(start, start + BATCH).map((approval) => ({
        ...approval,
        stepId: `approval_${approval.sequence}`,
        stepName: 'Approve',
        approverRoles: [],
        requiredApprovals: 1,
        mode: 'any',
      })),
    });
  }
  for (let start = 0; start < data.decisions.length; start += BATCH) {
    await db.approvalDecision.createMany({ data: data.decisions.slice(start, start + BATCH) });
  }
  for (let start = 0; start < data.tasks.length; start += BATCH) {
    await db.task.createMany({
      data: data.tasks.slice(start, start + BATCH).map((task) => ({
        ...task,
        stepId: `task_${task.sequence}`,
        title: 'Do it',
        fields: [],
      })),
    });
  }
}

// ---- Reference computations ---------------------------------------------------------------

const inWindow = (time: Date, window: ReportWindow) =>
  (!window.from || time >= window.from) && (!window.to || time < window.to);

/** PostgreSQL's percentile_cont: linear interpolation between the two nearest ranks. */
function percentileCont(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const lower = sorted[Math.floor(position)]!;
  const upper = sorted[Math.ceil(position)]!;
  return lower + (upper - lower) * (position - Math.floor(position));
}

const rateOf = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** Durations to within a millisecond (PostgreSQL computes them in float8, we in JavaScript). */
const approximately = (value: number | null) => (value === null ? null : expect.closeTo(value, 0));

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

const latestRun = (runs: Run[]) =>
  runs.reduce((latest, run) =>
    run.startedAt > latest.startedAt || (run.startedAt.getTime() === latest.startedAt.getTime() && run.id < latest.id)
      ? run
      : latest,
  );

const byDefinitionName = (a: { definitionName: string; definitionId: string }, b: typeof a) =>
  a.definitionName.localeCompare(b.definitionName) || (a.definitionId < b.definitionId ? -1 : 1);

function expectedWorkflowStats(data: Data, window: ReportWindow) {
  const entry = (runs: Run[]) => {
    const count = (status: RunStatus) => runs.filter((run) => run.status === status).length;
    const byStatus = {
      pending: count('pending'),
      running: count('running'),
      waiting: count('waiting'),
      completed: count('completed'),
      failed: count('failed'),
      cancelled: count('cancelled'),
    };
    const durations = runs
      .filter((run) => run.status === 'completed')
      .map((run) => run.completedAt!.getTime() - run.startedAt.getTime());
    return {
      total: runs.length,
      byStatus,
      successRate: rateOf(byStatus.completed, byStatus.completed + byStatus.failed + byStatus.cancelled),
      medianDurationMs: approximately(percentileCont(durations, 0.5)),
      p95DurationMs: approximately(percentileCont(durations, 0.95)),
    };
  };
  const runs = data.runs.filter((run) => inWindow(run.startedAt, window));
  return {
    overall: entry(runs),
    perDefinition: [...groupBy(runs, (run) => run.definitionId)]
      .map(([definitionId, group]) => ({
        definitionId,
        definitionName: latestRun(group).definitionName,
        ...entry(group),
      }))
      .sort(byDefinitionName),
  };
}

type Outcome = 'met' | 'missed' | 'open';
interface SlaItem {
  kind: 'approvals' | 'tasks';
  runId: string;
  outcome: Outcome | null;
}

function classify(
  finishedAt: Date | null,
  state: 'finished' | 'timed_out' | 'waiting' | 'cancelled',
  sla: number,
): Outcome | null {
  switch (state) {
    case 'finished':
      return finishedAt!.getTime() <= sla ? 'met' : 'missed';
    case 'timed_out':
      return 'missed';
    case 'waiting':
      return NOW.getTime() > sla ? 'missed' : 'open';
    case 'cancelled':
      return null;
  }
}

function expectedSlaCompliance(data: Data, window: ReportWindow, defaultSlaHours: number) {
  const slaOf = (item: { createdAt: Date; dueAt: Date | null }) =>
    item.dueAt?.getTime() ?? item.createdAt.getTime() + defaultSlaHours * HOUR;
  const approvalState = {
    approved: 'finished',
    rejected: 'finished',
    timed_out: 'timed_out',
    pending: 'waiting',
  } as const;
  const taskState = { completed: 'finished', timed_out: 'timed_out', open: 'waiting' } as const;
  const items: SlaItem[] = [
    ...data.approvals
      .filter((approval) => inWindow(approval.createdAt, window))
      .map((approval) => ({
        kind: 'approvals' as const,
        runId: approval.runId,
        outcome:
          approval.status === 'cancelled'
            ? null
            : classify(approval.decidedAt, approvalState[approval.status], slaOf(approval)),
      })),
    ...data.tasks
      .filter((task) => inWindow(task.createdAt, window))
      .map((task) => ({
        kind: 'tasks' as const,
        runId: task.runId,
        outcome: task.status === 'cancelled' ? null : classify(task.completedAt, taskState[task.status], slaOf(task)),
      })),
  ].filter((item) => item.outcome !== null);

  const counts = (group: SlaItem[]): SlaCounts => {
    const met = group.filter((item) => item.outcome === 'met').length;
    const missed = group.filter((item) => item.outcome === 'missed').length;
    const open = group.filter((item) => item.outcome === 'open').length;
    return { met, missed, open, rate: rateOf(met, met + missed) };
  };
  const ofKind = (group: SlaItem[], kind: SlaItem['kind']) => counts(group.filter((item) => item.kind === kind));
  const runs = new Map(data.runs.map((run) => [run.id, run]));
  const runOf = (item: SlaItem) => runs.get(item.runId)!;

  const report: SlaComplianceReport = {
    defaultSlaHours,
    approvals: ofKind(items, 'approvals'),
    tasks: ofKind(items, 'tasks'),
    overall: counts(items),
    perDefinition: [...groupBy(items, (item) => runOf(item).definitionId)]
      .map(([definitionId, group]) => ({
        definitionId,
        definitionName: latestRun(group.map(runOf)).definitionName,
        approvals: ofKind(group, 'approvals'),
        tasks: ofKind(group, 'tasks'),
      }))
      .sort(byDefinitionName),
  };
  return report;
}

function expectedApproverPerformance(data: Data, window: ReportWindow, emails: Map<string, string>) {
  const approvals = new Map(
    data.approvals
      .filter((approval) => inWindow(approval.createdAt, window))
      .map((approval) => [approval.id, approval]),
  );
  const decisions = data.decisions.filter((decision) => approvals.has(decision.approvalId));
  const decidedBy = new Set(decisions.map((decision) => `${decision.approvalId}/${decision.userId}`));
  const pending = new Map<string, number>();
  for (const approval of approvals.values()) {
    if (approval.status !== 'pending') continue;
    for (const userId of new Set(approval.approverUserIds)) {
      if (!decidedBy.has(`${approval.id}/${userId}`)) pending.set(userId, (pending.get(userId) ?? 0) + 1);
    }
  }
  const byUser = groupBy(decisions, (decision) => decision.userId);
  const userIds = new Set([...byUser.keys(), ...pending.keys()]);
  return [...userIds]
    .map((userId) => {
      const made = byUser.get(userId) ?? [];
      const times = made.map(
        (decision) => decision.decidedAt.getTime() - approvals.get(decision.approvalId)!.createdAt.getTime(),
      );
      return {
        userId,
        email: emails.get(userId) ?? null,
        decided: made.length,
        approved: made.filter((decision) => decision.decision === 'approve').length,
        rejected: made.filter((decision) => decision.decision === 'reject').length,
        medianTimeToDecideMs: percentileCont(times, 0.5),
        pending: pending.get(userId) ?? 0,
      };
    })
    .sort((a, b) => b.decided - a.decided || b.pending - a.pending || (a.userId < b.userId ? -1 : 1))
    .map((approver) => ({ ...approver, medianTimeToDecideMs: approximately(approver.medianTimeToDecideMs) }));
}

// ---- Tests --------------------------------------------------------------------------------

let database: TestDatabase;
let data: Data;
const emails = new Map<string, string>();

beforeAll(async () => {
  database = await createTestDatabase();
  const approverIds: string[] = [];
  for (let index = 1; index <= 6; index += 1) {
    const user = await database.db.user.create({
      data: { email: `approver${index}@example.test`, roles: ['approver'] },
    });
    approverIds.push(user.id);
    emails.set(user.id, user.email!);
  }
  // An approver id with no user behind it (the user row was removed): still reported, without an email.
  approverIds.push('00000000-0000-4000-a000-00000000dead');
  data = generate(approverIds);
  await insert(database.db, data);
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

describe('the generated data covers the cases the reports distinguish', () => {
  it('has a few thousand runs with items in every state', () => {
    expect(data.runs).toHaveLength(RUN_COUNT);
    expect(new Set(data.runs.map((run) => run.status)).size).toBe(6);
    expect(new Set(data.approvals.map((approval) => approval.status)).size).toBe(5);
    expect(new Set(data.tasks.map((task) => task.status)).size).toBe(4);
    const outcomes = expectedSlaCompliance(data, {}, 72).overall;
    expect(Math.min(outcomes.met, outcomes.missed, outcomes.open)).toBeGreaterThan(10);
  });

  it('has runs, approvals and tasks exactly on the window bounds, and items finished exactly on their SLA', () => {
    const onBounds = (times: Date[]) =>
      [WINDOW.from, WINDOW.to].every((bound) => times.some((time) => time.getTime() === bound.getTime()));
    expect(onBounds(data.runs.map((run) => run.startedAt))).toBe(true);
    expect(onBounds(data.approvals.map((approval) => approval.createdAt))).toBe(true);
    expect(onBounds(data.tasks.map((task) => task.createdAt))).toBe(true);
    const onSla = (item: { createdAt: Date; dueAt: Date | null }, finishedAt: Date | null) =>
      finishedAt?.getTime() === (item.dueAt?.getTime() ?? item.createdAt.getTime() + 72 * HOUR);
    expect(data.approvals.filter((approval) => onSla(approval, approval.decidedAt)).length).toBeGreaterThan(10);
    expect(data.tasks.filter((task) => onSla(task, task.completedAt)).length).toBeGreaterThan(10);
  });
});

describe('workflow stats: runs by started_at, per definition and overall', () => {
  it('equals a direct computation over all runs', async () => {
    expect(await workflowStats(database.db, {})).toEqual(expectedWorkflowStats(data, {}));
  });

  it('counts runs started from `from` (inclusive) to `to` (exclusive)', async () => {
    const report = await workflowStats(database.db, WINDOW);
    expect(report).toEqual(expectedWorkflowStats(data, WINDOW));
    expect(report.overall.total).toBe(data.runs.filter((run) => inWindow(run.startedAt, WINDOW)).length);
  });

  it('names a definition after its latest run', async () => {
    const names = (await workflowStats(database.db, {})).perDefinition.map((entry) => entry.definitionName);
    expect(names).toContain('Badge renewal (2025)');
    expect(names).not.toContain('Badge renewal');
  });

  it('has null rates and durations for a definition whose runs never finished', async () => {
    const dormant = (await workflowStats(database.db, {})).perDefinition.find(
      (entry) => entry.definitionName === 'Expense approval',
    );
    expect(dormant).toEqual(
      expect.objectContaining({ successRate: null, medianDurationMs: null, p95DurationMs: null }),
    );
  });

  it('answers zeros and nulls over a window without runs', async () => {
    const empty: WorkflowStatsEntry = {
      total: 0,
      byStatus: { pending: 0, running: 0, waiting: 0, completed: 0, failed: 0, cancelled: 0 },
      successRate: null,
      medianDurationMs: null,
      p95DurationMs: null,
    };
    expect(await workflowStats(database.db, EMPTY_WINDOW)).toEqual({
      overall: empty,
      perDefinition: [],
    });
  });
});

describe('SLA compliance: approvals and tasks by created_at, against due_at or the default SLA', () => {
  it('equals a direct computation over all items, with the 72-hour default', async () => {
    expect(await slaCompliance(database.db, {}, { now: NOW })).toEqual(expectedSlaCompliance(data, {}, 72));
  });

  it('counts items created from `from` (inclusive) to `to` (exclusive)', async () => {
    expect(await slaCompliance(database.db, WINDOW, { now: NOW })).toEqual(expectedSlaCompliance(data, WINDOW, 72));
  });

  it('applies a default SLA given by the caller to items without a due date', async () => {
    const report = await slaCompliance(database.db, {}, { now: NOW, defaultSlaHours: 24 });
    expect(report).toEqual(expectedSlaCompliance(data, {}, 24));
    expect(report.overall.rate).not.toEqual(expectedSlaCompliance(data, {}, 72).overall.rate);
  });

  it('answers zeros and null rates over a window without items', async () => {
    const none: SlaCounts = { met: 0, missed: 0, open: 0, rate: null };
    expect(await slaCompliance(database.db, EMPTY_WINDOW, { now: NOW })).toEqual({
      defaultSlaHours: 72,
      approvals: none,
      tasks: none,
      overall: none,
      perDefinition: [],
    });
  });
});

describe('approver performance: decisions and pending approvals per user, approvals by created_at', () => {
  it('equals a direct computation over all approvals', async () => {
    const report = await approverPerformance(database.db, {});
    expect(report.approvers).toEqual(expectedApproverPerformance(data, {}, emails));
    expect(report.approvers.find((approver) => approver.email === null)).toBeDefined();
  });

  it('counts approvals created from `from` (inclusive) to `to` (exclusive)', async () => {
    const report = await approverPerformance(database.db, WINDOW);
    expect(report.approvers).toEqual(expectedApproverPerformance(data, WINDOW, emails));
  });

  it('answers no approvers over a window without approvals', async () => {
    expect(await approverPerformance(database.db, EMPTY_WINDOW)).toEqual({ approvers: [] });
  });
});
