/**
 * The name among `names` a misspelt `word` most likely meant: at most two edits away (a letter
 * added, dropped, changed or two swapped), and fewer than half its length; undefined when none is.
 * The CLI words its "did you mean" the same way (packages/cli/src/closest.ts).
 */
export function closest(word: string, names: Iterable<string>): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(word.toLowerCase(), name.toLowerCase());
    if (distance <= 2 && distance < word.length / 2 && (!best || distance < best.distance))
      best = { name, distance };
  }
  return best?.name;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}
