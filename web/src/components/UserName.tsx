import { useCan, useMe } from '../session/me';
import { userLabel, type UserSummary } from './UserPicker';
import { useApiGet } from './async';

/** A user id shown as the user's name when the reader may look users up, else as the id. */
export function UserName({ userId }: { userId: string | null }) {
  const me = useMe();
  const can = useCan();
  const lookup = userId !== null && userId !== me.id && can('user:read');
  const user = useApiGet<UserSummary>(lookup ? `/api/users/${encodeURIComponent(userId)}` : null);
  if (userId === null) return <>—</>;
  if (userId === me.id) return <>you</>;
  return <>{user.data ? userLabel(user.data) : userId}</>;
}
