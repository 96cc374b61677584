/**
 * "Export CSV" of a visit: read whole from its record by the core (`visitReceipt`), written
 * with its organization, store cities and sign-off, named by its day and its store.
 */
import type { Visit } from '$shared';
import { storeCities } from '../lists/store-cities';
import { call } from '../transport/transport';
import { m } from '../words/i18n';
import { activityToCsv, csvFileName } from './csv';
import { downloadText } from './download';

export async function exportVisitCsv(visit: Pick<Visit, 'id'>): Promise<void> {
  const receipt = await call('visitReceipt', { visitId: visit.id });
  if (!receipt) return;
  const { entries, record } = receipt;
  const read = receipt.visit;
  downloadText(
    csvFileName(read.startedAt, read.stores[0]?.name ?? null),
    activityToCsv(entries, {
      organization: read.organization?.name ?? m.activity_unknown_organization(),
      cities: await storeCities(entries),
      signOff: read.signOff,
      // The record's entries follow the activity rows: "Check a receipt" reads them back.
      record: { visit: read, entries: record },
    }),
  );
}
