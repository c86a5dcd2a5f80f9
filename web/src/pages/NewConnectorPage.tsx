import { useState } from 'react';
import { ErrorNotice } from '../components/ErrorNotice';
import { useApiGet } from '../components/async';
import { Link, navigate } from '../router';
import { ConnectorForm } from './connectors/ConnectorForm';
import './pages.css';

/** `/connectors/new`: choose a handler, then fill in the form of its settings. */
export function NewConnectorPage() {
  const handlers = useApiGet('/api/connectors/handlers');
  const [type, setType] = useState('');
  const handler = handlers.data?.find((candidate) => candidate.name === type);
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/connectors">Connectors</Link>
      </p>
      <h1>New connector</h1>
      <ErrorNotice error={handlers.error} />
      {handlers.data && (
        <div className="field">
          <label htmlFor="connector-type">Handler</label>
          <select id="connector-type" value={type} onChange={(event) => setType(event.target.value)}>
            <option value="">Choose…</option>
            {handlers.data.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.name} — {candidate.description}
              </option>
            ))}
          </select>
        </div>
      )}
      {handler && (
        <ConnectorForm key={handler.name} handler={handler} onSaved={(saved) => navigate(`/connectors/${saved.id}`)} />
      )}
    </section>
  );
}
