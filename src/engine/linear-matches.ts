import { RE2JS } from 're2js';

/** The rules of the engine that evaluates `matches` for a pattern literal (problem or undefined). */
export type PatternRules = (pattern: string) => string | undefined;

/**
 * The name conditions' `matches` calls are evaluated under (expressions.ts); not callable itself.
 * CEL specifies RE2 syntax for `matches`, and cel-js would evaluate it with JavaScript's
 * backtracking RegExp, on which even `a*b` can take seconds over a long text, inside a workflow
 * task the SDK stops after 5 s. So conditions evaluate `matches` with re2js, a JavaScript port of
 * RE2: its time grows with the text's length times the pattern's program size and never
 * exponentially, and that product is bounded per evaluation (MATCHES_BUDGET), so no text a
 * requester sends can make a condition run long.
 */
export const LINEAR_MATCHES = '__linearMatches';

/**
 * Characters times program instructions one evaluation may match: chosen so that the worst case
 * stays a small part of the 5 s a workflow task may take, and most patterns cost far less (a
 * literal prefix or anchor lets RE2 skip). A 20-instruction pattern may match 500,000 characters.
 */
export const MATCHES_BUDGET = 10_000_000;

/** The largest pattern a condition may use, in RE2 program instructions (`[a-z]{999}` is 1,000). */
export const MAX_PROGRAM_SIZE = 5_000;

/**
 * The instructions of all the distinct patterns of one workflow definition. Validating a
 * definition compiles its patterns, in time that grows with their instructions: the bound keeps a
 * definition of a few kilobytes of repeated `\p{L}{999}` from holding the API for seconds.
 */
export const MAX_DEFINITION_PROGRAM_SIZE = 20_000;

const COMPILED_PATTERNS = 500;
const compiledPatterns = new Map<string, RE2JS>();

/** `pattern` compiled as RE2, kept per process for the next evaluation (patterns are literals). */
function compiled(pattern: string): RE2JS {
  const known = compiledPatterns.get(pattern);
  if (known) return known;
  const regex = RE2JS.compile(pattern);
  if (compiledPatterns.size >= COMPILED_PATTERNS) compiledPatterns.delete(compiledPatterns.keys().next().value!);
  compiledPatterns.set(pattern, regex);
  return regex;
}

/** What is wrong with `pattern` as a `matches` pattern (RE2 syntax, bounded size), or undefined. */
export function linearPatternProblem(pattern: string): string | undefined {
  let regex: RE2JS;
  try {
    regex = compiled(pattern);
  } catch (error) {
    return `the pattern "${pattern}" is not RE2 syntax (${error instanceof Error ? error.message : String(error)})`;
  }
  if (regex.programSize() > MAX_PROGRAM_SIZE)
    return `the pattern "${pattern}" compiles to ${regex.programSize()} instructions, more than the ${MAX_PROGRAM_SIZE} a pattern may`;
  return undefined;
}

/**
 * The rules for the patterns of one definition: each follows `linearPatternProblem`, and together
 * they compile to at most MAX_DEFINITION_PROGRAM_SIZE instructions (none is compiled past that).
 */
export function definitionPatternRules(): PatternRules {
  const counted = new Set<string>();
  let total = 0;
  return (pattern) => {
    if (!counted.has(pattern)) {
      if (total > MAX_DEFINITION_PROGRAM_SIZE) return overDefinitionBudget();
      const problem = linearPatternProblem(pattern);
      if (problem) return problem;
      counted.add(pattern);
      total += compiled(pattern).programSize();
    }
    return total > MAX_DEFINITION_PROGRAM_SIZE ? overDefinitionBudget() : undefined;
  };
}

const overDefinitionBudget = () =>
  `the definition's matches() patterns compile to more than the ${MAX_DEFINITION_PROGRAM_SIZE} RE2 instructions a definition may have in all`;

/**
 * A `matches` evaluator with a budget of MATCHES_BUDGET shared by all its calls: one per
 * evaluation of a condition, so that a comprehension calling `matches` on each item of a long list
 * is bounded as a whole.
 */
export function budgetedMatcher(): (text: string, pattern: string) => boolean {
  let spent = 0;
  return (text, pattern) => {
    const problem = linearPatternProblem(pattern);
    if (problem) throw new Error(problem);
    const regex = compiled(pattern);
    spent += regex.programSize() * Math.max(text.length, 1);
    if (spent > MATCHES_BUDGET)
      throw new Error(
        `its matches() calls go past the ${MATCHES_BUDGET} steps (characters times pattern instructions) a condition may take, the last over ${text.length} characters with a pattern of ${regex.programSize()} instructions; match shorter texts or a simpler pattern`,
      );
    return regex.matcher(text).find();
  };
}
