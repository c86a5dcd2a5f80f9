import { useApiGet } from '../../components/async';
import { useCan } from '../../session/me';
import type { JsonSchema } from '../connectors/connector-types';
import type { ConnectorCatalogue } from './catalogue';
import { ConnectorFields } from './ConnectorFields';
import { FieldFindings } from './FieldFindings';
import type { PlacedFinding } from './findings';
import { PeopleList, PersonField } from './PersonField';
import { SchemaField } from './SchemaField';

type Config = Record<string, unknown>;

/** Config fields that name people: a person picker rather than text. */
const PERSON_FIELDS: Record<string, readonly string[]> = {
  notification: ['recipientId'],
  task: ['assignee'],
  role_grant: ['subject'],
  role_revoke: ['subject'],
};

/**
 * The form of a step's config, generated from its type's JSON Schema (the one the API validates
 * with): one field per property, people pickers where the step names people, the business roles
 * where it names a role, and the connector's commands and parameters for connector steps.
 */
export function ConfigFields({
  idPrefix,
  type,
  schema,
  config,
  catalogue,
  findingsAt,
  onChange,
}: {
  idPrefix: string;
  type: string;
  schema: JsonSchema;
  config: Config;
  catalogue: ConnectorCatalogue | null;
  findingsAt: (field: string) => PlacedFinding[];
  onChange: (config: Config) => void;
}) {
  const properties = Object.entries(schema.properties ?? {});
  const handledElsewhere = type === 'connector' ? ['connector', 'command', 'parameters'] : [];
  const set = (field: string, value: unknown) => {
    const next = { ...config };
    if (value === undefined) delete next[field];
    else next[field] = value;
    onChange(next);
  };
  if (properties.length === 0) return <p className="meta">This step type has no configuration.</p>;
  return (
    <>
      {type === 'connector' && (
        <ConnectorFields
          idPrefix={idPrefix}
          config={config}
          catalogue={catalogue}
          findingsAt={findingsAt}
          onChange={onChange}
        />
      )}
      {properties
        .filter(([name]) => !handledElsewhere.includes(name))
        .map(([name, property]) => {
          const id = `${idPrefix}-${name}`;
          const findings = findingsAt(name);
          const describedBy = `${id}-hint ${id}-findings`;
          const required = schema.required?.includes(name) ?? false;
          const value = Object.hasOwn(config, name) ? config[name] : undefined;
          let control;
          if (type === 'approval' && name === 'approvers') {
            control = (
              <>
                <p className="field-label">
                  approvers <span className="required">(required)</span>
                </p>
                <PeopleList id={id} label="Approver" value={value} onChange={(people) => set(name, people)} />
                <p id={`${id}-hint`} className="hint">
                  {property.description}
                </p>
              </>
            );
          } else if (PERSON_FIELDS[type]?.includes(name)) {
            control = (
              <>
                <PersonField
                  id={id}
                  label={`${name}${required ? ' (required)' : ''}`}
                  value={typeof value === 'string' ? value : ''}
                  describedBy={describedBy}
                  onChange={(person) => set(name, person === '' ? undefined : person)}
                />
                <p id={`${id}-hint`} className="hint">
                  {property.description}
                </p>
              </>
            );
          } else if ((type === 'role_grant' || type === 'role_revoke') && name === 'role') {
            control = (
              <BusinessRoleField
                id={id}
                value={typeof value === 'string' ? value : ''}
                describedBy={describedBy}
                description={property.description}
                onChange={(role) => set(name, role === '' ? undefined : role)}
              />
            );
          } else {
            control = (
              <SchemaField
                id={id}
                name={name}
                schema={property}
                required={required}
                value={value}
                describedBy={describedBy}
                invalid={findings.length > 0}
                suggestions={
                  type === 'account_reconciliation' && name === 'connector'
                    ? catalogue?.connectors.map((connector) => connector.name)
                    : undefined
                }
                onChange={(next) => set(name, next)}
              />
            );
          }
          return (
            <div
              key={name}
              className={`field${findings.some((finding) => finding.severity === 'error') ? ' invalid' : ''}`}
            >
              {control}
              <FieldFindings id={`${id}-findings`} findings={findings} />
            </div>
          );
        })}
    </>
  );
}

/**
 * A business role by name, suggested from the roles (with `role_definition:read`); any text can
 * still be typed, since a `{{variable}}` may name the role when the run starts.
 */
function BusinessRoleField({
  id,
  value,
  describedBy,
  description,
  onChange,
}: {
  id: string;
  value: string;
  describedBy: string;
  description: string | undefined;
  onChange: (role: string) => void;
}) {
  const can = useCan();
  const roles = useApiGet(can('role_definition:read') ? '/api/roles' : null, {
    query: { pageSize: 100, sortBy: 'name', sortOrder: 'asc' },
  });
  const chosen = roles.data?.data.find((role) => role.name === value);
  return (
    <>
      <label htmlFor={id}>
        role <span className="required">(required)</span>
      </label>
      <input
        id={id}
        type="text"
        list={`${id}-roles`}
        value={value}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={`${id}-roles`}>
        {(roles.data?.data ?? []).map((role) => (
          <option key={role.name} value={role.name}>
            {role.status === 'active' ? role.name : `${role.name} (${role.status})`}
          </option>
        ))}
      </datalist>
      <p id={`${id}-hint`} className="hint">
        {description}
      </p>
      {chosen && (
        <p className="hint">
          {chosen.name} ({chosen.status}) provisions:{' '}
          {chosen.entitlements.length === 0 ? 'no entitlements' : chosen.entitlements.join(', ')}
        </p>
      )}
    </>
  );
}
