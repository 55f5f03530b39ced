import type { Payer } from '../events/purchase.events';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEMO_TEMPLATES, DEMO_UPLOADERS } from './demo-catalogue.data';
import type { DemoTemplate } from './demo-catalogue.types';

/**
 * The demo marketplace's past: four months of paid purchases, their downloads and two payouts, so a
 * newcomer's My sales, dashboard, accountant's audit and report show real figures at the first start.
 * Generated from a fixed seed (no Math.random), so every machine seeds the same history, dated relative
 * to the first start. The demo seed replays it through the gateway (demo-history-seeder.ts).
 */

/** How far back the history starts, and how close to the first start it ends. */
export const HISTORY_FIRST_DAY = 120;
export const HISTORY_LAST_DAY = 2;

/** One purchase of the history: when (days and minutes before the first start), who, what and how. */
export interface DemoSale {
  readonly index: number;
  readonly daysAgo: number;
  /** Minutes into the day (local shop hours, 08:00–22:00 UTC+2). */
  readonly minuteOfDay: number;
  readonly buyer: DemoBuyer;
  readonly templates: readonly DemoTemplate[];
  /** A MakeCommerce method id the embedded gateway offers, e.g. `banklink:ee:swedbank`. */
  readonly paymentMethod: string;
  /** Minutes after the payment at which the buyer downloaded the files (the archive), within the links' day. */
  readonly downloadsAfterMinutes: readonly number[];
}

export interface DemoBuyer extends Payer {
  /** The signed-in buyer's user id (the demo buyer account); null for a buyer without an account. */
  readonly userId: string | null;
  readonly language: 'et' | 'en';
  /** The billing address's country (ISO alpha-2). */
  readonly country: string;
  /** A bank link of the buyer's own country, used instead of the drawn method (evidence of where they are). */
  readonly bankLink?: string;
  /** A business buyer's invoice details (a VAT number of another member state is reverse-charged). */
  readonly invoice?: {
    readonly companyName: string;
    readonly registryCode: string;
    readonly vatNumber: string;
  };
}

/** A payout of the history: the uploader asks for everything available; the admin may pay it later. */
export interface DemoPayout {
  readonly uploaderKey: string;
  readonly daysAgo: number;
  readonly iban: string;
  /** Days after the request the admin marked it executed; null: still requested. */
  readonly executedAfterDays: number | null;
}

const demoBuyerAccount = DEMO_ACCOUNTS.find((a) => a.role === 'buyer')!;

const BUYERS: readonly DemoBuyer[] = [
  {
    userId: demoBuyerAccount.userId,
    email: demoBuyerAccount.email,
    firstName: demoBuyerAccount.firstName,
    lastName: demoBuyerAccount.lastName,
    address: 'Pärnu mnt 22, 10141 Tallinn',
    country: 'EE',
    language: 'et',
  },
  anonymous('Mari', 'Maasikas', 'mari.maasikas@example.ee', 'Tartu mnt 1, 10115 Tallinn', 'et'),
  anonymous('Jaan', 'Kuusk', 'jaan.kuusk@example.ee', 'Riia 14, 51010 Tartu', 'et'),
  anonymous('Katrin', 'Lepp', 'katrin.lepp@example.ee', 'Rüütli 5, 80010 Pärnu', 'et'),
  anonymous('Toomas', 'Vaher', 'toomas.vaher@example.ee', 'Narva mnt 7, 10117 Tallinn', 'et'),
  anonymous('Anna', 'Kivi', 'anna.kivi@example.ee', 'Lossi 3, 41531 Jõhvi', 'et'),
  {
    ...anonymous('Erik', 'Lind', 'erik.lind@example.com', 'Mannerheimintie 12, 00100 Helsinki', 'en', 'FI'),
    bankLink: 'banklink:fi:nordea',
  },
  {
    ...anonymous('Laura', 'Ozola', 'laura.ozola@example.com', 'Brīvības iela 40, Rīga LV-1050', 'en', 'LV'),
    bankLink: 'banklink:lv:swedbank',
  },
];

/**
 * Cross-border buyers besides the drawn ones: a Finnish company with a VAT number (reverse charge), a
 * German consumer and a British buyer (outside the EU) paying by card (each confirms where they live).
 */
const CROSS_BORDER_SALES: readonly { readonly daysAgo: number; readonly buyer: DemoBuyer }[] = [
  {
    daysAgo: 75,
    buyer: {
      ...anonymous(
        'Mikko',
        'Virtanen',
        'mikko.virtanen@example.fi',
        'Aleksanterinkatu 15, 00100 Helsinki',
        'en',
        'FI',
      ),
      bankLink: 'banklink:fi:nordea',
      invoice: { companyName: 'Esimerkki Oy', registryCode: '2077474-0', vatNumber: 'FI20774740' },
    },
  },
  {
    daysAgo: 41,
    buyer: {
      ...anonymous(
        'Julia',
        'Schmidt',
        'julia.schmidt@example.de',
        'Friedrichstraße 10, 10117 Berlin',
        'en',
        'DE',
      ),
    },
  },
  {
    daysAgo: 23,
    buyer: anonymous(
      'Oliver',
      'Smith',
      'oliver.smith@example.co.uk',
      '10 Downing Street, London SW1A 2AA',
      'en',
      'GB',
    ),
  },
];

function anonymous(
  firstName: string,
  lastName: string,
  email: string,
  address: string,
  language: 'et' | 'en',
  country = 'EE',
): DemoBuyer {
  return { userId: null, email, firstName, lastName, address, language, country };
}

const PAYMENT_METHODS = [
  'banklink:ee:swedbank',
  'banklink:ee:seb',
  'banklink:ee:lhv',
  'banklink:ee:swedbank',
  'card:visa',
  'card:mastercard',
  'banklink:ee:luminor',
  'banklink:ee:coop',
] as const;

/** The uploaders who have demo sign-in accounts sell most: their My sales is what a newcomer sees. */
const SIGN_IN_UPLOADERS = new Set(['kadri', 'martin']);

/** A small deterministic generator (mulberry32): the same history on every machine. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Templates a buyer could have bought `daysAgo`: published, not free, created at least a week before. */
function buyable(daysAgo: number): DemoTemplate[] {
  return DEMO_TEMPLATES.filter((t) => t.published && t.price > 0 && t.ageDays >= daysAgo + 7);
}

/**
 * The history's purchases, oldest first: about three a week over HISTORY_FIRST_DAY..HISTORY_LAST_DAY days,
 * one or two documents each (the signed-in uploaders' three times as likely), most downloaded within
 * hours, some twice that day, a few never.
 */
export function demoSales(): readonly DemoSale[] {
  const random = generator(20_261_123);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const sales: DemoSale[] = [];
  for (let daysAgo = HISTORY_FIRST_DAY; daysAgo >= HISTORY_LAST_DAY; daysAgo--) {
    if (random() >= 3 / 7) continue;
    const weighted = buyable(daysAgo).flatMap((t) => (SIGN_IN_UPLOADERS.has(t.uploader) ? [t, t, t] : [t]));
    const first = pick(weighted);
    const templates = [first];
    if (random() < 0.2) {
      const second = pick(weighted);
      if (second !== first) templates.push(second);
    }
    const downloads: number[] = [];
    const downloadChance = random();
    if (downloadChance < 0.9) downloads.push(2 + Math.floor(random() * 600));
    // The links hold for 24 hours after the payment (DOWNLOAD_LINKS_VALIDITY_MS): a second look the same day.
    if (downloadChance < 0.25) downloads.push(700 + Math.floor(random() * 700));
    const buyer = pick(BUYERS);
    const drawnMethod = pick(PAYMENT_METHODS);
    sales.push({
      index: sales.length,
      daysAgo,
      minuteOfDay: 6 * 60 + Math.floor(random() * 14 * 60),
      buyer,
      templates,
      paymentMethod: buyer.bankLink ?? drawnMethod,
      downloadsAfterMinutes: downloads,
    });
  }
  for (const extra of CROSS_BORDER_SALES) {
    const template = pick(buyable(extra.daysAgo));
    const at = sales.findIndex((sale) => sale.daysAgo < extra.daysAgo);
    sales.splice(at === -1 ? sales.length : at, 0, {
      index: 0,
      daysAgo: extra.daysAgo,
      minuteOfDay: 11 * 60,
      buyer: extra.buyer,
      templates: [template],
      paymentMethod: extra.buyer.bankLink ?? 'card:visa',
      downloadsAfterMinutes: [30],
    });
  }
  return sales.map((sale, index) => ({ ...sale, index }));
}

/** Kadri was paid out two months ago; Martin asked for his money a few days ago and waits for the admin. */
export const DEMO_PAYOUTS: readonly DemoPayout[] = [
  { uploaderKey: 'kadri', daysAgo: 58, iban: 'EE382200221020145685', executedAfterDays: 3 },
  { uploaderKey: 'martin', daysAgo: 4, iban: 'EE891010220034796011', executedAfterDays: null },
];

export const demoUploaderId = (key: string): string => {
  const uploader = DEMO_UPLOADERS.find((u) => u.key === key);
  if (!uploader) throw new Error(`No demo uploader "${key}"`);
  return uploader.userId;
};
