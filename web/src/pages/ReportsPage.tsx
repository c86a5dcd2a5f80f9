import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../components/ErrorNotice';
import { useQueryParams, useSetQueryParams, type QueryValues } from '../components/query-params';
import { UserName } from '../components/UserName';
import { useApiGet } from '../components/async';
import { BarChart } from './reports/BarChart';
import {
  duration,
  percent,
  RUN_STATUS_ORDER,
  type ApproverPerformanceReport,
  type SlaComplianceReport,
  type SlaCounts,
  type WorkflowStatsReport,
} from './reports/report-types';
import './pages.css';

/** Calendar days of the reader's zone as the window's bounds: the start of `from`, the start of the day after `to`. */
function windowOf(values: QueryValues): { from?: string; to?: string } {
  const day = (value: string | undefined, plus: number) => {
    const [year, month, date] = (value ?? '').split('-').map(Number);
    return year && month && date ? new Date(year, month - 1, date + plus).toISOString() : undefined;
  };
  return { from: day(values.from, 0), to: day(values.to, 1) };
}

const SLA_SERIES = [
  { key: 'met', label: 'met' },
  { key: 'missed', label: 'missed' },
  { key: 'open', label: 'open' },
];

/** `/reports`: the three reports of docs/reports.md over a window of days, each with a chart. */
export function ReportsPage() {
  const { values } = useQueryParams();
  const setQuery = useSetQueryParams();
  const shown = { from: values.from ?? '', to: values.to ?? '', defaultSlaHours: values.defaultSlaHours ?? '' };
  const [draft, setDraft] = useState(shown);
  // The Back button changes the address, not the form: the fields follow the window shown.
  const applied = JSON.stringify(shown);
  const [followed, setFollowed] = useState(applied);
  if (applied !== followed) {
    setFollowed(applied);
    setDraft(shown);
  }
  const reportWindow = windowOf(values);
  // Not a number is sent as NaN, so the API's message says what the SLA must be.
  const defaultSlaHours = values.defaultSlaHours ? Number(values.defaultSlaHours) : undefined;
  const stats = useApiGet('/api/reports/workflow-stats', { query: reportWindow });
  const sla = useApiGet('/api/reports/sla-compliance', { query: { ...reportWindow, defaultSlaHours } });
  const approvers = useApiGet('/api/reports/approver-performance', { query: reportWindow });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setQuery(draft);
  };
  return (
    <section className="page">
      <h1>Reports</h1>
      <form className="filters" aria-label="Report window" onSubmit={apply}>
        <div className="field">
          <label htmlFor="reports-from">From (day included)</label>
          <input
            id="reports-from"
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="reports-to">To (day included)</label>
          <input
            id="reports-to"
            type="date"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="reports-sla">Default SLA in hours (empty: 72)</label>
          <input
            id="reports-sla"
            inputMode="decimal"
            value={draft.defaultSlaHours}
            onChange={(event) => setDraft({ ...draft, defaultSlaHours: event.target.value })}
          />
        </div>
        <div className="field field-button">
          <button type="submit">Show</button>
        </div>
      </form>

      <section className="panel" aria-labelledby="report-workflow-stats">
        <h2 id="report-workflow-stats">Workflow statistics</h2>
        <ErrorNotice error={stats.error} />
        {stats.data && <WorkflowStats report={stats.data} />}
      </section>

      <section className="panel" aria-labelledby="report-sla">
        <h2 id="report-sla">SLA compliance</h2>
        <ErrorNotice error={sla.error} />
        {sla.data && <SlaCompliance report={sla.data} />}
      </section>

      <section className="panel" aria-labelledby="report-approvers">
        <h2 id="report-approvers">Approver performance</h2>
        <ErrorNotice error={approvers.error} />
        {approvers.data && <ApproverPerformance report={approvers.data} />}
      </section>
    </section>
  );
}

function WorkflowStats({ report }: { report: WorkflowStatsReport }) {
  const { overall } = report;
  return (
    <>
      <p>
        Runs: {overall.total} · success rate {percent(overall.successRate)} · median duration{' '}
        {duration(overall.medianDurationMs)} · 95th percentile {duration(overall.p95DurationMs)}
      </p>
      <BarChart
        title="Runs per workflow by status"
        series={RUN_STATUS_ORDER.map((status) => ({ key: status, label: status }))}
        rows={report.perDefinition.map((entry) => ({ label: entry.definitionName, values: entry.byStatus }))}
      />
      {report.perDefinition.length > 0 && (
        <div className="table-scroll">
          <table className="list stack">
            <thead>
              <tr>
                <th scope="col">Workflow</th>
                <th scope="col">Runs</th>
                <th scope="col">Success rate</th>
                <th scope="col">Median</th>
                <th scope="col">95th percentile</th>
              </tr>
            </thead>
            <tbody>
              {report.perDefinition.map((entry) => (
                <tr key={entry.definitionId}>
                  <td data-label="Workflow">{entry.definitionName}</td>
                  <td data-label="Runs">{entry.total}</td>
                  <td data-label="Success rate">{percent(entry.successRate)}</td>
                  <td data-label="Median">{duration(entry.medianDurationMs)}</td>
                  <td data-label="95th percentile">{duration(entry.p95DurationMs)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

const slaValues = (counts: SlaCounts) => ({ met: counts.met, missed: counts.missed, open: counts.open });

function SlaCompliance({ report }: { report: SlaComplianceReport }) {
  return (
    <>
      <p>
        Within the SLA: {percent(report.overall.rate)} overall, approvals {percent(report.approvals.rate)}, tasks{' '}
        {percent(report.tasks.rate)} (items without a due date: {report.defaultSlaHours} h)
      </p>
      <BarChart
        title="Approvals and tasks by SLA outcome"
        series={SLA_SERIES}
        rows={[
          { label: 'Approvals', values: slaValues(report.approvals) },
          { label: 'Tasks', values: slaValues(report.tasks) },
          ...report.perDefinition.flatMap((entry) => [
            { label: `${entry.definitionName}: approvals`, values: slaValues(entry.approvals) },
            { label: `${entry.definitionName}: tasks`, values: slaValues(entry.tasks) },
          ]),
        ]}
      />
    </>
  );
}

function ApproverPerformance({ report }: { report: ApproverPerformanceReport }) {
  return (
    <>
      <BarChart
        title="Decisions and pending approvals per approver"
        series={[
          { key: 'approved', label: 'approved' },
          { key: 'rejected', label: 'rejected' },
          { key: 'pending', label: 'pending' },
        ]}
        rows={report.approvers.map((approver) => ({
          label: approver.email ?? approver.userId,
          values: { approved: approver.approved, rejected: approver.rejected, pending: approver.pending },
        }))}
      />
      {report.approvers.length > 0 && (
        <div className="table-scroll">
          <table className="list stack">
            <thead>
              <tr>
                <th scope="col">Approver</th>
                <th scope="col">Decided</th>
                <th scope="col">Approved</th>
                <th scope="col">Rejected</th>
                <th scope="col">Median time to decide</th>
                <th scope="col">Pending</th>
              </tr>
            </thead>
            <tbody>
              {report.approvers.map((approver) => (
                <tr key={approver.userId}>
                  <td data-label="Approver">{approver.email ?? <UserName userId={approver.userId} />}</td>
                  <td data-label="Decided">{approver.decided}</td>
                  <td data-label="Approved">{approver.approved}</td>
                  <td data-label="Rejected">{approver.rejected}</td>
                  <td data-label="Median time to decide">{duration(approver.medianTimeToDecideMs)}</td>
                  <td data-label="Pending">{approver.pending}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
