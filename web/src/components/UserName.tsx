import { useEffect, useState } from 'react';
import { isUuid, UUID_TEXT } from '../../../src/domain/uuid';
import { useMe } from '../session/me';
import { userLabel, type UserSummary } from './UserPicker';
import { userNameOf } from './user-names';

/**
 * Text a workflow wrote (an approval's message, a task's instructions) with every user id in it
 * shown as the user: messages interpolate variables, and a variable of type user holds an id.
 */
export function TextWithUserNames({ text }: { text: string }) {
  // A capturing split keeps the ids, at the odd positions.
  const parts = text.split(new RegExp(`(${UUID_TEXT})`));
  return <>{parts.map((part, index) => (index % 2 === 1 ? <UserName key={index} userId={part} /> : part))}</>;
}

/**
 * A value that may be a user id (a run's subject, a variable of type user): a UUID naming a user
 * is shown as that user, anything else as it is.
 */
export function MaybeUserName({ value }: { value: string }) {
  return isUuid(value) ? <UserName userId={value} /> : <>{value}</>;
}

/** A user id shown as the user's name and email (one batched lookup per page), else as the id. */
export function UserName({ userId }: { userId: string | null }) {
  const me = useMe();
  const [user, setUser] = useState<UserSummary | null>(null);
  useEffect(() => {
    if (userId === null || userId === me.id) return;
    let current = true;
    void userNameOf(userId).then((named) => current && setUser(named));
    return () => {
      current = false;
    };
  }, [userId, me.id]);
  if (userId === null) return <>—</>;
  if (userId === me.id) return <>you</>;
  return <>{user?.id === userId ? userLabel(user) : userId}</>;
}
