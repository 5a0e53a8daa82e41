import * as z from 'zod';

interface CronField {
  name: string;
  min: number;
  max: number;
  /** Three-letter names allowed in place of numbers (months, weekdays), mapped to their value. */
  names?: readonly string[];
  namesStart?: number;
}

// Classic 5-field cron (Vixie cron): weekday 7 is Sunday again, like 0.
const FIELDS: readonly CronField[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day-of-month', min: 1, max: 31 },
  {
    name: 'month',
    min: 1,
    max: 12,
    names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
    namesStart: 1,
  },
  {
    name: 'day-of-week',
    min: 0,
    max: 7,
    names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'],
    namesStart: 0,
  },
];

/**
 * Why `expression` is not a valid 5-field cron expression, or undefined when it is.
 * Each field takes `*`, a value, a range `a-b`, a step (`*`/n, `a-b/n`, `a/n`) or a
 * comma-separated list of those; months and weekdays also take names (`JAN`, `MON-FRI`).
 *
 * @example
 * cronProblem('0 9 * * MON-FRI'); // undefined
 * cronProblem('61 * * * *');      // 'minute: 61 is out of range 0-59'
 */
export function cronProblem(expression: string): string | undefined {
  const trimmed = expression.trim();
  const parts = trimmed === '' ? [] : trimmed.split(/\s+/);
  if (parts.length !== FIELDS.length) {
    return `expected 5 fields (minute hour day-of-month month day-of-week), got ${parts.length}`;
  }
  for (const [i, field] of FIELDS.entries()) {
    for (const item of parts[i]!.split(',')) {
      const problem = itemProblem(item, field);
      if (problem) return `${field.name}: ${problem}`;
    }
  }
  return undefined;
}

function itemProblem(item: string, field: CronField): string | undefined {
  if (item === '') return 'empty list item';
  const [range, step, extra] = item.split('/');
  if (extra !== undefined) return `"${item}" has more than one step`;
  if (step !== undefined) {
    if (!/^\d+$/.test(step)) return `step "${step}" is not a number`;
    const n = Number(step);
    if (n < 1 || n > field.max) return `step ${n} is out of range 1-${field.max}`;
  }
  if (range === '*') return undefined;
  const [from, to, more] = range!.split('-');
  if (more !== undefined) return `"${range}" is not a range`;
  const low = cronValue(from!, field);
  if (typeof low === 'string') return low;
  if (to === undefined) return undefined;
  const high = cronValue(to, field);
  if (typeof high === 'string') return high;
  if (low > high) return `range ${range} goes backwards`;
  return undefined;
}

/** The number a value stands for, or why it is not one. */
function cronValue(text: string, field: CronField): number | string {
  const named = field.names?.indexOf(text.toUpperCase()) ?? -1;
  if (named !== -1) return named + field.namesStart!;
  if (!/^\d+$/.test(text)) return `"${text}" is not a number${field.names ? ' or name' : ''}`;
  const n = Number(text);
  if (n < field.min || n > field.max) return `${n} is out of range ${field.min}-${field.max}`;
  return n;
}

/** `cronProblem` as a regular expression, for JSON Schema (all but a backwards range, `5-1`). */
function cronPattern(): string {
  const anyCase = (name: string) => [...name].map((c) => `[${c}${c.toLowerCase()}]`).join('');
  const upTo = (min: number, max: number) =>
    Array.from({ length: max - min + 1 }, (_, i) => String(max - i)).join('|');
  const fields = FIELDS.map((field) => {
    const value = `(?:0*(?:${upTo(field.min, field.max)})${field.names ? `|${field.names.map(anyCase).join('|')}` : ''})`;
    const item = `(?:\\*|${value}(?:-${value})?)(?:/0*(?:${upTo(1, field.max)}))?`;
    return `${item}(?:,${item})*`;
  });
  return `^\\s*${fields.join('\\s+')}\\s*$`;
}

/** A 5-field cron expression, checked field by field. */
export const CronExpression = z
  .string()
  .max(200)
  .superRefine((value, ctx) => {
    const problem = cronProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ pattern: cronPattern() });
