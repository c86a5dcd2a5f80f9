import { useCan } from '../session/me';
import { ExportPanel } from './transfer/ExportPanel';
import { ImportPanel } from './transfer/ImportPanel';
import './pages.css';

/**
 * `/transfer`: configuration moved between instances as a JSON document (docs/transfer.md):
 * export with config:export, import through its preview with config:import.
 */
export function TransferPage() {
  const can = useCan();
  return (
    <section className="page">
      <h1>Configuration transfer</h1>
      <p className="muted">
        A document carries connectors (never their secrets), projects, templates, groups, organizations, entitlements,
        roles, workflows and schedules by name. An import adds and updates; it never deletes.
      </p>
      {can('config:export') && <ExportPanel />}
      {can('config:import') && <ImportPanel />}
    </section>
  );
}
