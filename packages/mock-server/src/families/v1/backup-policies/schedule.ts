import { DayOfWeek } from '@nimbus/sdk/contract/v1/backup-policies';
import { fieldError } from '../../../core/pipeline/http-error';
import type { PolicyRow } from '../backups/tables';

type Schedule = Pick<PolicyRow, 'schedule' | 'frequency' | 'time' | 'day_of_week'>;

export interface ScheduleInput {
  schedule?: string | undefined;
  frequency?: 'daily' | 'weekly' | undefined;
  time?: string | undefined;
  day_of_week?: PolicyRow['day_of_week'] | undefined;
}

const DEFAULT_TIME = '02:00';

/**
 * The schedule of a policy after a create (`current` undefined) or an update. A policy runs
 * either on a cron expression (frequency `custom`) or on `frequency` + `time` (+ `day_of_week`
 * for weekly ones), which is turned into the equivalent cron so `schedule` always says when it
 * runs. Fields an update leaves out keep their value; a create without any runs daily at 02:00.
 */
export function resolveSchedule(input: ScheduleInput, current?: Schedule): Schedule {
  const { schedule, frequency, time, day_of_week } = input;
  if (schedule !== undefined) {
    if (frequency !== undefined)
      throw fieldError('body.schedule', 'give either schedule (cron) or frequency, not both');
    if (time !== undefined) throw fieldError('body.time', 'goes with frequency, not with a cron schedule');
    if (day_of_week !== undefined)
      throw fieldError('body.day_of_week', 'goes with frequency, not with a cron schedule');
    return {
      schedule: schedule.trim().split(/\s+/).join(' '),
      frequency: 'custom',
      time: null,
      day_of_week: null,
    };
  }
  const touched = frequency !== undefined || time !== undefined || day_of_week !== undefined;
  if (current && !touched) {
    return {
      schedule: current.schedule,
      frequency: current.frequency,
      time: current.time,
      day_of_week: current.day_of_week,
    };
  }
  if (current?.frequency === 'custom' && frequency === undefined) {
    throw fieldError(
      'body.frequency',
      'the policy runs on a cron schedule: send frequency along with time or day_of_week',
    );
  }
  const previous = current?.frequency === 'custom' ? undefined : current;
  const freq = frequency ?? (previous?.frequency as 'daily' | 'weekly' | undefined) ?? 'daily';
  if (freq === 'daily' && day_of_week !== undefined) {
    throw fieldError('body.day_of_week', 'only weekly policies run on a given day');
  }
  const at = time ?? previous?.time ?? DEFAULT_TIME;
  const day = freq === 'weekly' ? (day_of_week ?? previous?.day_of_week ?? 'sun') : null;
  const [hours, minutes] = at.split(':').map(Number);
  const weekday = day === null ? '*' : String(DayOfWeek.options.indexOf(day));
  return { schedule: `${minutes} ${hours} * * ${weekday}`, frequency: freq, time: at, day_of_week: day };
}

/** A zone is `<region>-<letter>`: `hn-a` is in `hn`, `hcm-1-b` in `hcm-1`. */
export function assertZoneInRegion(region: string, zone: string | null): void {
  if (zone === null) return;
  const suffix = zone.startsWith(`${region}-`) ? zone.slice(region.length + 1) : '';
  if (!/^[a-z]$/.test(suffix)) {
    throw fieldError(
      'body.destination_zone',
      `zone ${zone} is not in region ${region} (zones of it look like ${region}-a)`,
    );
  }
}
