import { useEffect, useRef } from 'react';
import { setLeaveGuard } from '../../router';

export const LEAVE_QUESTION = 'This workflow has changes that are not saved. Leave and lose them?';

/**
 * Warns before unsaved edits are lost: the browser asks before a reload, a closed tab or a typed
 * address, and the console asks before its own links leave the page. Answers a ref to clear once
 * the edits are saved, before navigating away on purpose.
 */
export function useLeaveWarning(unsaved: boolean) {
  const unsavedRef = useRef(unsaved);
  unsavedRef.current = unsaved;
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!unsavedRef.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    setLeaveGuard(() => !unsavedRef.current || window.confirm(LEAVE_QUESTION));
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      setLeaveGuard(null);
    };
  }, []);
  return unsavedRef;
}
