import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useApiGet } from '../../components/async';
import { useDebounced } from '../../components/use-debounced';

/** Choose an organization (or none) from a list narrowed by a server-side search on name or domain. */
export function OrganizationPicker({
  id,
  label,
  value,
  valueName,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  /** The name of the chosen organization, shown while the search does not list it. */
  valueName: string | null;
  onChange: (organizationId: string) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim(), 250);
  const found = useApiGet('/api/organizations', {
    query: { search: settled || undefined, pageSize: 20, sortBy: 'name', sortOrder: 'asc' },
  });
  const options = found.data?.data ?? [];
  const listed = value === '' || options.some((org) => org.id === value);
  return (
    <div className={error ? 'field invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">None</option>
        {!listed && <option value={value}>{valueName ?? value}</option>}
        {options.map((org) => (
          <option key={org.id} value={org.id}>
            {org.name}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-search`} className="user-search-label">
        {label}: search organizations by name or domain
      </label>
      <input id={`${id}-search`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <ErrorNotice error={found.error} />
    </div>
  );
}
