import { fieldError } from '../../../core/pipeline/http-error';

export const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export type CalendarPeriod = 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'yearly';

/** A calendar period in UTC: `[start, end)` and a readable key (`2026-03`, `2026-Q1`, `2026`). */
export interface PeriodBounds {
  start: number;
  end: number;
  key: string;
}

/** Calendar fields of an instant, in UTC. */
function utc(at: number) {
  const d = new Date(at);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), weekday: d.getUTCDay() };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM` of the UTC month containing `at`. */
export function monthKey(at: number): string {
  const { year, month } = utc(at);
  return `${year}-${pad(month + 1)}`;
}

/** `YYYY-MM-DD` of the UTC day containing `at`. */
function dayKey(at: number): string {
  const { year, month, day } = utc(at);
  return `${year}-${pad(month + 1)}-${pad(day)}`;
}

/** The calendar period of `kind` that contains `at`. Weeks start on Monday (ISO 8601). */
export function periodAt(kind: CalendarPeriod, at: number): PeriodBounds {
  const { year, month, day, weekday } = utc(at);
  switch (kind) {
    case 'daily': {
      const start = Date.UTC(year, month, day);
      return { start, end: start + DAY_MS, key: dayKey(start) };
    }
    case 'weekly': {
      const start = Date.UTC(year, month, day) - ((weekday + 6) % 7) * DAY_MS;
      return { start, end: start + 7 * DAY_MS, key: `week-of-${dayKey(start)}` };
    }
    case 'monthly':
      return { start: Date.UTC(year, month, 1), end: Date.UTC(year, month + 1, 1), key: monthKey(at) };
    case 'quarterly': {
      const first = month - (month % 3);
      return {
        start: Date.UTC(year, first, 1),
        end: Date.UTC(year, first + 3, 1),
        key: `${year}-Q${first / 3 + 1}`,
      };
    }
    case 'yearly':
      return { start: Date.UTC(year, 0, 1), end: Date.UTC(year + 1, 0, 1), key: String(year) };
  }
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The window `[from, to)` a billing query asks for. A date-only `to` includes that whole day;
 * a calendar `period` is the one now running. Default: the current month.
 */
export function queryWindow(
  query: { from?: string; to?: string; period?: 'daily' | 'weekly' | 'monthly' },
  now: number,
): { from: number; to: number } {
  if (query.period && (query.from || query.to)) {
    throw fieldError('query.period', 'give either period or from/to, not both');
  }
  const current = periodAt(query.period ?? 'monthly', now);
  const from = query.from ? Date.parse(query.from) : current.start;
  const to = query.to ? Date.parse(query.to) + (DATE_ONLY.test(query.to) ? DAY_MS : 0) : current.end;
  if (to <= from) {
    throw query.to
      ? fieldError('query.to', 'must be after from')
      : fieldError('query.from', 'must be before the end of the current month (the default to)');
  }
  return { from, to };
}
