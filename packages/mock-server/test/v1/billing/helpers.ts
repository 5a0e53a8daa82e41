import type { MockServer } from '../../../src/entries/testing';

const DAY_S = 86_400;

/**
 * Moves the simulated clock to `days` days (plus `extraSeconds`) after the start of the next
 * UTC month, so a test's hours never straddle a month boundary whatever the real date.
 */
export async function advanceIntoNextMonth(mock: MockServer, days = 1, extraSeconds = 0): Promise<void> {
  const now = mock.clock.now();
  const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  await mock.clock.advance(Math.ceil((nextMonth - now.getTime()) / 1000) + days * DAY_S + extraSeconds);
}

/** A window wide enough to hold everything a test does. */
export const ALL_TIME = { from: '2000-01-01', to: '2999-12-31' } as const;
