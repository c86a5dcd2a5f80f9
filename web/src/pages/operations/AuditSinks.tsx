import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { ConfirmedButton } from '../../components/ConfirmedButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatDateTime } from '../../components/format';
import { ShownOnce } from '../../components/ShownOnce';
import { useApiGet } from '../../components/async';
import { useAction } from '../../components/use-action';
import type { AuditSink, CreatedAuditSink } from './operations-types';

/**
 * The audit log page's section for admins: the sinks the trail is streamed to (syslog over TLS or
 * signed HTTPS batches; docs/observability.md, "Streaming to a SIEM"), each with how far it got.
 */
export function AuditSinks() {
  const sinks = useApiGet('/api/audit-sinks', { query: { sortBy: 'name', sortOrder: 'asc', pageSize: 100 } });
  const [created, setCreated] = useState<CreatedAuditSink>();
  const [message, setMessage] = useState<string>();
  return (
    <section className="panel" aria-labelledby="audit-sinks-heading">
      <h2 id="audit-sinks-heading">Streaming to a SIEM</h2>
      <p className="muted">
        Every sealed entry is sent to each enabled sink, once the one before it was accepted: syslog over TLS (RFC 5425)
        or signed JSON batches over HTTPS.
      </p>
      {message && <p role="status">{message}</p>}
      {created?.secret && (
        <ShownOnce
          label={`HMAC secret of ${created.name}`}
          secret={created.secret}
          onDismiss={() => setCreated(undefined)}
        />
      )}
      <ErrorNotice error={sinks.error} />
      {sinks.data &&
        (sinks.data.data.length === 0 ? (
          <p>No audit sinks yet: the trail stays in Flowgate only.</p>
        ) : (
          <div className="table-scroll">
            <table className="list stack" aria-label="Audit sinks">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Destination</th>
                  <th scope="col">Delivered</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {sinks.data.data.map((sink) => (
                  <AuditSinkRow key={sink.id} sink={sink} onChanged={sinks.reload} onMessage={setMessage} />
                ))}
              </tbody>
            </table>
          </div>
        ))}
      <CreateAuditSink
        onCreated={(sink) => {
          setCreated(sink);
          setMessage(`Audit sink ${sink.name} created`);
          sinks.reload();
        }}
      />
    </section>
  );
}

function destinationOf(sink: AuditSink): string {
  return 'url' in sink.config ? sink.config.url : `syslog://${sink.config.host}:${sink.config.port}`;
}

function AuditSinkRow({
  sink,
  onChanged,
  onMessage,
}: {
  sink: AuditSink;
  onChanged: () => void;
  onMessage: (message: string) => void;
}) {
  const action = useAction();
  const path = { id: sink.id };
  const setEnabled = async (enabled: boolean) => {
    if (await action.run(() => api('PATCH', '/api/audit-sinks/{id}', { path, body: { enabled } }))) onChanged();
  };
  const test = () =>
    void action.run(async () => {
      const answer = await api('POST', '/api/audit-sinks/{id}/test', { path });
      onMessage(answer.delivered ? `${sink.name} accepted the test event` : `${sink.name} refused it: ${answer.error}`);
    });
  const remove = () =>
    void action.run(async () => {
      onMessage((await api('DELETE', '/api/audit-sinks/{id}', { path })).message);
      onChanged();
    });
  return (
    <tr>
      <td data-label="Name">
        {sink.name} <span className="muted">({sink.kind})</span>
      </td>
      <td data-label="Destination">
        <code>{destinationOf(sink)}</code>
      </td>
      <td data-label="Delivered">
        up to place {sink.cursorSeq}, {sink.backlog} waiting
        {sink.deliveredAt && <span className="muted">; last at {formatDateTime(sink.deliveredAt)}</span>}
        {sink.lastError && (
          <p role="alert">
            Failing since {formatDateTime(sink.failingSince)}: {sink.lastError}
          </p>
        )}
      </td>
      <td data-label="State">
        <div className="actions">
          {sink.enabled ? 'enabled' : 'disabled'}
          {sink.enabled ? (
            <button type="button" disabled={action.busy} onClick={() => void setEnabled(false)}>
              Disable {sink.name}
            </button>
          ) : (
            <button type="button" disabled={action.busy} onClick={() => void setEnabled(true)}>
              Enable {sink.name}
            </button>
          )}
          <button type="button" disabled={action.busy} onClick={test}>
            Test {sink.name}
          </button>
          <ConfirmedButton
            label={`Delete ${sink.name}`}
            consequence={`${sink.name} gets no more entries; what it already received stays there.`}
            confirmLabel={`Yes, delete ${sink.name}`}
            className="danger"
            disabled={action.busy}
            onConfirm={remove}
          />
        </div>
        <ErrorNotice error={action.error} />
      </td>
    </tr>
  );
}

function CreateAuditSink({ onCreated }: { onCreated: (sink: CreatedAuditSink) => void }) {
  const [kind, setKind] = useState<'syslog' | 'https'>('syslog');
  const [name, setName] = useState('');
  const [host, setHost] = useState('');
  const [port, setPort] = useState('6514');
  const [url, setUrl] = useState('');
  const [caCertificate, setCaCertificate] = useState('');
  const create = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ca = caCertificate.trim() ? { caCertificate } : {};
    await create.run(async () => {
      const sink = await api('POST', '/api/audit-sinks', {
        body:
          kind === 'syslog'
            ? { name, kind, config: { host, port: Number(port), ...ca } }
            : { name, kind, config: { url, ...ca } },
      });
      setName('');
      onCreated(sink);
    });
  };
  return (
    <form className="form" aria-label="New audit sink" onSubmit={submit}>
      <h3>New audit sink</h3>
      <div className="field">
        <label htmlFor="audit-sink-name">
          Name <span className="required">(required)</span>
        </label>
        <input id="audit-sink-name" value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="audit-sink-kind">Kind</label>
        <select
          id="audit-sink-kind"
          value={kind}
          onChange={(event) => setKind(event.target.value === 'https' ? 'https' : 'syslog')}
        >
          <option value="syslog">syslog over TLS</option>
          <option value="https">HTTPS batches, signed</option>
        </select>
      </div>
      {kind === 'syslog' ? (
        <>
          <div className="field">
            <label htmlFor="audit-sink-host">
              Host <span className="required">(required)</span>
            </label>
            <input id="audit-sink-host" value={host} onChange={(event) => setHost(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="audit-sink-port">Port</label>
            <input
              id="audit-sink-port"
              inputMode="numeric"
              value={port}
              onChange={(event) => setPort(event.target.value)}
            />
          </div>
        </>
      ) : (
        <div className="field">
          <label htmlFor="audit-sink-url">
            URL <span className="required">(required)</span>
          </label>
          <input id="audit-sink-url" value={url} onChange={(event) => setUrl(event.target.value)} />
        </div>
      )}
      <div className="field">
        <label htmlFor="audit-sink-ca">CA certificate (PEM; the system CAs when empty)</label>
        <textarea
          id="audit-sink-ca"
          rows={3}
          value={caCertificate}
          onChange={(event) => setCaCertificate(event.target.value)}
        />
      </div>
      <ErrorNotice error={create.error} />
      <button type="submit" disabled={create.busy}>
        Create audit sink
      </button>
    </form>
  );
}
