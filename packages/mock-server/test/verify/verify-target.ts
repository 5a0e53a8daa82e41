import { type MockServer, startMockServer } from '../../src/entries/testing';

/**
 * The reference server `verifyDeployment` and `nimbus verify` are tested against. Lifecycle
 * states 20 ms apart on the server's own clock, so the follower sees them pass; the simulator's
 * detections give the event stream and the event playback something to show; a journal that
 * keeps every request of a run, for the tests that read what was sent.
 */
export function startVerifyTarget(): Promise<MockServer> {
  return startMockServer({
    transitionDelayMs: 20,
    simulator: true,
    simulatorEventsPerMinute: 600,
    journalSize: 50_000,
  });
}
