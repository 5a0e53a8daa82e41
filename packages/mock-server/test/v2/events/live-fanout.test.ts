import type { VideoEvent } from '@nimbus/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { VideoEventBus } from '../../../src/families/v2/services';
import { LiveFanout } from '../../../src/node/live-fanout';
import { eventually } from '../helpers';

/** A member that keeps each write and reads the text frames out of it (server frames: unmasked). */
function recorder() {
  const writes: Buffer[] = [];
  return {
    writes,
    write: (bytes: Buffer) => writes.push(bytes),
    ids(): string[] {
      const out: string[] = [];
      for (const bytes of writes) {
        for (let at = 0; at < bytes.length; ) {
          expect(bytes[at]).toBe(0x81); // FIN + text
          let length = bytes[at + 1]!;
          let start = at + 2;
          if (length === 126) {
            length = bytes.readUInt16BE(at + 2);
            start = at + 4;
          }
          out.push(JSON.parse(bytes.subarray(start, start + length).toString()).data.id);
          at = start + length;
        }
      }
      return out;
    },
  };
}

let n = 0;
const event = (fields: Partial<VideoEvent> = {}) =>
  ({
    id: `e${++n}`,
    tenant_id: 't1',
    camera_id: 'cam-1',
    type: 'person',
    ts: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    ...fields,
  }) as VideoEvent;

let fanout: LiveFanout | undefined;
afterEach(() => fanout?.close());

describe('live fan-out', () => {
  it('writes the events of one turn to each client in one write', async () => {
    const bus = new VideoEventBus(() => {});
    fanout = new LiveFanout(bus);
    const a = recorder();
    const b = recorder();
    fanout.join('t1', {}, a);
    fanout.join('t1', {}, b);
    const sent = [event(), event(), event()];
    for (const e of sent) bus.publish(e);
    await eventually(() => expect(a.writes).toHaveLength(1));
    expect(b.writes).toHaveLength(1);
    // One buffer for the group, not one per client.
    expect(b.writes[0]).toBe(a.writes[0]);
    expect(a.ids()).toEqual(sent.map((e) => e.id));
  });

  it('gives a client only what was published after it joined, even within one flush', async () => {
    const bus = new VideoEventBus(() => {});
    fanout = new LiveFanout(bus);
    const early = recorder();
    const late = recorder();
    fanout.join('t1', {}, early);
    const first = event();
    bus.publish(first);
    fanout.join('t1', {}, late);
    const second = event();
    bus.publish(second);
    await eventually(() => expect(late.ids()).toEqual([second.id]));
    expect(early.ids()).toEqual([first.id, second.id]);
    const third = event();
    bus.publish(third);
    await eventually(() => expect(late.ids()).toEqual([second.id, third.id]));
    expect(early.ids()).toEqual([first.id, second.id, third.id]);
  });

  it("matches each client's tenant and filter, and stops writing to one that left", async () => {
    const bus = new VideoEventBus(() => {});
    fanout = new LiveFanout(bus);
    const all = recorder();
    const vehicles = recorder();
    const other = recorder();
    const gone = recorder();
    fanout.join('t1', {}, all);
    fanout.join('t1', { types: ['vehicle'] }, vehicles);
    fanout.join('t2', {}, other);
    fanout.join('t1', {}, gone)();
    const person = event();
    const vehicle = event({ type: 'vehicle' });
    const elsewhere = event({ tenant_id: 't2' });
    for (const e of [person, vehicle, elsewhere]) bus.publish(e);
    await eventually(() => expect(all.ids()).toEqual([person.id, vehicle.id]));
    await eventually(() => expect(vehicles.ids()).toEqual([vehicle.id]));
    await eventually(() => expect(other.ids()).toEqual([elsewhere.id]));
    expect(gone.writes).toEqual([]);
  });
});
