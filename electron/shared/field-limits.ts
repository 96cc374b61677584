/** Limits the contract enforces and the renderer states in its hints and sentences (no zod
 * here, so the renderer can import it without bundling the schemas). */
export const UPDATE_INTERVAL_MIN_S = 30;
export const UPDATE_INTERVAL_MAX_S = 86_400;
/**
 * Entries a receipt's CSV may send to be checked: what a CSV within the renderer's 4 MB file
 * limit holds (about 320 bytes an entry: a 5,000-entry visit writes 1.6 MB). Validating each
 * entry costs the core's thread ~3 µs, so this also bounds that work (decision record 70).
 */
export const RECEIPT_ENTRIES_MAX = 12_500;
