/** `/`: what waits for the signed-in person: approvals they can decide and tasks assigned to them. */
import { useState } from 'react';
import { Async, useApiGet } from '../components/async';
import { Link } from '../router';
import { useCan } from '../session/me';
import { ApprovalCard } from './inbox/ApprovalCard';
import { TaskCard } from './inbox/TaskCard';

export function InboxPage() {
  const can = useCan();
  return (
    <>
      <h1>Inbox</h1>
      {can('review:decide') && <ReviewItems />}
      {can('approval:read') && <Approvals />}
      {can('task:read') && <Tasks />}
    </>
  );
}

/** A line leading to the access review queue, shown only while items wait there. */
function ReviewItems() {
  const items = useApiGet('/api/access-reviews/my-items', { query: { pageSize: 1 } });
  const total = items.data?.total ?? 0;
  if (total === 0) return null;
  return (
    <p className="panel">
      <Link to="/reviews/mine">
        {total} access review {total === 1 ? 'item waits' : 'items wait'} for you
      </Link>
    </p>
  );
}

function Approvals() {
  const approvals = useApiGet('/api/approvals', { query: { pageSize: 50 } });
  const [notice, setNotice] = useState<string>();
  return (
    <section aria-labelledby="approvals-title">
      <h2 id="approvals-title">Approvals waiting for you</h2>
      <Notice text={notice} />
      <Async loaded={approvals} what="approvals">
        {({ data }) =>
          data.length === 0 ? (
            <p className="empty">No approvals wait for you.</p>
          ) : (
            <ul className="cards">
              {data.map((approval) => (
                <li key={approval.id}>
                  <ApprovalCard
                    approval={approval}
                    onDecided={(text) => {
                      setNotice(text);
                      approvals.reload();
                    }}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </Async>
    </section>
  );
}

function Tasks() {
  const tasks = useApiGet('/api/tasks', { query: { pageSize: 50 } });
  const [notice, setNotice] = useState<string>();
  return (
    <section aria-labelledby="tasks-title">
      <h2 id="tasks-title">Tasks assigned to you</h2>
      <Notice text={notice} />
      <Async loaded={tasks} what="tasks">
        {({ data }) =>
          data.length === 0 ? (
            <p className="empty">No open tasks.</p>
          ) : (
            <ul className="cards">
              {data.map((task) => (
                <li key={task.id}>
                  <TaskCard
                    task={task}
                    onCompleted={(text) => {
                      setNotice(text);
                      tasks.reload();
                    }}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </Async>
    </section>
  );
}

/** Says what the last action did; a live region, so screen readers hear it too. */
function Notice({ text }: { text: string | undefined }) {
  return (
    <p className="notice" role="status">
      {text}
    </p>
  );
}
