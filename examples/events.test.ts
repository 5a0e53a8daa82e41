import { describe, expect, it } from 'vitest';
import { listen } from './events';

describe('live events (examples/events.ts)', () => {
  it('receives the detections of its camera over the WebSocket, in order', async () => {
    const lines: string[] = [];
    const events = await listen({ env: {}, count: 3, log: (line) => lines.push(line) });
    expect(events.map((e) => e.type)).toEqual(['person', 'vehicle', 'person']);
    expect(new Set(events.map((e) => e.camera_id)).size).toBe(1);
    expect(new Set(events.map((e) => e.id)).size).toBe(3);
    expect(lines[0]).toMatch(/^camera Gate \(.+\): waiting for 3 events$/);
    expect(lines.slice(1)).toHaveLength(3);
  });
});
