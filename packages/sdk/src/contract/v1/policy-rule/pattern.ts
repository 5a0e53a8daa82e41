import { RULE_LIMITS } from './types';

const BACKREFERENCE = /\\[1-9]|\\k</;
const RANGE_QUANTIFIER = /^\{\d*,?\d*\}/;

/** Why a `match` pattern is refused (too long, invalid, or prone to catastrophic backtracking). */
export function patternProblem(pattern: string): string | undefined {
  if (pattern.length > RULE_LIMITS.patternChars)
    return `must be at most ${RULE_LIMITS.patternChars} characters`;
  if (BACKREFERENCE.test(pattern)) return 'must not use backreferences';
  try {
    new RegExp(pattern);
  } catch (error) {
    return `is not a valid regular expression: ${(error as Error).message}`;
  }
  return backtrackingProblem(pattern);
}

/**
 * JavaScript regexes backtrack, so some patterns take exponential (a repeated group that itself
 * repeats or branches: `(a+)+`, `(a|ab)*`) or high polynomial time (`a*a*a*a*b`) on a hostile
 * value. This refuses those shapes, conservatively; tested values are also capped in length.
 */
function backtrackingProblem(pattern: string): string | undefined {
  const groups: { risky: boolean }[] = [];
  const markInnermost = () => {
    if (groups.length > 0) groups[groups.length - 1]!.risky = true;
  };
  let repeats = 0;
  let closedRisky = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    const afterRiskyGroup = closedRisky;
    closedRisky = false;
    if (c === '\\') {
      i++;
    } else if (c === '[') {
      for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
    } else if (c === '(') {
      groups.push({ risky: false });
    } else if (c === ')') {
      closedRisky = groups.pop()?.risky ?? false;
      if (closedRisky) markInnermost();
    } else if (c === '|') {
      markInnermost();
    } else if (c === '*' || c === '+' || (c === '{' && RANGE_QUANTIFIER.test(pattern.slice(i)))) {
      if (afterRiskyGroup) {
        return 'must not repeat a group that itself repeats or branches (e.g. "(a+)+", "(a|b)*"): such patterns can hang';
      }
      if (++repeats > RULE_LIMITS.patternRepeats) {
        return `must hold at most ${RULE_LIMITS.patternRepeats} repetitions (*, +, {n,m}): more can hang`;
      }
      markInnermost();
    }
  }
  return undefined;
}
