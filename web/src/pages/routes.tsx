/** Every page of the console: its path pattern, its nav entry and the permission that offers it. */
import type { ReactElement } from 'react';
import { AuditPage } from './AuditPage';
import { ConnectorPage } from './ConnectorPage';
import { ConnectorsPage } from './ConnectorsPage';
import { InboxPage } from './InboxPage';
import { NewConnectorPage } from './NewConnectorPage';
import { ReportsPage } from './ReportsPage';
import { RunPage } from './RunPage';
import { RunsPage } from './RunsPage';
import { SchedulesPage } from './SchedulesPage';
import { ScimClientsPage } from './ScimClientsPage';
import { SyncPage } from './SyncPage';
import { TemplatesPage } from './TemplatesPage';
import { TokensPage } from './TokensPage';
import { TransferPage } from './TransferPage';
import { EditWorkflowPage, NewWorkflowPage } from './WorkflowEditorPage';
import { WorkflowPage } from './WorkflowPage';
import { WorkflowsPage } from './WorkflowsPage';

export interface PageRoute {
  pattern: string;
  render: (params: Record<string, string>) => ReactElement;
  /** Shown in the navigation when set. */
  nav?: string;
  /** The nav entry is offered only to users holding one of these. */
  anyOf: string[];
}

export const pageRoutes: PageRoute[] = [
  { pattern: '/', render: () => <InboxPage />, nav: 'Inbox', anyOf: ['approval:read', 'task:read'] },
  { pattern: '/runs', render: () => <RunsPage />, nav: 'Runs', anyOf: ['run:read'] },
  { pattern: '/runs/:id', render: ({ id = '' }) => <RunPage key={id} id={id} />, anyOf: ['run:read'] },
  { pattern: '/workflows', render: () => <WorkflowsPage />, nav: 'Workflows', anyOf: ['workflow:read'] },
  // Authoring: before `/workflows/:id`, which would read `new` as an id.
  { pattern: '/workflows/new', render: () => <NewWorkflowPage />, anyOf: ['workflow:create'] },
  {
    pattern: '/workflows/:id/edit',
    render: ({ id = '' }) => <EditWorkflowPage key={id} id={id} />,
    anyOf: ['workflow:update'],
  },
  { pattern: '/workflows/:id', render: ({ id = '' }) => <WorkflowPage key={id} id={id} />, anyOf: ['workflow:read'] },
  { pattern: '/connectors', render: () => <ConnectorsPage />, nav: 'Connectors', anyOf: ['connector:read'] },
  // Before `/connectors/:id`, which would read `new` as an id.
  { pattern: '/connectors/new', render: () => <NewConnectorPage />, anyOf: ['connector:manage'] },
  {
    pattern: '/connectors/:id',
    render: ({ id = '' }) => <ConnectorPage key={id} id={id} />,
    anyOf: ['connector:read'],
  },
  { pattern: '/sync', render: () => <SyncPage />, nav: 'Sync', anyOf: ['connector:read'] },
  // Operations administration: schedules, tokens, SCIM clients, templates, transfer, audit, reports.
  { pattern: '/schedules', render: () => <SchedulesPage />, nav: 'Schedules', anyOf: ['schedule:read'] },
  { pattern: '/templates', render: () => <TemplatesPage />, nav: 'Templates', anyOf: ['workflow:read'] },
  { pattern: '/tokens', render: () => <TokensPage />, nav: 'API tokens', anyOf: ['token:manage'] },
  { pattern: '/scim-clients', render: () => <ScimClientsPage />, nav: 'SCIM clients', anyOf: ['user:manage'] },
  {
    pattern: '/transfer',
    render: () => <TransferPage />,
    nav: 'Transfer',
    anyOf: ['config:export', 'config:import'],
  },
  { pattern: '/audit', render: () => <AuditPage />, nav: 'Audit log', anyOf: ['audit:read'] },
  { pattern: '/reports', render: () => <ReportsPage />, nav: 'Reports', anyOf: ['report:read'] },
];
