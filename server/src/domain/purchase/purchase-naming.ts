import type { PurchasedFile } from '../../events/purchase.events';

/** The number a buyer quotes (mails, the fresh-links form): the first 8 hex digits of the id, in capitals. */
export function purchaseNumber(purchaseId: string): string {
  return purchaseId.replace(/-/g, '').slice(0, 8).toUpperCase();
}

/** Whether text looks like a purchase number (8 hex digits, any case, spaces ignored). */
export function normalisePurchaseNumber(text: string): string | null {
  const normalised = text.replace(/\s/g, '').toUpperCase();
  return /^[0-9A-F]{8}$/.test(normalised) ? normalised : null;
}

/** Path separators, characters Windows refuses in names, and control characters become dashes. */
function withoutUnsafeCharacters(text: string): string {
  return [...text]
    .map((c) => (c.charCodeAt(0) < 32 || '/\\:*?"<>|'.includes(c) ? '-' : c))
    .join('')
    .trim();
}

/** A file's name when saved: its title with its format's extension, without path separators. */
export function downloadFileName(file: Pick<PurchasedFile, 'title' | 'format'>): string {
  const title = withoutUnsafeCharacters(file.title) || 'file';
  const extension = `.${file.format}`;
  return title.toLowerCase().endsWith(extension) ? title : `${title}${extension}`;
}

/** A name for each file of a zip, in a folder per document, no two alike. */
export function archiveEntryNames(
  documents: readonly {
    readonly title: string;
    readonly files: readonly Pick<PurchasedFile, 'title' | 'format'>[];
  }[],
): string[][] {
  const used = new Set<string>();
  const unique = (name: string): string => {
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n += 1) {
      const dot = name.lastIndexOf('.');
      candidate =
        dot > name.lastIndexOf('/') ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  };
  return documents.map((document) => {
    const folder = withoutUnsafeCharacters(document.title) || 'document';
    return document.files.map((file) => unique(`${folder}/${downloadFileName(file)}`));
  });
}

const METHOD_LABELS: Readonly<Record<string, string>> = {
  swedbank: 'Swedbank',
  seb: 'SEB',
  lhv: 'LHV',
  luminor: 'Luminor',
  coop: 'Coop Pank',
  citadele: 'Citadele',
  revolut: 'Revolut',
  visa: 'Visa',
  mastercard: 'Mastercard',
  maestro: 'Maestro',
};

/** A payment method's name for people: `banklink:ee:swedbank` → Swedbank. */
export function paymentMethodLabel(methodId: string): string {
  const name = methodId.split(':').pop() ?? methodId;
  return METHOD_LABELS[name] ?? name;
}
