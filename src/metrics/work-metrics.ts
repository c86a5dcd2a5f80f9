import { Gauge, type Registry } from 'prom-client';
import { Prisma, type Database } from '../db/client.js';

/** What people and runs are waiting on, read from the database when Prometheus scrapes. */
interface WorkCounts {
  approvals_pending: number;
  approvals_overdue: number;
  oldest_pending_approval_seconds: number | null;
  tasks_open: number;
  tasks_overdue: number;
  runs_pending: number;
  runs_running: number;
  runs_waiting: number;
  oldest_waiting_seconds: number | null;
}

/** One statement for every gauge, so that a scrape costs the database one round trip. */
const countsStatement = Prisma.sql`
  SELECT
    (SELECT count(*) FROM approvals WHERE status = 'pending')::int AS approvals_pending,
    (SELECT count(*) FROM approvals WHERE status = 'pending' AND due_at < now())::int AS approvals_overdue,
    (SELECT extract(epoch FROM now() - min(created_at))::float8 FROM approvals WHERE status = 'pending')
      AS oldest_pending_approval_seconds,
    (SELECT count(*) FROM tasks WHERE status = 'open')::int AS tasks_open,
    (SELECT count(*) FROM tasks WHERE status = 'open' AND due_at < now())::int AS tasks_overdue,
    (SELECT count(*) FROM workflow_runs WHERE status = 'pending')::int AS runs_pending,
    (SELECT count(*) FROM workflow_runs WHERE status = 'running')::int AS runs_running,
    (SELECT count(*) FROM workflow_runs WHERE status = 'waiting')::int AS runs_waiting,
    (SELECT extract(epoch FROM now() - min(started_at))::float8 FROM workflow_runs WHERE status = 'waiting')
      AS oldest_waiting_seconds`;

/**
 * Gauges of the work waiting on people and on the engine: approvals and tasks pending and overdue
 * (past their due date), the age of the oldest pending approval, open runs by status and the age of the oldest waiting one. Each scrape
 * reads them afresh in one statement; a scrape whose read fails reports nothing for them rather
 * than stale values.
 */
export function workMetrics(registry: Registry, db: Database): void {
  let reading: Promise<WorkCounts | undefined> | undefined;
  // The gauges are collected one by one within a scrape: they share one read.
  const counts = () =>
    (reading ??= db
      .$queryRaw<WorkCounts[]>(countsStatement)
      .then(([row]) => row)
      .catch(() => undefined)
      .finally(() => setImmediate(() => (reading = undefined))));
  const gauge = (name: string, help: string, read: (row: WorkCounts) => number | null) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.reset();
        const row = await counts();
        const value = row && read(row);
        if (value !== undefined && value !== null) this.set(value);
      },
    });
  gauge('flowgate_approvals_pending', 'Approvals waiting for a decision', (row) => row.approvals_pending);
  gauge('flowgate_approvals_overdue', 'Pending approvals past their due date', (row) => row.approvals_overdue);
  gauge(
    'flowgate_approvals_pending_oldest_seconds',
    'Age of the oldest approval waiting for a decision (0 when none waits)',
    (row) => row.oldest_pending_approval_seconds ?? 0,
  );
  gauge('flowgate_tasks_open', 'Tasks waiting to be completed', (row) => row.tasks_open);
  gauge('flowgate_tasks_overdue', 'Open tasks past their due date', (row) => row.tasks_overdue);
  new Gauge({
    name: 'flowgate_runs_open',
    help: 'Runs not finished, by status (pending, running, waiting)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      const row = await counts();
      if (!row) return;
      this.set({ status: 'pending' }, row.runs_pending);
      this.set({ status: 'running' }, row.runs_running);
      this.set({ status: 'waiting' }, row.runs_waiting);
    },
  });
  gauge(
    'flowgate_runs_waiting_oldest_seconds',
    'Age of the oldest waiting run, since it started (0 when none waits)',
    (row) => row.oldest_waiting_seconds ?? 0,
  );
}
