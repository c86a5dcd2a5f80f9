import { asWritten, defineStep } from './step-module.js';

/** The start and end steps do nothing but mark where the run begins and completes. */
export const startStep = defineStep('start', { interpolate: asWritten, run: async () => ({ outcome: 'success' }) });
export const endStep = defineStep('end', { interpolate: asWritten, run: async () => ({ outcome: 'success' }) });
