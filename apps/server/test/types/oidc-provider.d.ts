/** The part of oidc-provider v9 (an OpenID Connect provider, no types published) the tests use. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type { JWK } from 'jose';

  /** What the provider keeps, one record per model and id (tokens, sessions, grants…). */
  export type AdapterPayload = {
    [key: string]: unknown;
    grantId?: string;
    uid?: string;
    userCode?: string;
    consumed?: number;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  /** The Koa context the provider hands its hooks (only what the tests set or read). */
  export interface KoaContextWithOIDC {
    type: string;
    status: number;
    body: unknown;
    host: string;
  }

  export interface Account {
    accountId: string;
    claims(
      use: 'id_token' | 'userinfo',
      scope: string,
      claims: unknown,
      rejected: string[],
    ): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  export type ClientMetadata = {
    [key: string]: unknown;
    client_id: string;
    client_secret?: string;
    redirect_uris?: string[];
    post_logout_redirect_uris?: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
    id_token_signed_response_alg?: string;
  };

  export type PromptDetail = {
    name: 'login' | 'consent' | (string & {});
    reasons: string[];
    details: {
      [key: string]: unknown;
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
  };

  export interface Interaction {
    uid: string;
    prompt: PromptDetail;
    params: Record<string, unknown> & { client_id: string; scope?: string };
    grantId?: string;
    session?: { accountId: string; uid: string };
  }

  export type InteractionResults = {
    [key: string]: unknown;
    login?: { accountId: string; remember?: boolean };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  };

  export type Configuration = {
    adapter?: (name: string) => Adapter;
    clients?: ClientMetadata[];
    claims?: Record<string, string[] | null>;
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: unknown) => boolean;
    conformIdTokenClaims?: boolean;
    cookies?: { keys?: string[] };
    features?: {
      devInteractions?: { enabled: boolean };
      rpInitiatedLogout?: {
        enabled: boolean;
        logoutSource?: (ctx: KoaContextWithOIDC, form: string) => void | Promise<void>;
        postLogoutSuccessSource?: (ctx: KoaContextWithOIDC) => void | Promise<void>;
      };
    };
    findAccount?: (
      ctx: KoaContextWithOIDC,
      sub: string,
      token?: unknown,
    ) => Account | undefined | Promise<Account | undefined>;
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => string };
    jwks?: { keys: JWK[] };
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: unknown) => boolean };
    responseTypes?: string[];
    renderError?: (
      ctx: KoaContextWithOIDC,
      out: Record<string, string>,
      error: Error,
    ) => void | Promise<void>;
    ttl?: Record<string, number>;
  };

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string | string[]): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string | string[]): void;
    /** Stores the grant; answers its id. */
    save(ttl?: number): Promise<string>;
    static find(id: string): Promise<Grant | undefined>;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    /** This provider's own Grant model. */
    readonly Grant: typeof Grant;
    /** A node:http request listener (Koa's). */
    callback(): (request: IncomingMessage, response: ServerResponse) => Promise<void>;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<Interaction>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export default Provider;
}
