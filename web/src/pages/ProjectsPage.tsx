import { api } from '../api/client';
import { formatDateTime } from '../components/format';
import { Link, navigate } from '../router';
import { useCan } from '../session/me';
import { DirectoryList, type Column } from './directory/DirectoryList';
import type { Project } from './directory/directory-types';
import { NameDescriptionForm } from './directory/NameDescriptionForm';
import './pages.css';

const columns: Column<Project>[] = [
  { label: 'Name', sortBy: 'name', render: (project) => <Link to={`/projects/${project.id}`}>{project.name}</Link> },
  { label: 'Description', render: (project) => project.description },
  { label: 'Workflow sets', render: (project) => project.workflowSets.map((set) => set.name).join(', ') || '—' },
  { label: 'Workflows', render: (project) => project.workflowCount },
  {
    label: 'Created',
    sortBy: 'createdAt',
    firstOrder: 'desc',
    render: (project) => formatDateTime(project.createdAt),
  },
];

/** `/projects`: projects with their workflow sets, searched by name, and (project:create) a new one. */
export function ProjectsPage() {
  const can = useCan();
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/admin">Admin</Link>
      </p>
      <h1>Projects</h1>
      {can('project:create') && (
        <details className="panel create">
          <summary>New project</summary>
          <NameDescriptionForm
            label="New project"
            idPrefix="new-project"
            submitLabel="Create project"
            save={async (values) => {
              const project = await api<Project>('POST', '/api/projects', values);
              navigate(`/projects/${project.id}`);
            }}
          />
        </details>
      )}
      <DirectoryList<Project>
        what="projects"
        apiPath="/api/projects"
        searchLabel="Name"
        columns={columns}
        defaultSort={{ sortBy: 'name', sortOrder: 'asc' }}
      />
    </section>
  );
}
