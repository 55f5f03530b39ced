import { DOWNLOAD_LINKS_VALIDITY_MS } from '../domain/purchase/purchase.decider';
import { TRANSFER_FEE_RULE } from '../domain/payout/transfer-fee';
import { DEMO_PAYOUTS, HISTORY_FIRST_DAY, HISTORY_LAST_DAY, demoSales } from './demo-history.data';

const MINUTE_MS = 60_000;

describe('the demo sales history', () => {
  const sales = demoSales();

  it('is the same on every machine: generated from a fixed seed', () => {
    expect(demoSales()).toEqual(sales);
  });

  it('sells about three purchases a week over four months, oldest first', () => {
    expect(sales.length).toBeGreaterThan(40);
    expect(sales.length).toBeLessThan(70);
    const days = sales.map((s) => s.daysAgo);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    expect(Math.max(...days)).toBeLessThanOrEqual(HISTORY_FIRST_DAY);
    expect(Math.min(...days)).toBeGreaterThanOrEqual(HISTORY_LAST_DAY);
  });

  it('buys only published paid templates that existed a week before, and downloads within the links’ day', () => {
    for (const sale of sales) {
      expect(sale.templates.length).toBeGreaterThan(0);
      for (const template of sale.templates) {
        expect([template.title, template.published, template.price > 0]).toEqual([
          template.title,
          true,
          true,
        ]);
        expect(template.ageDays).toBeGreaterThanOrEqual(sale.daysAgo + 7);
      }
      for (const minutes of sale.downloadsAfterMinutes)
        expect(minutes * MINUTE_MS).toBeLessThan(DOWNLOAD_LINKS_VALIDITY_MS);
    }
  });

  it('sells the signed-in uploaders most, so their My sales has figures', () => {
    const sold = (key: string) => sales.flatMap((s) => s.templates).filter((t) => t.uploader === key).length;
    expect(sold('kadri')).toBeGreaterThan(10);
    expect(sold('martin')).toBeGreaterThan(5);
    // Kadri's earnings released before her payout are above the transfer-fee threshold's fee at least.
    const kadriBefore = sales
      .filter((s) => s.daysAgo >= DEMO_PAYOUTS[0]!.daysAgo + 14)
      .flatMap((s) => s.templates)
      .filter((t) => t.uploader === 'kadri')
      .reduce((sum, t) => sum + t.price, 0);
    expect(kadriBefore).toBeGreaterThan(TRANSFER_FEE_RULE.fee * 2);
  });
});
