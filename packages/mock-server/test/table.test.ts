import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryPersistence } from '../src/store/persistence';
import { emptyState, type StoredRecord } from '../src/store/state';
import { defineTable, Store } from '../src/store/store';
import { compareRecords } from '../src/store/table';

interface Row extends StoredRecord {
  project_id: string;
}

const rows = defineTable<Row>('rows');
const newStore = () => new Store(new MemoryPersistence(), emptyState('x'.repeat(32)));
const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
const ids = (list: readonly Row[]) => list.map((row) => row.id);

describe('table indexes', () => {
  it('insert places each row in created_at, id order, wherever it falls', () => {
    fc.assert(
      fc.property(
        // Mostly the latest second or one just before (a request's records, a late timer), some
        // far back; ids in no order, so ties land anywhere among rows of their second.
        fc.array(
          fc.record({
            back: fc.oneof(fc.constantFrom(0, 0, 0, 1), fc.nat(30)),
            id: fc.stringMatching(/^[0-9a-f]{1,4}$/),
            project: fc.constantFrom('p1', 'p2'),
          }),
          { minLength: 1, maxLength: 120 },
        ),
        (specs) => {
          const table = newStore().table(rows);
          const inserted: Row[] = [];
          for (const [i, { back, id, project }] of specs.entries()) {
            const second = Math.max(0, Math.floor(i / 4) - back);
            const row = {
              id: `${id}-${i}`,
              created_at: at(second),
              updated_at: at(second),
              project_id: project,
            };
            table.insert(row);
            inserted.push(row);
            const sorted = [...inserted].sort(compareRecords);
            expect(ids(table.list())).toEqual(ids(sorted));
            expect(ids(table.list(project))).toEqual(ids(sorted.filter((r) => r.project_id === project)));
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('delete takes out exactly the row asked for and keeps the rest in order', () => {
    fc.assert(
      fc.property(
        // Few distinct seconds, so many rows share a created_at and the id breaks the tie.
        fc.array(fc.record({ second: fc.nat(20), project: fc.constantFrom('p1', 'p2') }), {
          minLength: 1,
          maxLength: 80,
        }),
        fc.infiniteStream(fc.nat()),
        (specs, picks) => {
          const table = newStore().table(rows);
          const all = specs.map(({ second, project }, i) => ({
            id: `r${String(i).padStart(3, '0')}`,
            created_at: at(second),
            updated_at: at(second),
            project_id: project,
          }));
          for (const row of all) table.insert(row);
          const kept = [...all];
          const pick = picks[Symbol.iterator]();
          while (kept.length > 0) {
            const [doomed] = kept.splice(pick.next().value % kept.length, 1);
            table.delete(doomed!.id);
            const sorted = [...kept].sort(compareRecords);
            expect(ids(table.list())).toEqual(ids(sorted));
            expect(ids(table.list('p1'))).toEqual(ids(sorted.filter((row) => row.project_id === 'p1')));
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it('delete finds a row whose created_at an update changed', () => {
    const table = newStore().table(rows);
    for (const [second, id] of ['a', 'b', 'c', 'd', 'e'].entries()) {
      table.insert({ id, created_at: at(second + 1), updated_at: at(second + 1), project_id: 'p1' });
    }
    // The first row now sorts after every other and the last before, where they still sit.
    table.update('a', { created_at: at(9) }, at(9));
    table.update('e', { created_at: at(0) }, at(9));
    table.delete('a');
    table.delete('e');
    expect(ids(table.list())).toEqual(['b', 'c', 'd']);
    expect(ids(table.list('p1'))).toEqual(['b', 'c', 'd']);
  });
});
