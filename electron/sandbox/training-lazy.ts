/**
 * What the entry points hand the core as `startTrainingSandbox`: the shipped training sandbox,
 * loaded only when someone starts training (its seed data is built on load). A module of its
 * own so that importing it costs nothing until then.
 */
import type { StartTrainingSandbox } from '../core/service/training';

export const startTrainingLazily: StartTrainingSandbox = async (options) =>
  (await import('./training-server')).startTrainingSandbox(options);
