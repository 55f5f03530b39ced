/** docs/api.md ClientConfig: what the client needs to sign people in. */
export interface ClientConfig {
  readonly issuer: string;
  readonly clientId: string;
  readonly redirectSignIn: string;
  readonly redirectSignOut: string;
  readonly scopes: readonly string[];
  readonly signUpEnabled: boolean;
  readonly providers: readonly string[];
  readonly tagManagerEnabled: boolean;
  readonly tagManagerId: string | null;
  readonly socialMediaEnabled: boolean;
  readonly devMailboxUrl: string | null;
}
