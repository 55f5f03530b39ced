import { Controller, Get, Header, Headers, Inject, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ledgerDay } from '../../domain/ledger/ledger-day';
import { quarterOf } from '../../projections/vat/vat.projection';
import {
  GetKmdReturnQuery,
  GetOssReturnQuery,
  type KmdReturnAnswer,
  type OssReturnAnswer,
} from '../../queries/vat/get-vat-return.query';
import { QueryBus } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { GetJournalQuery } from '../../queries/money/get-journal.query';
import { GetReconciliationQuery } from '../../queries/money/get-reconciliation.query';
import type { JournalFilter, JournalPage, ReconciliationReport } from '../../queries/money/money.views';
import { AccountantOrAdmin } from '../auth/auth.decorators';
import { preferredLanguage } from '../i18n/language';
import { CSV_DIALECTS, toCsv, euros } from './csv';
import { JournalDto, PeriodDto, VatMonthDto, VatQuarterDto } from './money.dto';
import { periodOf } from './period';

const filterOf = (dto: JournalDto): JournalFilter => ({
  from: dto.from,
  to: dto.to,
  group: dto.group,
  movement: dto.movement,
  payoutId: dto.payoutId,
  purchaseId: dto.purchaseId,
  uploaderId: dto.uploaderId,
});

/**
 * The accountant's read-only audit: the journal of every money event (event id, stream, position, time,
 * actor, balanced entries), the period's reconciliation report, and the VAT returns (the month's KMD
 * figures, the quarter's One-Stop Shop return), each also as CSV in the spreadsheet dialect of the
 * request's language (Estonian: `;` and the decimal comma), each figure with its purchases.
 */
@AccountantOrAdmin()
@Controller('accounting')
export class AccountingController {
  constructor(
    private readonly queryBus: QueryBus,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('journal')
  journal(@Query() query: JournalDto): Promise<JournalPage> {
    return this.queryBus.execute(new GetJournalQuery(filterOf(query), query.offset ?? 0, query.limit ?? 50));
  }

  /** One line per entry, so the file sums in a spreadsheet; the event's columns repeat on its lines. */
  @Get('journal.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="journal.csv"')
  async journalCsv(
    @Query() query: JournalDto,
    @Headers('accept-language') language: string | undefined,
  ): Promise<string> {
    const dialect = CSV_DIALECTS[preferredLanguage(language)];
    const page = await this.queryBus.execute(
      new GetJournalQuery(filterOf(query), 0, Number.MAX_SAFE_INTEGER),
    );
    const rows: (string | number | null)[][] = [
      [
        'position',
        'event_id',
        'event_type',
        'stream',
        'revision',
        'occurred_at',
        'day',
        'actor',
        'account',
        'movement',
        'debit_eur',
        'credit_eur',
      ],
    ];
    for (const row of page.items) {
      const e = row.event;
      for (const entry of row.entries) {
        rows.push([
          e.position,
          e.eventId,
          e.eventType,
          e.streamId,
          e.revision,
          e.occurredAt,
          row.day,
          e.actorId,
          entry.account,
          entry.movement,
          euros(entry.debit, dialect),
          euros(entry.credit, dialect),
        ]);
      }
    }
    return toCsv(rows, dialect);
  }

  @Get('report')
  report(@Query() query: PeriodDto): Promise<ReconciliationReport> {
    return this.queryBus.execute(new GetReconciliationQuery(periodOf(query, this.clock.now())));
  }

  @Get('report.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="reconciliation.csv"')
  async reportCsv(
    @Query() query: PeriodDto,
    @Headers('accept-language') language: string | undefined,
  ): Promise<string> {
    const dialect = CSV_DIALECTS[preferredLanguage(language)];
    const report = await this.queryBus.execute(new GetReconciliationQuery(periodOf(query, this.clock.now())));
    const rows: (string | number | null)[][] = [['from', 'to', 'section', 'line', 'amount_eur', 'balances']];
    for (const section of report.sections) {
      for (const line of section.lines)
        rows.push([report.from, report.to, section.key, line.key, euros(line.amount, dialect), null]);
      rows.push([
        report.from,
        report.to,
        section.key,
        'CHECK',
        euros(section.check.left - section.check.right, dialect),
        section.check.balances ? 'yes' : 'no',
      ]);
    }
    return toCsv(rows, dialect);
  }

  /** The month's Estonian VAT return (KMD) figures, each with its purchases, reconciled with the ledger. */
  @Get('vat/kmd')
  kmd(@Query() query: VatMonthDto): Promise<KmdReturnAnswer> {
    return this.queryBus.execute(new GetKmdReturnQuery(query.month ?? this.today().slice(0, 7)));
  }

  /** The KMD figures as CSV: one row per line, the EC Sales List (VD) per buyer, OSS and non-EU apart. */
  @Get('vat/kmd.csv')
  async kmdCsv(
    @Query() query: VatMonthDto,
    @Headers('accept-language') language: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const dialect = CSV_DIALECTS[preferredLanguage(language)];
    const kmd = await this.kmd(query);
    const purchases = (sales: readonly { purchaseNumber: string }[]) =>
      sales.map((s) => s.purchaseNumber).join(' ');
    const rows: (string | number | null)[][] = [
      ['month', 'form', 'line', 'rate_percent', 'taxable_eur', 'vat_eur', 'purchases'],
    ];
    for (const line of kmd.lines) {
      rows.push([
        kmd.month,
        'KMD',
        line.key,
        line.rate === null ? null : euros(line.rate, dialect),
        line.key === '4' ? null : euros(line.taxableAmount, dialect),
        line.key === '3' || line.key === '3.1' ? null : euros(line.vatAmount, dialect),
        purchases(line.sales),
      ]);
    }
    for (const entry of kmd.ecSalesList) {
      rows.push([
        kmd.month,
        'VD',
        entry.vatNumber,
        null,
        euros(entry.taxableAmount, dialect),
        null,
        purchases(entry.sales),
      ]);
    }
    rows.push([
      kmd.month,
      'OSS',
      'not on KMD',
      null,
      euros(kmd.oss.taxableAmount, dialect),
      euros(kmd.oss.vatAmount, dialect),
      purchases(kmd.oss.sales),
    ]);
    rows.push([
      kmd.month,
      'OUTSIDE_EU',
      'no EU VAT',
      null,
      euros(kmd.outsideEu.taxableAmount, dialect),
      null,
      purchases(kmd.outsideEu.sales),
    ]);
    rows.push([
      kmd.month,
      'LEDGER',
      'vat-payable',
      null,
      null,
      euros(kmd.reconciliation.ledger, dialect),
      kmd.reconciliation.balances ? 'balances' : 'DIFFERS',
    ]);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="kmd-${kmd.month}.csv"`);
    return toCsv(rows, dialect);
  }

  /** The quarter's One-Stop Shop return: per member state of consumption and rate, with its purchases. */
  @Get('vat/oss')
  oss(@Query() query: VatQuarterDto): Promise<OssReturnAnswer> {
    return this.queryBus.execute(new GetOssReturnQuery(query.quarter ?? quarterOf(this.today())));
  }

  /**
   * The OSS return in the union scheme's layout (Implementing Regulation (EU) No 815/2012, Annex III as
   * amended): member state of consumption, type of supply, rate type, rate, taxable amount, VAT; then the
   * VAT due per member state.
   */
  @Get('vat/oss.csv')
  async ossCsv(
    @Query() query: VatQuarterDto,
    @Headers('accept-language') language: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const dialect = CSV_DIALECTS[preferredLanguage(language)];
    const oss = await this.oss(query);
    const rows: (string | number | null)[][] = [
      [
        'period',
        'member_state_of_identification',
        'member_state_of_consumption',
        'type_of_supply',
        'vat_rate_type',
        'vat_rate',
        'taxable_amount_eur',
        'vat_amount_eur',
      ],
    ];
    for (const line of oss.lines) {
      rows.push([
        oss.quarter,
        'EE',
        line.country,
        'SERVICES',
        'STANDARD',
        euros(line.rate ?? 0, dialect),
        euros(line.taxableAmount, dialect),
        euros(line.vatAmount, dialect),
      ]);
    }
    for (const country of oss.countries) {
      rows.push([
        oss.quarter,
        'EE',
        country.country,
        'TOTAL',
        null,
        null,
        euros(country.taxableAmount, dialect),
        euros(country.vatAmount, dialect),
      ]);
    }
    rows.push([
      oss.quarter,
      'EE',
      'ALL',
      'TOTAL',
      null,
      null,
      euros(oss.taxableAmount, dialect),
      euros(oss.vatAmount, dialect),
    ]);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="oss-return-${oss.quarter}.csv"`);
    return toCsv(rows, dialect);
  }

  private today(): string {
    return ledgerDay(this.clock.now().toISOString());
  }
}
