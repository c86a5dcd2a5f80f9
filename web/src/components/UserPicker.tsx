import { useState } from 'react';
import type { Schema } from '../api/client';
import { ErrorNotice } from './ErrorNotice';
import { useApiGet } from './async';
import { useDebounced } from './use-debounced';

/** How long the search box stays unchanged before the users are asked for. */
const SEARCH_SETTLE_MS = 250;

/** A user's id, name and email (`GET /api/user-names`, and any user record). */
export type UserSummary = Schema<'UserName'>;

export function userLabel(user: UserSummary): string {
  return user.displayName ? `${user.displayName} (${user.email ?? user.id})` : (user.email ?? user.id);
}

/**
 * Choose a user from a list narrowed by a search on their email or name (`GET /api/users`, user:read). `extra` options
 * come first (e.g. "Anyone"), so a picker can also mean "no user".
 */
export function UserPicker({
  id,
  label,
  value,
  onChange,
  extra = [],
}: {
  id: string;
  label: string;
  value: string;
  onChange: (userId: string) => void;
  extra?: Array<{ value: string; label: string }>;
}) {
  const [search, setSearch] = useState('');
  const settledSearch = useDebounced(search.trim(), SEARCH_SETTLE_MS);
  const users = useApiGet('/api/users', {
    query: { search: settledSearch, pageSize: 20, sortBy: 'email', sortOrder: 'asc' },
  });
  const found = users.data?.data ?? [];
  const known = extra.some((option) => option.value === value) || found.some((user) => user.id === value);
  return (
    <div className="user-picker">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {extra.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {!known && value !== '' && <option value={value}>{value}</option>}
        {found.map((user) => (
          <option key={user.id} value={user.id}>
            {userLabel(user)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-search`} className="user-search-label">
        {label}: search users by email or name
      </label>
      <input id={`${id}-search`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      <ErrorNotice error={users.error} />
    </div>
  );
}
