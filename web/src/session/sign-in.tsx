/** How a signed-out person gets in: the identity provider, or development mode's one-time link. */
import { useEffect, useRef } from 'react';
import type { Schema } from '../api/client';

/** `GET /api/auth/config`. */
export type AuthConfig = Schema<'AuthConfig'>;

/** The sign-in URL that comes back to `returnTo` (default: the page the browser is on). */
export function loginUrl(returnTo = window.location.pathname + window.location.search): string {
  return `/api/auth/login?returnTo=${encodeURIComponent(returnTo)}`;
}

/** The sign-in action for this instance's configuration. */
export function SignInChoices({ config, label = 'Sign in' }: { config: AuthConfig; label?: string }) {
  if (config.loginEnabled) {
    return (
      <a className="button primary" href={loginUrl()}>
        {label}
      </a>
    );
  }
  if (config.oidcEnabled) {
    return <p>Web sign-in is not configured on this instance (OIDC_CLIENT_ID is not set): use an API token.</p>;
  }
  return (
    <div className="dev-sign-in">
      <p>
        This instance runs in <strong>development mode</strong> (no identity provider). Open the one-time sign-in link
        that <code>npm start</code> printed, or create a new one (valid 15 minutes, usable once) in the project folder:
      </p>
      <pre>{NEW_LINK_COMMAND}</pre>
    </div>
  );
}

/** Works as printed next to `npm start`; with DATABASE_URL set when npm start was given one. */
const NEW_LINK_COMMAND = 'npm run admin -- sign-in-link --email you@example.com';

/** What `GET /api/auth/sign-in-link` sends a browser back with when the link signed nobody in. */
const LINK_REFUSALS: Record<string, string> = {
  unknown: 'This sign-in link is not known: it may be mistyped or cut short.',
  used: 'This sign-in link has already been used: each link signs in once.',
  expired: 'This sign-in link has expired: links are valid for 15 minutes.',
  inactive: 'The user of this sign-in link has been deactivated.',
  throttled: 'Too many sign-in links failed from this address: wait a quarter of an hour, then open a new one.',
};

/**
 * Why the sign-in link just opened signed nobody in (`?signInLink=<reason>` in the address), and
 * how to get another. Only the known reasons are shown: the address is anyone's to write.
 */
export function SignInLinkNotice() {
  const reason = new URLSearchParams(window.location.search).get('signInLink');
  if (reason === null || !Object.hasOwn(LINK_REFUSALS, reason)) return null;
  return (
    <div role="alert" className="notice">
      <p>{LINK_REFUSALS[reason]}</p>
      <p>Create a new one with:</p>
      <pre>{NEW_LINK_COMMAND}</pre>
    </div>
  );
}

export function SignInPage({ config }: { config: AuthConfig }) {
  return (
    <main className="sign-in">
      <h1>Flowgate</h1>
      <SignInLinkNotice />
      <p>Sign in to see your approvals, tasks and runs.</p>
      <SignInChoices config={config} />
    </main>
  );
}

/**
 * Spec 7 and 8: the session is over (a lifetime reached zero, or a call answered 401). A modal
 * that cannot be dismissed; signing in again returns to this page.
 */
export function TimedOutOverlay({ config }: { config: AuthConfig }) {
  const dialog = useModal();
  return (
    <dialog
      ref={dialog}
      className="overlay"
      aria-labelledby="timed-out-title"
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id="timed-out-title">Your session has ended</h2>
      <p>Sign in again to continue; you will come back to this page.</p>
      <SignInChoices config={config} label="Sign in again" />
    </dialog>
  );
}

/** A `<dialog>` shown modal while mounted: focus moves into it and stays there. */
export function useModal() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return ref;
}
