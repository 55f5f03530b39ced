import type { DomainEvent } from './domain-event';

export type ProfileRegistered = DomainEvent<
  'ProfileRegistered',
  {
    readonly userId: string;
    readonly firstName: string;
    readonly lastName: string;
    readonly email: string;
    readonly company: string | null;
  }
>;

export type ProfileEvent = ProfileRegistered;

export const profileStreamId = (userId: string): string => `profile-${userId}`;
