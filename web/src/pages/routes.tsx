/** Every page of the console: its path pattern, its nav entry and the permission that offers it. */
import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';

/**
 * A page loaded with its own chunk the first time it is shown, so the first page downloads only
 * its own code; app.tsx shows the loading line meanwhile (Suspense).
 */
function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => ({ default: await load() }));
}

const AuditPage = lazyPage(() => import('./AuditPage').then((module) => module.AuditPage));
const ConnectorPage = lazyPage(() => import('./ConnectorPage').then((module) => module.ConnectorPage));
const ConnectorsPage = lazyPage(() => import('./ConnectorsPage').then((module) => module.ConnectorsPage));
const InboxPage = lazyPage(() => import('./InboxPage').then((module) => module.InboxPage));
const NewConnectorPage = lazyPage(() => import('./NewConnectorPage').then((module) => module.NewConnectorPage));
const ReportsPage = lazyPage(() => import('./ReportsPage').then((module) => module.ReportsPage));
const RunPage = lazyPage(() => import('./RunPage').then((module) => module.RunPage));
const RunsPage = lazyPage(() => import('./RunsPage').then((module) => module.RunsPage));
const SchedulesPage = lazyPage(() => import('./SchedulesPage').then((module) => module.SchedulesPage));
const ScimClientsPage = lazyPage(() => import('./ScimClientsPage').then((module) => module.ScimClientsPage));
const SyncPage = lazyPage(() => import('./SyncPage').then((module) => module.SyncPage));
const TemplatesPage = lazyPage(() => import('./TemplatesPage').then((module) => module.TemplatesPage));
const TokensPage = lazyPage(() => import('./TokensPage').then((module) => module.TokensPage));
const TransferPage = lazyPage(() => import('./TransferPage').then((module) => module.TransferPage));
const EditWorkflowPage = lazyPage(() => import('./WorkflowEditorPage').then((module) => module.EditWorkflowPage));
const NewWorkflowPage = lazyPage(() => import('./WorkflowEditorPage').then((module) => module.NewWorkflowPage));
const WorkflowPage = lazyPage(() => import('./WorkflowPage').then((module) => module.WorkflowPage));
const WorkflowsPage = lazyPage(() => import('./WorkflowsPage').then((module) => module.WorkflowsPage));

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
