import { useState } from 'react';
import { api } from '../api/client';
import { ConfirmedButton } from '../components/ConfirmedButton';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatDateTime } from '../components/format';
import { UserName } from '../components/UserName';
import { UserPicker } from '../components/UserPicker';
import { useAction } from '../components/use-action';
import { useApiGet } from '../components/async';
import { Link, navigate } from '../router';
import { useCan } from '../session/me';
import type { Project, WorkflowSet } from './directory/directory-types';
import { NameDescriptionForm } from './directory/NameDescriptionForm';
import './pages.css';

/**
 * `/projects/:id`: a project, its workflow sets (workflow_set:manage adds, renames and deletes
 * them), its owners and members (project:update), and deleting it (project:delete).
 */
export function ProjectPage({ id }: { id: string }) {
  const loaded = useApiGet('/api/projects/{id}', { path: { id } });
  const [current, setCurrent] = useState<Project>();
  const project = current ?? loaded.data;
  const can = useCan();
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/admin">Admin</Link> › <Link to="/projects">Projects</Link>
      </p>
      <ErrorNotice error={loaded.error} />
      {project && (
        <>
          <h1>{project.name}</h1>
          <p className="muted">
            {project.description || 'No description'} · {project.workflowCount} workflow(s) · created{' '}
            {formatDateTime(project.createdAt)}
          </p>
          {can('project:update') && (
            <section className="panel" aria-labelledby="project-edit">
              <h2 id="project-edit">Name and description</h2>
              <NameDescriptionForm
                label="Project"
                idPrefix="project"
                initial={{ name: project.name, description: project.description }}
                submitLabel="Save"
                save={async (values) =>
                  setCurrent(await api('PUT', '/api/projects/{id}', { path: { id: project.id }, body: values }))
                }
              />
            </section>
          )}
          <WorkflowSets project={project} manage={can('workflow_set:manage')} onChanged={setCurrent} />
          <Members project={project} manage={can('project:update')} onChanged={setCurrent} />
          {can('project:delete') && <DeleteProject project={project} />}
        </>
      )}
    </section>
  );
}

function WorkflowSets({
  project,
  manage,
  onChanged,
}: {
  project: Project;
  manage: boolean;
  onChanged: (project: Project) => void;
}) {
  return (
    <section className="panel" aria-labelledby="project-sets">
      <h2 id="project-sets">Workflow sets</h2>
      {project.workflowSets.length === 0 && <p>No workflow sets.</p>}
      <ul className="workflow-sets">
        {project.workflowSets.map((set) => (
          <li key={set.id}>
            {manage ? (
              <WorkflowSetEditor set={set} projectId={project.id} onChanged={onChanged} />
            ) : (
              <>
                <strong>{set.name}</strong> <span className="muted">{set.description}</span>
              </>
            )}
          </li>
        ))}
      </ul>
      {manage && (
        <details className="create">
          <summary>New workflow set</summary>
          <NameDescriptionForm
            key={project.workflowSets.length}
            label="New workflow set"
            idPrefix="new-set"
            submitLabel="Add workflow set"
            save={async (values) =>
              onChanged(
                await api('POST', '/api/projects/{id}/workflow-sets', { path: { id: project.id }, body: values }),
              )
            }
          />
        </details>
      )}
    </section>
  );
}

function WorkflowSetEditor({
  set,
  projectId,
  onChanged,
}: {
  set: WorkflowSet;
  projectId: string;
  onChanged: (project: Project) => void;
}) {
  const remove = useAction();
  const path = { id: projectId, setId: set.id };
  return (
    <div className="workflow-set" role="group" aria-label={`Workflow set ${set.name}`}>
      <NameDescriptionForm
        label={`Workflow set ${set.name}`}
        idPrefix={`set-${set.id}`}
        initial={{ name: set.name, description: set.description }}
        submitLabel="Save"
        save={async (values) =>
          onChanged(await api('PUT', '/api/projects/{id}/workflow-sets/{setId}', { path, body: values }))
        }
      />
      <ConfirmedButton
        label={`Delete ${set.name}`}
        className="danger"
        consequence={`The workflow set ${set.name} is deleted. The API refuses while it holds workflows.`}
        confirmLabel={`Yes, delete ${set.name}`}
        disabled={remove.busy}
        onConfirm={() =>
          void remove.run(async () =>
            onChanged(await api('DELETE', '/api/projects/{id}/workflow-sets/{setId}', { path })),
          )
        }
      />
      <ErrorNotice error={remove.error} />
    </div>
  );
}

function Members({
  project,
  manage,
  onChanged,
}: {
  project: Project;
  manage: boolean;
  onChanged: (project: Project) => void;
}) {
  const action = useAction();
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<'owner' | 'member'>('member');
  const setMember = (member: string, as: 'owner' | 'member') =>
    action.run(async () =>
      onChanged(
        await api('PUT', '/api/projects/{id}/members/{userId}', {
          path: { id: project.id, userId: member },
          body: { role: as },
        }),
      ),
    );
  return (
    <section className="panel" aria-labelledby="project-members">
      <h2 id="project-members">Owners and members</h2>
      <p className="hint">They have authority over the project's workflows (create version, deprecate).</p>
      {project.members.length === 0 ? (
        <p>No members.</p>
      ) : (
        <table className="list stack" aria-label="Project members">
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Role</th>
              {manage && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {project.members.map((member) => (
              <tr key={member.userId}>
                <td>
                  <UserName userId={member.userId} />
                </td>
                <td data-label="Role">{member.role}</td>
                {manage && (
                  <td data-label="Actions">
                    <div className="actions">
                      <button
                        type="button"
                        disabled={action.busy}
                        onClick={() => void setMember(member.userId, member.role === 'owner' ? 'member' : 'owner')}
                      >
                        {member.role === 'owner' ? 'Make member' : 'Make owner'}
                      </button>
                      <ConfirmedButton
                        label="Remove"
                        consequence="The user loses authority over this project's workflows."
                        confirmLabel="Yes, remove"
                        disabled={action.busy}
                        onConfirm={() =>
                          void action.run(async () =>
                            onChanged(
                              await api('DELETE', '/api/projects/{id}/members/{userId}', {
                                path: { id: project.id, userId: member.userId },
                              }),
                            ),
                          )
                        }
                      />
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {manage && (
        <div className="add-member">
          <UserPicker
            id="project-new-member"
            label="Add a user"
            value={userId}
            onChange={setUserId}
            extra={[{ value: '', label: 'Choose a user' }]}
          />
          <div className="field">
            <label htmlFor="project-new-member-role">As</label>
            <select
              id="project-new-member-role"
              value={role}
              onChange={(event) => setRole(event.target.value === 'owner' ? 'owner' : 'member')}
            >
              <option>member</option>
              <option>owner</option>
            </select>
          </div>
          <div className="actions">
            <button
              type="button"
              disabled={action.busy || userId === ''}
              onClick={() => void setMember(userId, role).then((ok) => ok && setUserId(''))}
            >
              Add to project
            </button>
          </div>
        </div>
      )}
      <ErrorNotice error={action.error} />
    </section>
  );
}

function DeleteProject({ project }: { project: Project }) {
  const remove = useAction();
  return (
    <section className="panel" aria-labelledby="delete-project">
      <h2 id="delete-project">Delete</h2>
      <ConfirmedButton
        label="Delete project"
        className="danger"
        consequence={`${project.name} and its workflow sets are deleted. The API refuses while it holds workflows.`}
        confirmLabel={`Yes, delete ${project.name}`}
        disabled={remove.busy}
        onConfirm={() =>
          void remove
            .run(() => api('DELETE', '/api/projects/{id}', { path: { id: project.id } }))
            .then((ok) => ok && navigate('/projects'))
        }
      />
      <ErrorNotice error={remove.error} />
    </section>
  );
}
