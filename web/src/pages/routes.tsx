/** Every page of the console: its path pattern, its nav entry and the permission that offers it. */
import type { ReactElement } from 'react';
import { ConnectorPage } from './ConnectorPage';
import { ConnectorsPage } from './ConnectorsPage';
import { InboxPage } from './InboxPage';
import { NewConnectorPage } from './NewConnectorPage';
import { PendingWorkPage } from './PendingWorkPage';
import { RunPage } from './RunPage';
import { RunsPage } from './RunsPage';
import { SyncPage } from './SyncPage';
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
  // Everyone's approvals and tasks, for those who may decide any of them.
  {
    pattern: '/approvals',
    render: () => <PendingWorkPage />,
    nav: 'Pending work',
    anyOf: ['approval:decide_any', 'task:complete_any'],
  },
];
