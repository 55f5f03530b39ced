import type { DomainEvent } from './domain-event';

/**
 * Staff read buyers' personal data (names, e-mail and postal addresses, invoice details) through their own
 * endpoints: who, in which role, where, which purchases, and when. Written before the answer is sent, so
 * no read goes unrecorded (docs/decisions/staff-reads-of-purchases-are-audited.md).
 */
export type PersonalDataRead = DomainEvent<
  'PersonalDataRead',
  {
    readonly readerId: string;
    readonly role: 'admin' | 'accountant';
    /** The route read, e.g. `GET /api/admin/purchases/:purchaseId`. */
    readonly endpoint: string;
    /** The purchases whose buyers' data the answer held. */
    readonly purchaseIds: readonly string[];
    readonly readAt: string;
  }
>;

export type AuditEvent = PersonalDataRead;

/** One stream per member of staff: what they read of buyers' data. */
export const personalDataReadsStreamId = (readerId: string): string => `personal-data-reads-${readerId}`;
