// Types of the REL-ID SDK double for React Native (index.js; README.md).

export type RdnaEventName =
  | 'getUser'
  | 'getPassword'
  | 'onUserLoggedIn'
  | 'onUserLoggedOff'
  | 'onCredentialsAvailableForUpdate'
  | 'onUpdateCredentialResponse';

export declare const EVENTS: readonly RdnaEventName[];

export declare const RDNAChallengeOpMode: {
  readonly RDNA_CHALLENGE_OP_VERIFY: 0;
  readonly RDNA_CHALLENGE_OP_SET: 1;
  readonly RDNA_OP_UPDATE_CREDENTIALS: 2;
  readonly RDNA_OP_AUTHORIZE_NOTIFICATION: 3;
  readonly RDNA_OP_UPDATE_ON_EXPIRY: 4;
};
export type ChallengeMode = 0 | 1 | 2 | 3 | 4;

/** The synchronous response: longErrorCode 0 is none, > 0 the SDK's, < 0 the double's. */
export interface RDNASyncResponse {
  error: { longErrorCode: number; errorString: string };
  /** Present when the server answered a JSON-RPC error (a method or field it does not have). */
  rpcError?: { code: number; message: string; data?: { field?: string } };
}

/** The events' payloads, with the field names of docs/relid.md ("Callbacks"). */
export interface GetUserEvent {
  recentLoggedInUser: string;
  rememberedUsers: string[];
  statusCode?: number;
  statusMessage?: string;
}
export interface GetPasswordEvent {
  userID: string;
  challengeMode: ChallengeMode;
  attemptsLeft: number;
  statusCode: number;
  statusMessage: string;
  /** Modes 1, 2 and 4: one entry, key RELID_PASSWORD_POLICY, the policy as JSON text. */
  challengeInfo?: { key: string; value: string }[];
}
export interface UserLoggedInEvent { userID: string; statusCode: number; statusMessage: string }
export interface UserLoggedOffEvent { userID: string }
export interface CredentialsAvailableForUpdateEvent { userID: string; options: string[] }
export interface UpdateCredentialResponseEvent { userID: string; credType: string; statusCode: number; statusMessage: string }

export interface RdnaEventMap {
  getUser: GetUserEvent;
  getPassword: GetPasswordEvent;
  onUserLoggedIn: UserLoggedInEvent;
  onUserLoggedOff: UserLoggedOffEvent;
  onCredentialsAvailableForUpdate: CredentialsAvailableForUpdateEvent;
  onUpdateCredentialResponse: UpdateCredentialResponseEvent;
}

export interface EmitterSubscription { remove(): void }

export interface RdnaDoubleOptions {
  /** credsh serve's address: http://127.0.0.1:PORT, or http://10.0.2.2:PORT from an Android emulator. */
  url: string;
  /** The token credsh serve printed at start. */
  token: string;
  /** This app instance: 1 to 64 of A-Z a-z 0-9 . _ - (default "default"). */
  device?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export declare class RdnaDouble {
  constructor(options: RdnaDoubleOptions);
  readonly url: string;
  readonly device: string;

  setUser(userID: string): Promise<RDNASyncResponse>;
  setPassword(password: string, challengeMode: ChallengeMode): Promise<RDNASyncResponse>;
  updatePassword(currentPassword: string, newPassword: string, challengeMode: ChallengeMode): Promise<RDNASyncResponse>;
  getAllChallenges(userID: string): Promise<RDNASyncResponse>;
  initiateUpdateFlowForCredential(credentialType: string): Promise<RDNASyncResponse>;
  resetAuthState(): Promise<RDNASyncResponse>;
  logOff(userID: string): Promise<RDNASyncResponse>;

  addListener<E extends RdnaEventName>(eventName: E, handler: (payload: RdnaEventMap[E]) => void): EmitterSubscription;
  removeListener<E extends RdnaEventName>(eventName: E, handler: (payload: RdnaEventMap[E]) => void): void;
  removeAllListeners(eventName?: RdnaEventName): void;
  listenerCount(eventName: RdnaEventName): number;
  /** Resolves once every queued event, and those its listeners caused, is delivered. */
  whenIdle(): Promise<void>;
  /** Server-sent events for callbacks that arrive without a call (GET /sdk/relid/events). */
  startEventStream(): Promise<void>;
  stopEventStream(): void;
}

export declare function configFrom(values: {
  CREDSH_URL?: string;
  CREDSH_TOKEN?: string;
  CREDSH_DEVICE?: string;
} | null | undefined): { url: string; token: string; device: string } | null;

export interface ControlRun {
  passed: boolean;
  exitCode: number;
  status: number;
  records: Record<string, unknown>[];
  failures: string[];
  text: string;
}
export declare function runControl(server: { url: string; token: string; fetch?: typeof fetch }, script: string): Promise<ControlRun>;
/** `POST /__credsh/reset`: back to the scenario credsh serve started with; for a test's beforeEach. */
export declare function resetWorld(server: { url: string; token: string; fetch?: typeof fetch }): Promise<void>;
