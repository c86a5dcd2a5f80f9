import type { ReactNode } from 'react';
import type { JsonSchema } from '../connectors/connector-types';
import { parameterSchemaOf, type ConnectorCatalogue } from './catalogue';
import { FieldFindings } from './FieldFindings';
import type { PlacedFinding } from './findings';
import { JsonValueField } from './JsonValueField';
import { SchemaField } from './SchemaField';

type Config = Record<string, unknown>;

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The connector, command and parameters of a connector step. With the catalogue (connector:read)
 * the connector and its commands are chosen from lists and each parameter the command declares
 * has its own field; without it they are typed, and the parameters are one JSON object.
 */
export function ConnectorFields({
  idPrefix,
  config,
  catalogue,
  findingsAt,
  onChange,
}: {
  idPrefix: string;
  config: Config;
  catalogue: ConnectorCatalogue | null;
  /** The findings at or under a config field (`connector`, `parameters.filter`). */
  findingsAt: (field: string) => PlacedFinding[];
  onChange: (config: Config) => void;
}) {
  const connectorName = textOf(config.connector);
  const command = textOf(config.command);
  const connector = catalogue?.connectors.find((candidate) => candidate.name === connectorName);
  const commands = connector ? Object.entries(connector.configSchema.commands) : [];
  const schema = catalogue ? parameterSchemaOf(catalogue, connectorName, command) : undefined;
  const parameters =
    typeof config.parameters === 'object' && config.parameters !== null && !Array.isArray(config.parameters)
      ? Object.fromEntries(Object.entries(config.parameters))
      : {};
  const set = (field: string, value: unknown) => {
    const next = { ...config };
    if (value === undefined) delete next[field];
    else next[field] = value;
    onChange(next);
  };
  const field = (name: string, label: string, control: ReactNode) => {
    const findings = findingsAt(name);
    return (
      <div className={`field${findings.some((finding) => finding.severity === 'error') ? ' invalid' : ''}`}>
        <label htmlFor={`${idPrefix}-${name}`}>
          {label} <span className="required">(required)</span>
        </label>
        {control}
        <FieldFindings id={`${idPrefix}-${name}-findings`} findings={findings} />
      </div>
    );
  };
  return (
    <>
      {field(
        'connector',
        'connector',
        catalogue ? (
          <select
            id={`${idPrefix}-connector`}
            value={connectorName}
            onChange={(event) => onChange({ ...config, connector: event.target.value, command: '', parameters: {} })}
          >
            <option value="">Choose…</option>
            {!connector && connectorName !== '' && <option value={connectorName}>{connectorName} (unknown)</option>}
            {catalogue.connectors.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.name} ({candidate.type})
              </option>
            ))}
          </select>
        ) : (
          <input
            id={`${idPrefix}-connector`}
            type="text"
            value={connectorName}
            onChange={(event) => set('connector', event.target.value)}
          />
        ),
      )}
      {field(
        'command',
        'command',
        connector ? (
          <select
            id={`${idPrefix}-command`}
            value={command}
            onChange={(event) => onChange({ ...config, command: event.target.value, parameters: {} })}
          >
            <option value="">Choose…</option>
            {command !== '' && !commands.some(([name]) => name === command) && (
              <option value={command}>{command} (not declared)</option>
            )}
            {commands.map(([name, declaration]) => (
              <option key={name} value={name}>
                {name}
                {declaration.description ? ` — ${declaration.description}` : ''}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={`${idPrefix}-command`}
            type="text"
            value={command}
            onChange={(event) => set('command', event.target.value)}
          />
        ),
      )}
      <fieldset className="parameters">
        <legend>Parameters</legend>
        {schema?.properties ? (
          <ParameterFields
            idPrefix={`${idPrefix}-parameter`}
            schema={schema}
            parameters={parameters}
            findingsAt={(name) => findingsAt(`parameters.${name}`)}
            onChange={(next) => set('parameters', next)}
          />
        ) : (
          <>
            <label htmlFor={`${idPrefix}-parameters`}>parameters (JSON object)</label>
            <JsonValueField
              id={`${idPrefix}-parameters`}
              value={config.parameters}
              onChange={(value) => set('parameters', value)}
            />
          </>
        )}
        <FieldFindings
          id={`${idPrefix}-parameters-findings`}
          findings={findingsAt('parameters').filter(
            (finding) =>
              !Object.keys(schema?.properties ?? {}).some((name) => findingsAt(`parameters.${name}`).includes(finding)),
          )}
        />
      </fieldset>
    </>
  );
}

function ParameterFields({
  idPrefix,
  schema,
  parameters,
  findingsAt,
  onChange,
}: {
  idPrefix: string;
  schema: JsonSchema;
  parameters: Config;
  findingsAt: (name: string) => PlacedFinding[];
  onChange: (parameters: Config) => void;
}) {
  return (
    <>
      {Object.entries(schema.properties ?? {}).map(([name, property]) => {
        const id = `${idPrefix}-${name}`;
        const findings = findingsAt(name);
        return (
          <div
            key={name}
            className={`field${findings.some((finding) => finding.severity === 'error') ? ' invalid' : ''}`}
          >
            <SchemaField
              id={id}
              name={name}
              schema={property}
              required={schema.required?.includes(name) ?? false}
              value={Object.hasOwn(parameters, name) ? parameters[name] : undefined}
              describedBy={`${id}-hint ${id}-findings`}
              invalid={findings.length > 0}
              onChange={(value) => {
                const next = { ...parameters };
                if (value === undefined) delete next[name];
                else next[name] = value;
                onChange(next);
              }}
            />
            <FieldFindings id={`${id}-findings`} findings={findings} />
          </div>
        );
      })}
    </>
  );
}
