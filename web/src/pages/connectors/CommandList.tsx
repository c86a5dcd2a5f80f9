import { jsonSchemaOf, type ConnectorHandler } from './connector-types';

/** The commands a connector's handler offers, as connector steps and sync call them. */
export function CommandList({ handler }: { handler: ConnectorHandler }) {
  return (
    <section className="panel" aria-labelledby="connector-commands">
      <h2 id="connector-commands">Commands</h2>
      <div className="table-scroll">
        <table className="list stack">
          <thead>
            <tr>
              <th scope="col">Command</th>
              <th scope="col">What it does</th>
              <th scope="col">Kind</th>
              <th scope="col">Parameters</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(handler.commands).map(([name, command]) => (
              <tr key={name}>
                <th scope="row">
                  {name}
                  {name === handler.defaultCommand && <span className="muted"> (default)</span>}
                </th>
                <td data-label="What it does">{command.description}</td>
                <td data-label="Kind">
                  {[
                    command.writes ? 'writes' : 'reads',
                    command.idempotent ? 'idempotent' : '',
                    command.syncCapable ? 'sync' : '',
                  ]
                    .filter((part) => part !== '')
                    .join(', ')}
                </td>
                <td data-label="Parameters">
                  {Object.keys(jsonSchemaOf(command.parameters).properties ?? {}).join(', ') || '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
