// The few parts of `oidc-provider` (which ships no types) that test/support/oidc-provider.ts uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface KoaContextWithOIDC {
    path: string;
    method: string;
    status: number;
    type: string;
    body: unknown;
    req: IncomingMessage;
    res: ServerResponse;
    redirect(url: string): void;
    oidc: { client?: { clientId: string } };
  }

  interface OidcClient {
    clientId: string;
    grantTypeAllowed(type: string): boolean;
  }

  interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients: Array<Record<string, unknown>>;
    jwks: { keys: Array<Record<string, unknown>> };
    claims: Record<string, string[]>;
    scopes: string[];
    conformIdTokenClaims: boolean;
    pkce: { required: () => boolean };
    features: Record<string, { enabled: boolean }>;
    issueRefreshToken(ctx: KoaContextWithOIDC, client: OidcClient): Promise<boolean>;
    rotateRefreshToken: boolean;
    ttl: Record<string, number>;
    findAccount(ctx: KoaContextWithOIDC, sub: string): Account | undefined | Promise<Account | undefined>;
    interactions: { url(ctx: KoaContextWithOIDC, interaction: { uid: string }): string };
  }

  class Grant {
    constructor(input: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: typeof Grant;
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): void;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(
      request: IncomingMessage,
      response: ServerResponse,
    ): Promise<{ uid: string; params: Record<string, unknown> }>;
    interactionResult(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }
}
