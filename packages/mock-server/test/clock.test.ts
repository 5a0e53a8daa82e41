import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../src/core/services/clock';

const clocks: Clock[] = [];
const newClock = () => {
  const clock = new Clock();
  clocks.push(clock);
  return clock;
};
const settled = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  for (const clock of clocks.splice(0)) clock.close();
});

describe('clock', () => {
  it('runs queued tasks on their own, in time order, without a request to drive it', async () => {
    const clock = newClock();
    const ran: string[] = [];
    const start = clock.now();
    clock.schedule(start + 30, () => ran.push('late'));
    clock.schedule(start, () => ran.push('now'));
    clock.schedule(start + 10, () => ran.push('soon'));
    await settled(150);
    expect(ran).toEqual(['now', 'soon', 'late']);
  });

  it('runs a task queued after the queue emptied, and one queued earlier than the armed one', async () => {
    const clock = newClock();
    const ran: string[] = [];
    clock.schedule(clock.now(), () => ran.push('first'));
    clock.runDue();
    clock.schedule(clock.now() + 60_000, () => ran.push('in a minute'));
    clock.schedule(clock.now() + 5, () => ran.push('second'));
    await settled(120);
    expect(ran).toEqual(['first', 'second']);
  });

  it('runs a task on time after advance() brought it close', async () => {
    const clock = newClock();
    let ranAt: number | undefined;
    clock.schedule(clock.now() + 10_000, () => {
      ranAt = performance.now();
    });
    await settled(5);
    clock.advance(9_980);
    const advancedAt = performance.now();
    await settled(200);
    // Armed for ten seconds before the advance; the task is now 20 ms away.
    expect(ranAt).toBeDefined();
    expect(ranAt! - advancedAt).toBeLessThan(200);
  });

  it('does not run a cancelled task, and runs nothing once closed', async () => {
    const clock = newClock();
    const ran: string[] = [];
    clock.schedule(clock.now() + 5, () => ran.push('cancelled')).cancel();
    clock.schedule(clock.now() + 5, () => ran.push('kept'));
    await settled(40);
    clock.schedule(clock.now() + 5, () => ran.push('after close'));
    clock.close();
    await settled(40);
    expect(ran).toEqual(['kept']);
  });
});
