/** How a signed-out person gets in: the identity provider, or development mode's one-time link. */
import { useEffect, useRef } from 'react';

/** `GET /api/auth/config`. */
export interface AuthConfig {
  oidcEnabled: boolean;
  loginEnabled: boolean;
}

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
        that <code>npm start</code> printed, or create a new one (valid 15 minutes, usable once):
      </p>
      <pre>npm run admin -- sign-in-link --email you@example.com</pre>
    </div>
  );
}

export function SignInPage({ config }: { config: AuthConfig }) {
  return (
    <main className="sign-in">
      <h1>Flowgate</h1>
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
