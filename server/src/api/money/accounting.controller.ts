import { Controller, Get, Header, Headers, Inject, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { GetJournalQuery } from '../../queries/money/get-journal.query';
import { GetReconciliationQuery } from '../../queries/money/get-reconciliation.query';
import type { JournalFilter, JournalPage, ReconciliationReport } from '../../queries/money/money.views';
import { AccountantOrAdmin } from '../auth/auth.decorators';
import { preferredLanguage } from '../i18n/language';
import { CSV_DIALECTS, toCsv, euros } from './csv';
import { JournalDto, PeriodDto } from './money.dto';
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
 * actor, balanced entries) and the period's reconciliation report, each also as CSV in the spreadsheet
 * dialect of the request's language (Estonian: `;` and the decimal comma).
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
}
