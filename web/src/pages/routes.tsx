/** Every page of the console: its path pattern, its nav entry and the permission that offers it. */
import type { ReactElement } from 'react';
import { AdminPage } from './AdminPage';
import { AuditPage } from './AuditPage';
import { BusinessRolePage } from './BusinessRolePage';
import { BusinessRolesPage } from './BusinessRolesPage';
import { ConnectorPage } from './ConnectorPage';
import { ConnectorsPage } from './ConnectorsPage';
import { EntitlementPage } from './EntitlementPage';
import { EntitlementsPage } from './EntitlementsPage';
import { GroupPage } from './GroupPage';
import { GroupsPage } from './GroupsPage';
import { InboxPage } from './InboxPage';
import { NewConnectorPage } from './NewConnectorPage';
import { OrganizationPage } from './OrganizationPage';
import { OrganizationsPage } from './OrganizationsPage';
import { PendingWorkPage } from './PendingWorkPage';
import { ProjectPage } from './ProjectPage';
import { ProjectsPage } from './ProjectsPage';
import { ReportsPage } from './ReportsPage';
import { RunPage } from './RunPage';
import { RunsPage } from './RunsPage';
import { SchedulesPage } from './SchedulesPage';
import { ScimClientsPage } from './ScimClientsPage';
import { SyncPage } from './SyncPage';
import { TemplatesPage } from './TemplatesPage';
import { TokensPage } from './TokensPage';
import { TransferPage } from './TransferPage';
import { UserPage } from './UserPage';
import { UsersPage } from './UsersPage';
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
  /**
   * An administration page: listed on the Admin page (`/admin`) under its `nav` name with this line
   * saying what it is for, instead of in the top bar.
   */
  admin?: string;
}

/** The Admin page is offered to whoever is offered one of the pages it lists. */
function adminPermissions(): string[] {
  return [...new Set(pageRoutes.filter((route) => route.admin).flatMap((route) => route.anyOf))];
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
  // Everyone's approvals and tasks, for those who may decide any of them.
  {
    pattern: '/approvals',
    render: () => <PendingWorkPage />,
    nav: 'Pending work',
    anyOf: ['approval:decide_any', 'task:complete_any'],
  },
  // Administration: the top bar's last entry, a landing page listing the pages marked `admin`.
  {
    pattern: '/admin',
    render: () => <AdminPage />,
    nav: 'Admin',
    // A getter: the list it reads is this one, complete only once built.
    get anyOf() {
      return adminPermissions();
    },
  },
  // Directory administration (docs/console.md, "Users" to "Business roles and entitlements").
  {
    pattern: '/users',
    render: () => <UsersPage />,
    nav: 'Users',
    admin: 'People: their roles, profiles and where each attribute came from; deactivate and restore.',
    anyOf: ['user:read'],
  },
  { pattern: '/users/:id', render: ({ id = '' }) => <UserPage key={id} id={id} />, anyOf: ['user:read'] },
  {
    pattern: '/groups',
    render: () => <GroupsPage />,
    nav: 'Groups',
    admin: 'User groups and their members.',
    anyOf: ['group:read'],
  },
  { pattern: '/groups/:id', render: ({ id = '' }) => <GroupPage key={id} id={id} />, anyOf: ['group:read'] },
  {
    pattern: '/organizations',
    render: () => <OrganizationsPage />,
    nav: 'Organizations',
    admin: 'The organization tree, members and their roles, and the email domain that makes new users members.',
    anyOf: ['org:read'],
  },
  {
    pattern: '/organizations/:id',
    render: ({ id = '' }) => <OrganizationPage key={id} id={id} />,
    anyOf: ['org:read'],
  },
  {
    pattern: '/projects',
    render: () => <ProjectsPage />,
    nav: 'Projects',
    admin: 'Projects, their workflow sets and who has authority over their workflows.',
    anyOf: ['project:read'],
  },
  { pattern: '/projects/:id', render: ({ id = '' }) => <ProjectPage key={id} id={id} />, anyOf: ['project:read'] },
  {
    pattern: '/roles',
    render: () => <BusinessRolesPage />,
    nav: 'Business roles',
    admin: 'Business roles: the entitlements each grants, and who holds it.',
    anyOf: ['role_definition:read'],
  },
  {
    pattern: '/roles/:id',
    render: ({ id = '' }) => <BusinessRolePage key={id} id={id} />,
    anyOf: ['role_definition:read'],
  },
  {
    pattern: '/entitlements',
    render: () => <EntitlementsPage />,
    nav: 'Entitlements',
    admin: 'Entitlements: the connector commands that provision and deprovision each.',
    anyOf: ['role_definition:read'],
  },
  {
    pattern: '/entitlements/:id',
    render: ({ id = '' }) => <EntitlementPage key={id} id={id} />,
    anyOf: ['role_definition:read'],
  },
  // Operations administration: schedules, tokens, SCIM clients, templates, transfer, audit, reports.
  {
    pattern: '/schedules',
    render: () => <SchedulesPage />,
    nav: 'Schedules',
    admin: 'Schedules that start workflows at set times: create, edit, pause and delete.',
    anyOf: ['schedule:read'],
  },
  {
    pattern: '/templates',
    render: () => <TemplatesPage />,
    nav: 'Templates',
    admin: 'Email and document templates that workflow steps fill in.',
    anyOf: ['workflow:read'],
  },
  {
    pattern: '/tokens',
    render: () => <TokensPage />,
    nav: 'API tokens',
    admin: 'API tokens for scripts and assistants, each with a subset of your permissions.',
    anyOf: ['token:manage'],
  },
  {
    pattern: '/scim-clients',
    render: () => <ScimClientsPage />,
    nav: 'SCIM clients',
    admin: 'Identity providers that push users and groups into Flowgate over SCIM.',
    anyOf: ['user:manage'],
  },
  {
    pattern: '/transfer',
    render: () => <TransferPage />,
    nav: 'Transfer',
    admin: 'Export the configuration to a file, and import one after previewing what it changes.',
    anyOf: ['config:export', 'config:import'],
  },
  {
    pattern: '/audit',
    render: () => <AuditPage />,
    nav: 'Audit log',
    admin: 'Who did what and when, filtered by actor, action, target and time.',
    anyOf: ['audit:read'],
  },
  {
    pattern: '/reports',
    render: () => <ReportsPage />,
    nav: 'Reports',
    admin: 'Workflow statistics, SLA compliance and approver performance over a date window, with charts.',
    anyOf: ['report:read'],
  },
];
