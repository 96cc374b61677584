/** Limits the contract enforces and the renderer states in its hints and sentences (no zod
 * here, so the renderer can import it without bundling the schemas). */
export const UPDATE_INTERVAL_MIN_S = 30;
export const UPDATE_INTERVAL_MAX_S = 86_400;
