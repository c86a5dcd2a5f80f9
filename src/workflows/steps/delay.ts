import { sleep } from '@temporalio/workflow';
import { parseDuration } from '../../domain/duration.js';
import { asWritten, defineStep } from './step-module.js';

/** A durable timer. */
export const delayStep = defineStep('delay', {
  interpolate: asWritten,
  run: async ({ duration }) => {
    await sleep(parseDuration(duration));
    return { outcome: 'success' };
  },
});
