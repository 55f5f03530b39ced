/** Who asked and when: every command carries its own time, so deciders never read a clock. */
export interface CommandContext {
  readonly actorId: string;
  readonly now: Date;
}

/** The actor of background work (file processing, basket expiry, seeding facts). */
export const SYSTEM_ACTOR = 'system';

/** A command as the deciders see it. */
export interface DomainCommand<Type extends string = string, Data extends object = object> {
  readonly type: Type;
  readonly data: Data;
  readonly context: CommandContext;
}

/** Compile-time proof that a switch handled every case. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
