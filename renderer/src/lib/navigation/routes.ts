/** Every screen of the walkthrough and what it needs to open. */
export type Route =
  | { name: 'locations' }
  | { name: 'location'; locationId: string }
  | { name: 'scan'; locationId: string | null }
  | { name: 'replace'; locationId: string }
  /** The visit's pick list: before the store (null), or at the store it is installed at. */
  | { name: 'pick-list'; locationId: string | null }
  | { name: 'device'; serial: string; locationId: string | null }
  | { name: 'verify'; serial: string; locationId: string; installedAt: string }
  | { name: 'inventory'; view: 'uninstalled' | 'all' }
  /** `check`: a receipt's scanned barcode (lib/visit/receipt-code.ts) to check there. */
  | { name: 'activity'; check?: string }
  | { name: 'receipt'; visitId: string }
  | { name: 'settings' };

export type Section = 'locations' | 'inventory' | 'activity' | 'settings';

/** Which main-navigation entry a screen belongs to (for aria-current). A device (or the Scan
 * screen) opened without a store comes from Inventory; with one, from that store. */
export const sectionOf = (route: Route): Section => {
  switch (route.name) {
    case 'inventory':
      return 'inventory';
    case 'device':
    case 'scan':
      return route.locationId === null ? 'inventory' : 'locations';
    case 'pick-list':
      return route.locationId === null ? 'activity' : 'locations';
    case 'activity':
    case 'receipt':
      return 'activity';
    case 'settings':
      return 'settings';
    default:
      return 'locations';
  }
};
