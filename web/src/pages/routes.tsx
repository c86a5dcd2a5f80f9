/** Every page of the console: its path pattern, its nav entry and the permission that offers it. */
import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import type { Permission } from '../session/me';

/**
 * A page loaded with its own chunk the first time it is shown, so the first page downloads only
 * its own code; app.tsx shows the loading line meanwhile (Suspense).
 */
function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => ({ default: await load() }));
}

const AdminPage = lazyPage(() => import('./AdminPage').then((module) => module.AdminPage));
const AuditPage = lazyPage(() => import('./AuditPage').then((module) => module.AuditPage));
const BusinessRolePage = lazyPage(() => import('./BusinessRolePage').then((module) => module.BusinessRolePage));
const BusinessRolesPage = lazyPage(() => import('./BusinessRolesPage').then((module) => module.BusinessRolesPage));
const ConnectorPage = lazyPage(() => import('./ConnectorPage').then((module) => module.ConnectorPage));
const ConnectorsPage = lazyPage(() => import('./ConnectorsPage').then((module) => module.ConnectorsPage));
const EntitlementPage = lazyPage(() => import('./EntitlementPage').then((module) => module.EntitlementPage));
const EntitlementsPage = lazyPage(() => import('./EntitlementsPage').then((module) => module.EntitlementsPage));
const GroupPage = lazyPage(() => import('./GroupPage').then((module) => module.GroupPage));
const GroupsPage = lazyPage(() => import('./GroupsPage').then((module) => module.GroupsPage));
const InboxPage = lazyPage(() => import('./InboxPage').then((module) => module.InboxPage));
const NewConnectorPage = lazyPage(() => import('./NewConnectorPage').then((module) => module.NewConnectorPage));
const OrganizationPage = lazyPage(() => import('./OrganizationPage').then((module) => module.OrganizationPage));
const OrganizationsPage = lazyPage(() => import('./OrganizationsPage').then((module) => module.OrganizationsPage));
const PendingWorkPage = lazyPage(() => import('./PendingWorkPage').then((module) => module.PendingWorkPage));
const ProjectPage = lazyPage(() => import('./ProjectPage').then((module) => module.ProjectPage));
const ProjectsPage = lazyPage(() => import('./ProjectsPage').then((module) => module.ProjectsPage));
const ReportsPage = lazyPage(() => import('./ReportsPage').then((module) => module.ReportsPage));
const ReviewQueuePage = lazyPage(() => import('./ReviewQueuePage').then((module) => module.ReviewQueuePage));
const ReviewPage = lazyPage(() => import('./ReviewPage').then((module) => module.ReviewPage));
const ReviewsPage = lazyPage(() => import('./ReviewsPage').then((module) => module.ReviewsPage));
const RunPage = lazyPage(() => import('./RunPage').then((module) => module.RunPage));
const RunsPage = lazyPage(() => import('./RunsPage').then((module) => module.RunsPage));
const SchedulesPage = lazyPage(() => import('./SchedulesPage').then((module) => module.SchedulesPage));
const ScimClientsPage = lazyPage(() => import('./ScimClientsPage').then((module) => module.ScimClientsPage));
const SyncPage = lazyPage(() => import('./SyncPage').then((module) => module.SyncPage));
const TemplatesPage = lazyPage(() => import('./TemplatesPage').then((module) => module.TemplatesPage));
const TokensPage = lazyPage(() => import('./TokensPage').then((module) => module.TokensPage));
const TransferPage = lazyPage(() => import('./TransferPage').then((module) => module.TransferPage));
const UserPage = lazyPage(() => import('./UserPage').then((module) => module.UserPage));
const UsersPage = lazyPage(() => import('./UsersPage').then((module) => module.UsersPage));
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
  anyOf: Permission[];
  /**
   * An administration page: listed on the Admin page (`/admin`) under its `nav` name with this line
   * saying what it is for, instead of in the top bar.
   */
  admin?: string;
}

/** The Admin page is offered to whoever is offered one of the pages it lists. */
function adminPermissions(): Permission[] {
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
  // Access review campaigns; a reviewer's own items (reached from the inbox) before `/reviews/:id`,
  // which would read `mine` as an id.
  { pattern: '/reviews', render: () => <ReviewsPage />, nav: 'Reviews', anyOf: ['review:read'] },
  { pattern: '/reviews/mine', render: () => <ReviewQueuePage />, anyOf: ['review:decide'] },
  { pattern: '/reviews/:id', render: ({ id = '' }) => <ReviewPage key={id} id={id} />, anyOf: ['review:read'] },
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
