// How conditions matched before they used RE2 (linear-matches.ts): JavaScript's backtracking
// RegExp, with patterns that nest repetitions refused. Kept only so that runs started before
// `patched('linear-matches')` replay as they ran (src/workflows/steps/condition.ts); new runs,
// validation and everything else use RE2.

/**
 * Whether a regular expression repeats a group that itself holds a repetition, as `(a+)+` or
 * `(\w*,?)*` do: matching such a pattern can backtrack for exponential time. Bounded `{n}` and
 * optional `?` parts do not count as repetitions.
 */
export function nestsRepetition(pattern: string): boolean {
  const groupRepeats: boolean[] = [];
  let closedGroupRepeats = false;
  for (let at = 0; at < pattern.length; at += 1) {
    const char = pattern[at]!;
    const afterGroup = closedGroupRepeats;
    closedGroupRepeats = false;
    if (char === '\\') at += 1;
    else if (char === '[') {
      for (at += 1; at < pattern.length && pattern[at] !== ']'; at += 1) if (pattern[at] === '\\') at += 1;
    } else if (char === '(') groupRepeats.push(false);
    else if (char === ')') {
      closedGroupRepeats = groupRepeats.pop() ?? false;
      if (closedGroupRepeats && groupRepeats.length > 0) groupRepeats[groupRepeats.length - 1] = true;
    } else if (char === '*' || char === '+' || (char === '{' && /^\{\d*,\d*\}/.test(pattern.slice(at)))) {
      if (afterGroup) return true;
      if (groupRepeats.length > 0) groupRepeats[groupRepeats.length - 1] = true;
    }
  }
  return false;
}

/** What the backtracking engine refused in a `matches` pattern literal, or undefined. */
export function backtrackingPatternProblem(pattern: string): string | undefined {
  if (nestsRepetition(pattern))
    return `the pattern "${pattern}" repeats a group that repeats itself (as (a+)+ does), which can take exponential time to match; write it without the nested repetition`;
  return undefined;
}
