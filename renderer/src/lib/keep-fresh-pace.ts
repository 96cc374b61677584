/** How often a visible screen reads again what it shows (lib/keep-fresh.svelte.ts). The core
 * refreshes from the server what is older than half of this (WORKING_SET_FRESH_MS). */
export const KEEP_FRESH_MS = 60_000;
