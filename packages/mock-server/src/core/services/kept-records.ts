import type { Divergence } from '@nimbus/sdk/contract';
import type { z } from 'zod';
import { encodeTextInto } from './byte-slabs';

/** A journaled request as the journal reads it back from `KeptRecords`. */
export interface KeptRecord {
  /** Its texts as UTF-8 (journal-tape.ts). */
  tape: Uint8Array;
  /** Simulated time, epoch ms. */
  at: number;
  status: number;
  durationMs: number;
  body: string | Uint8Array | null;
  /** The answer's body as kept: the records' texts it was joined from, or its own value. */
  response: readonly string[] | string | Uint8Array | null;
  divergences: readonly z.infer<typeof Divergence>[] | undefined;
  /** Of the kept bodies: what counts against the journal's byte bound. */
  size: number;
}

/** A record as it is kept: its tape as text, encoded into the ring. */
export type NewRecord = Omit<KeptRecord, 'tape'> & { tape: string };

// The numbers of a record, side by side in one Float64Array.
const AT = 0;
const DURATION = 1;
const STATUS = 2;
const SIZE = 3;
const TAPE_OFFSET = 4;
const TAPE_LENGTH = 5;
/** How many records' texts the answer was joined from, or -1 for an answer kept as a value. */
const TEXT_COUNT = 6;
const NUMBERS = 7;
// Its references, side by side in one array.
const BODY = 0;
const RESPONSE = 1;
const DIVERGENCES = 2;
const REFERENCES = 3;

const FIRST_TAPE_BYTES = 64 * 1024;

/**
 * The journal's records, oldest first, in rings of columns rather than an object each: a GET's
 * record leaves nothing on the heap that outlives its request. Kept as objects (the record, its
 * boxed numbers, its headers, the list of texts its answer was joined from), every request
 * promoted some to the old generation, whose collection then marked every stored record, and
 * bytes in fresh slabs did the same through the memory they held outside the heap (bench/README.md,
 * run Y). So the tapes go, in order, into one ring of bytes that is reused, the numbers into
 * a Float64Array, and the texts an answer was joined from into a ring of their own; only a
 * body kept as a value (a write's) is a reference of its own.
 */
export class KeptRecords {
  #numbers = new Float64Array(0);
  #references: unknown[] = [];
  #room = 0;
  #first = 0;
  #count = 0;
  #texts: (string | undefined)[] = [];
  #firstText = 0;
  #textCount = 0;
  /** The tapes, oldest from `#tapeHead` to `#tapeTail`, wrapping to 0 where one does not fit at the end. */
  #tapes = new Uint8Array(0);
  #tapeHead = 0;
  #tapeTail = 0;

  get length(): number {
    return this.#count;
  }

  /** The size of the tapes' ring. */
  get tapeBytes(): number {
    return this.#tapes.length;
  }

  push(record: NewRecord): void {
    if (this.#count === this.#room) this.#grow();
    const slot = (this.#first + this.#count) % this.#room;
    const numbers = slot * NUMBERS;
    const references = slot * REFERENCES;
    const { response } = record;
    this.#numbers[numbers + AT] = record.at;
    this.#numbers[numbers + DURATION] = record.durationMs;
    this.#numbers[numbers + STATUS] = record.status;
    this.#numbers[numbers + SIZE] = record.size;
    this.#references[references + BODY] = record.body;
    this.#references[references + DIVERGENCES] = record.divergences;
    if (Array.isArray(response)) {
      this.#numbers[numbers + TEXT_COUNT] = response.length;
      this.#references[references + RESPONSE] = null;
      for (const text of response) this.#pushText(text);
    } else {
      this.#numbers[numbers + TEXT_COUNT] = -1;
      this.#references[references + RESPONSE] = response;
    }
    this.#writeTape(record.tape, numbers);
    this.#count++;
  }

  /** Drops the oldest record: answers its size. */
  shift(): number {
    const numbers = this.#first * NUMBERS;
    const references = this.#first * REFERENCES;
    const size = this.#numbers[numbers + SIZE]!;
    const texts = this.#numbers[numbers + TEXT_COUNT]!;
    this.#references.fill(undefined, references, references + REFERENCES);
    for (let i = 0; i < texts; i++) {
      this.#texts[this.#firstText] = undefined;
      this.#firstText = (this.#firstText + 1) % this.#texts.length;
    }
    if (texts > 0) this.#textCount -= texts;
    this.#first = (this.#first + 1) % this.#room;
    this.#count--;
    if (this.#count === 0) this.#tapeHead = this.#tapeTail = 0;
    else this.#tapeHead = this.#numbers[this.#first * NUMBERS + TAPE_OFFSET]!;
    return size;
  }

  clear(): void {
    this.#numbers = new Float64Array(0);
    this.#references = [];
    this.#texts = [];
    this.#tapes = new Uint8Array(0);
    this.#room = this.#first = this.#count = 0;
    this.#firstText = this.#textCount = this.#tapeHead = this.#tapeTail = 0;
  }

  /** The records from `start` (0 the oldest) on. */
  *from(start: number): Generator<KeptRecord> {
    let text = this.#firstText;
    for (let index = 0; index < this.#count; index++) {
      const slot = (this.#first + index) % this.#room;
      const texts = this.#numbers[slot * NUMBERS + TEXT_COUNT]!;
      if (index >= start) yield this.#recordAt(slot, text, texts);
      if (texts > 0) text = (text + texts) % this.#texts.length;
    }
  }

  /** The tape of record `index` (0 the oldest), for a search that reads nothing else. */
  tapeAt(index: number): Uint8Array {
    return this.#tapeOf((this.#first + index) % this.#room);
  }

  #recordAt(slot: number, firstText: number, texts: number): KeptRecord {
    const numbers = slot * NUMBERS;
    const references = slot * REFERENCES;
    let response = this.#references[references + RESPONSE] as KeptRecord['response'];
    if (texts >= 0) {
      const joined: string[] = [];
      for (let i = 0; i < texts; i++) joined.push(this.#texts[(firstText + i) % this.#texts.length]!);
      response = joined;
    }
    return {
      tape: this.#tapeOf(slot),
      at: this.#numbers[numbers + AT]!,
      status: this.#numbers[numbers + STATUS]!,
      durationMs: this.#numbers[numbers + DURATION]!,
      body: this.#references[references + BODY] as KeptRecord['body'],
      response,
      divergences: this.#references[references + DIVERGENCES] as KeptRecord['divergences'],
      size: this.#numbers[numbers + SIZE]!,
    };
  }

  /** A copy: the ring's bytes are written over once the record is dropped. */
  #tapeOf(slot: number): Uint8Array {
    const offset = this.#numbers[slot * NUMBERS + TAPE_OFFSET]!;
    return this.#tapes.slice(offset, offset + this.#numbers[slot * NUMBERS + TAPE_LENGTH]!);
  }

  /** Encodes `text` at the ring's tail, or at its start when the end has no room, or into a larger ring. */
  #writeTape(text: string, numbers: number): void {
    const wrapped = this.#count > 0 && this.#tapeTail <= this.#tapeHead;
    let offset = this.#tapeTail;
    let written = this.#encode(text, offset, wrapped ? this.#tapeHead : this.#tapes.length);
    if (written < 0 && !wrapped && this.#count > 0) {
      offset = 0;
      written = this.#encode(text, 0, this.#tapeHead);
    }
    if (written < 0) {
      this.#growTapes(text.length * 3);
      offset = this.#tapeTail;
      written = this.#encode(text, offset, this.#tapes.length);
    }
    this.#numbers[numbers + TAPE_OFFSET] = offset;
    this.#numbers[numbers + TAPE_LENGTH] = written;
    this.#tapeTail = offset + written;
  }

  /** `text` as UTF-8 from `offset`, if it fits before `end`: the bytes written, or -1. */
  #encode(text: string, offset: number, end: number): number {
    if (end - offset < text.length) return -1;
    return encodeTextInto(text, this.#tapes.subarray(0, end), offset);
  }

  /** A ring with room for the kept tapes and `more` bytes, the kept ones moved to its start in order. */
  #growTapes(more: number): void {
    let used = 0;
    for (let index = 0; index < this.#count; index++) {
      used += this.#numbers[((this.#first + index) % this.#room) * NUMBERS + TAPE_LENGTH]!;
    }
    let size = Math.max(FIRST_TAPE_BYTES, this.#tapes.length);
    while (size < (used + more) * 2) size *= 2;
    const tapes = new Uint8Array(size);
    let tail = 0;
    for (let index = 0; index < this.#count; index++) {
      const numbers = ((this.#first + index) % this.#room) * NUMBERS;
      const offset = this.#numbers[numbers + TAPE_OFFSET]!;
      const length = this.#numbers[numbers + TAPE_LENGTH]!;
      tapes.set(this.#tapes.subarray(offset, offset + length), tail);
      this.#numbers[numbers + TAPE_OFFSET] = tail;
      tail += length;
    }
    this.#tapes = tapes;
    this.#tapeHead = 0;
    this.#tapeTail = tail;
  }

  #pushText(text: string): void {
    if (this.#textCount === this.#texts.length) this.#growTexts();
    this.#texts[(this.#firstText + this.#textCount) % this.#texts.length] = text;
    this.#textCount++;
  }

  /** Twice the room for texts (64 at first), moved to its start in order. */
  #growTexts(): void {
    const texts: (string | undefined)[] = new Array(Math.max(64, this.#textCount * 2)).fill(undefined);
    for (let i = 0; i < this.#textCount; i++)
      texts[i] = this.#texts[(this.#firstText + i) % this.#texts.length];
    this.#texts = texts;
    this.#firstText = 0;
  }

  /** Twice the room for records (16 at first), moved to its start in order. */
  #grow(): void {
    const room = Math.max(16, this.#room * 2);
    const numbers = new Float64Array(room * NUMBERS);
    const references: unknown[] = new Array(room * REFERENCES).fill(undefined);
    for (let index = 0; index < this.#count; index++) {
      const slot = (this.#first + index) % this.#room;
      numbers.set(this.#numbers.subarray(slot * NUMBERS, (slot + 1) * NUMBERS), index * NUMBERS);
      for (let i = 0; i < REFERENCES; i++) {
        references[index * REFERENCES + i] = this.#references[slot * REFERENCES + i];
      }
    }
    this.#numbers = numbers;
    this.#references = references;
    this.#room = room;
    this.#first = 0;
  }
}
