import { Environment } from '@marcbachmann/cel-js';
import { RE2JS } from 're2js';
import { z } from 'zod';

/**
 * The libraries every workflow shares: the worker thread loads this module once, before any
 * workflow, and then freezes what it reached (workers/workflow-code.ts). So zod is configured
 * and warmed here, while its module state can still be written: its default locale and memoizer
 * are installed by the first schema it builds and its first parse. It must not compile object
 * parsers with `new Function` either: its probe for that caches the answer in an object frozen by
 * then, and a step's config is parsed once per step, so the compilation would not pay. re2js
 * (conditions' `matches`) keeps its lazy Unicode tables in classes it does not export, which stay
 * writable.
 */
z.config({ jitless: true });
z.object({ warm: z.string() }).safeParse({});

export const sharedLibraries = { z, Environment, RE2JS };
