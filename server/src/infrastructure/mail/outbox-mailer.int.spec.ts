import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../clock/clock';
import { OutboxSmsSender } from '../sms/outbox-sms-sender';
import { OutboxMailer } from './outbox-mailer';

describe('OutboxMailer', () => {
  let dir: string;
  let now: Date;
  const clock: Clock = { now: () => now };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    now = new Date('2026-03-01T10:00:00.000Z');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists nothing before anything was sent, even when the folder does not exist yet', async () => {
    expect(await new OutboxMailer(join(dir, 'missing'), clock).list()).toEqual([]);
  });

  it('stores each message and lists them newest first', async () => {
    const mailer = new OutboxMailer(dir, clock);
    await mailer.send({ to: 'Mari@Example.ee', subject: 'First', text: 'one' });
    now = new Date('2026-03-01T10:05:00.000Z');
    await mailer.send({ to: 'jaan@example.ee', subject: 'Second', text: 'two', html: '<p>two</p>' });

    const all = await mailer.list();
    expect(all.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(all[0]).toEqual({
      id: expect.any(String),
      channel: 'email',
      to: 'jaan@example.ee',
      subject: 'Second',
      text: 'two',
      html: '<p>two</p>',
      sentAt: '2026-03-01T10:05:00.000Z',
    });
    expect(all[1]?.html).toBeNull();
  });

  it('filters by recipient, ignoring case', async () => {
    const mailer = new OutboxMailer(dir, clock);
    await mailer.send({ to: 'mari@example.ee', subject: 'For Mari', text: 'x' });
    await mailer.send({ to: 'jaan@example.ee', subject: 'For Jaan', text: 'y' });

    expect((await mailer.list('MARI@example.ee')).map((m) => m.subject)).toEqual(['For Mari']);
    expect(await mailer.list('nobody@example.ee')).toEqual([]);
  });

  it('keeps text messages beside the mails, marked as SMS and found by their number', async () => {
    const mailer = new OutboxMailer(dir, clock);
    await mailer.send({ to: 'mari@example.ee', subject: 'Mail', text: 'x' });
    now = new Date(now.getTime() + 1000);
    await new OutboxSmsSender(mailer).send({ to: '+37251234567', text: 'Lepinguturg code: 123456' });

    const [sms] = await mailer.list('+37251234567');
    expect(sms).toMatchObject({ channel: 'sms', to: '+37251234567', text: 'Lepinguturg code: 123456' });
    expect((await mailer.list()).map((m) => m.channel)).toEqual(['sms', 'email']);
  });
});
