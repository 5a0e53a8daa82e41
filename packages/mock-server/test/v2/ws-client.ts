import type { VideoEvent } from '@nimbus/sdk';
import { WebSocket } from 'ws';
import type { MockServer } from '../../src/entries/testing';
import { eventually } from './helpers';

/** A raw WebSocket on the event stream that records every message. */
export interface RawStream {
  ws: WebSocket;
  envelopes: { v: number; data: VideoEvent }[];
  /** Waits until at least `count` messages arrived and answers their events. */
  received(count: number, timeoutMs?: number): Promise<VideoEvent[]>;
  closed: Promise<{ code: number; reason: string }>;
}

export function streamUrl(mock: MockServer, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
  );
  return `${mock.url.replace(/^http/, 'ws')}/v2/ws/events?${search}`;
}

export async function openStream(
  mock: MockServer,
  query: Record<string, string | undefined>,
  options: { autoPong?: boolean } = {},
): Promise<RawStream> {
  const ws = new WebSocket(streamUrl(mock, query), { autoPong: options.autoPong ?? true });
  const envelopes: RawStream['envelopes'] = [];
  ws.on('message', (data) => envelopes.push(JSON.parse(data.toString())));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    envelopes,
    closed,
    received: (count, timeoutMs) =>
      eventually(() => {
        if (envelopes.length < count) throw new Error(`${envelopes.length} of ${count} messages`);
        return envelopes.map((e) => e.data);
      }, timeoutMs),
  };
}

/** The HTTP answer to an upgrade the server refuses. */
export function refusedUpgrade(
  url: string,
): Promise<{ status: number; body: { error: { code: string } } | undefined }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('open', () => reject(new Error('the upgrade was accepted')));
    ws.on('error', () => undefined);
    ws.on('unexpected-response', (request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
      });
    });
  });
}
