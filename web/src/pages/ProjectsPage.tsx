import { api } from '../api/client';
import { formatDateTime } from '../components/format';
import { Link, navigate } from '../router';
import { useCan } from '../session/me';
import { useApiGet } from '../components/async';
import { DirectoryList, useListQuery, type Column, type SortFieldOf } from './directory/DirectoryList';
import type { Project } from './directory/directory-types';
import { NameDescriptionForm } from './directory/NameDescriptionForm';
import './pages.css';

const columns: Column<Project, SortFieldOf<'/api/projects'>>[] = [
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
  const query = useListQuery(columns, { sortBy: 'name', sortOrder: 'asc' });
  const list = useApiGet('/api/projects', { query });
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
              const project = await api('POST', '/api/projects', { body: values });
              navigate(`/projects/${project.id}`);
            }}
          />
        </details>
      )}
      <DirectoryList what="projects" list={list} query={query} searchLabel="Name" columns={columns} />
    </section>
  );
}
