/**
 * One service function per contract operation. The mapped type makes a missing or
 * mistyped handler a compile error, so the contract and the core cannot drift apart.
 */
import { AppError } from '../app-error';
import {
  actionResultView,
  cachedView,
  deviceTrafficView,
  deviceView,
  deviceWindowView,
  locationResultView,
  locationTraffic,
  locationView,
  organizationView,
  sessionStatusView,
} from '../api/to-view';
import { addPhoto, deletePhoto, listPhotos, photoData } from './photo-service';
import { auditReason, auditTap, getAudit, planAudit, startAudit, stopAudit } from './audit-service';
import {
  amendEntry,
  checkReceipt,
  finishVisit,
  listActivity,
  listVisits,
  visitReceipt,
  visitRecordOf,
} from './visit-service';
import {
  readVerification,
  recordVerification,
  startWalkTest,
  verificationOf,
} from './verification-service';
import {
  deviceChecklist,
  mountingChecklist,
  recordChecklist,
  visitCompletion,
} from './quality-service';
import { recordSilentCheck, silentCheck } from './silent-check-service';
import { silentGuide } from './silent-guide-source';
import type { OperationName, OperationResult, ParsedInput } from '../../shared';
import { NOT_MANAGED } from '../../common/managed/policy';
import { checkConnection, lastConnectionReport } from './connection-check';
import { requireScope, type ServiceContext } from './context';
import {
  installDevice,
  moveDevice,
  replaceDevice,
  uninstallDevice,
  updateDevice,
} from './device-actions';
import { deviceFootTraffic, locationsFootTraffic } from './foot-traffic';
import { createLocation, deleteLocation } from './location-actions';
import * as outbox from './outbox-service';
import * as pickList from './pick-list-service';
import * as reads from './read-service';
import { serverSpelling } from './serial-spelling';
import type { SessionManager } from './session-manager';
import { offlineJobs } from './sync-service';
import { simulateCrossing, simulateWalkThrough } from './training-walk';

export type Handlers = {
  [K in OperationName]: (input: ParsedInput<K>) => Promise<OperationResult<K>> | OperationResult<K>;
};

// eslint-disable-next-line max-lines-per-function -- the table of one handler per operation: each entry is a line or two
export function createHandlers(ctx: ServiceContext, session: SessionManager): Handlers {
  const status = () => sessionStatusView(session.status(ctx.isOnline()));
  const spelled = (serial: string) => serverSpelling(ctx, serial);
  /** When the last renderer error reports were logged (a one-minute window). */
  const rendererReports: number[] = [];
  const afterSessionChange = () => {
    // A fresh session starts online; the first failing request says otherwise.
    ctx.reportOnline();
    return status();
  };
  return {
    sessionStatus: status,
    // The managed base URL lock is checked for every operation in create-core (managed-lock.ts).
    signIn: async ({ baseUrl, apiKey }) => {
      await session.signIn(baseUrl, apiKey);
      return afterSessionChange();
    },
    chooseOrganization: async ({ organizationId }) => {
      await session.chooseOrganization(organizationId);
      return afterSessionChange();
    },
    signOut: async ({ removeLocalData }) => {
      await session.signOut(removeLocalData ?? false);
      return status();
    },
    startTraining: async () => {
      await session.startTraining();
      return afterSessionChange();
    },
    checkConnection: (input) => checkConnection(ctx, input),
    lastConnectionReport: () => lastConnectionReport(ctx),
    managedSettings: () => ctx.options.managed ?? NOT_MANAGED,
    installUpdate: () => ({ started: ctx.options.installUpdate?.() ?? false }),
    reportRendererError: (report) => {
      const now = Date.now();
      while (rendererReports.length > 0 && now - (rendererReports[0] ?? now) > 60_000)
        rendererReports.shift();
      if (rendererReports.length >= 20) return { logged: false };
      rendererReports.push(now);
      ctx.options.log.error('Renderer error', { ...report });
      return { logged: true };
    },
    networkChanged: async ({ online, recheck, saveData, effectiveType }) => {
      await ctx.networkChanged(online, { saveData, effectiveType }, recheck ?? false);
      return { online: ctx.isOnline() };
    },

    // The services answer with the server's records; the renderer gets the app's views.
    listOrganizations: () =>
      cachedView(reads.listOrganizations(ctx), (all) => all.map(organizationView)),
    getOrganization: async ({ organizationId }) =>
      cachedView(await reads.getOrganization(ctx, organizationId), organizationView),
    listLocations: () => cachedView(reads.listLocations(ctx), (all) => all.map(locationView)),
    getLocation: async ({ locationId }) =>
      cachedView(await reads.getLocation(ctx, locationId), locationView),
    createLocation: async (input) => locationResultView(await createLocation(ctx, input)),
    deleteLocation: ({ locationId }) => deleteLocation(ctx, locationId),
    listLocationDevices: async ({ locationId }) =>
      cachedView(await reads.listLocationDevices(ctx, locationId), (all) => all.map(deviceView)),

    queryDevices: (input) => deviceWindowView(reads.queryDevices(ctx, input)),
    deviceFacets: () => reads.deviceFacets(ctx),
    nearSerials: ({ serial }) => reads.nearSerials(ctx, serial),
    // Every serial below is the server's spelling from here on (serial-spelling.ts).
    getDevice: async ({ serial, fresh }) =>
      cachedView(await reads.getDevice(ctx, spelled(serial), fresh ?? false), deviceView),
    updateDevice: async (input) =>
      actionResultView(await updateDevice(ctx, { ...input, serial: spelled(input.serial) })),
    installDevice: async ({ serial, locationId, label }) =>
      actionResultView(await installDevice(ctx, spelled(serial), locationId, label)),
    uninstallDevice: async ({ serial, locationId }) =>
      actionResultView(await uninstallDevice(ctx, spelled(serial), locationId)),
    replaceDevice: async (input) =>
      actionResultView(
        await replaceDevice(ctx, {
          ...input,
          serial: spelled(input.serial),
          newSerial: spelled(input.newSerial),
        }),
      ),
    moveDevice: async ({ serial, fromLocationId, toLocationId }) =>
      actionResultView(await moveDevice(ctx, spelled(serial), fromLocationId, toLocationId)),

    pickList: ({ locationId }) => pickList.readPickList(ctx, locationId),
    addToPickList: (input) => pickList.addToPickList(ctx, input),
    cancelPickCheck: (input) => pickList.cancelPickCheck(ctx, input),
    changePickLine: (input) =>
      pickList.changePickLine(
        ctx,
        input.serial === undefined ? input : { ...input, serial: spelled(input.serial) },
      ),
    removePickLine: (input) => pickList.removePickLine(ctx, input),
    choosePickType: (input) => pickList.choosePickType(ctx, input),
    installPickList: ({ locationId }) => pickList.installPickList(ctx, locationId),

    locationsFootTraffic: async (input) =>
      (await locationsFootTraffic(ctx, input)).map(locationTraffic),
    deviceFootTraffic: async (input) =>
      deviceTrafficView(await deviceFootTraffic(ctx, { ...input, serial: spelled(input.serial) })),

    listOutbox: () => {
      // A queue on a disk that cannot be opened now is not an empty queue: say why.
      if (!ctx.current()) ctx.reopen();
      return outbox.listOutbox(ctx);
    },
    retryOutboxItem: ({ id }) => outbox.retryItem(ctx, id),
    discardOutboxItem: ({ id }) => outbox.discardItem(ctx, id),
    resolveConflict: ({ id, resolution }) => outbox.resolveItem(ctx, id, resolution),
    syncNow: () => ctx.sync.run(),
    syncStatus: () => ctx.sync.state(),
    cancelSync: () => {
      ctx.sync.cancel();
      return ctx.sync.state();
    },
    makeAvailableOffline: ({ locationId }) => {
      requireScope(ctx);
      void ctx.sync.run(offlineJobs(ctx, locationId)).catch(() => undefined);
      return ctx.sync.state();
    },

    systemLanguages: () => [...(ctx.options.systemLanguages?.() ?? [])],
    // The desktop app's main process answers this itself (its menus); nothing to do here.
    setLanguage: () => ({ applied: false }),
    // Electron's main process answers this (its proxy sign-in); browser mode takes the proxy's
    // credentials from HTTPS_PROXY (electron/web/web-fetch.ts) and never asks.
    answerProxyLogin: () => ({ accepted: false }),
    listActivity: ({ visitId }) => listActivity(ctx, visitId),
    listVisits: () => listVisits(ctx),
    finishVisit: (input) => finishVisit(ctx, input),
    amendEntry: (input) => amendEntry(ctx, input),
    visitRecord: ({ visitId }) => visitRecordOf(ctx, visitId),
    visitReceipt: (input) => visitReceipt(ctx, input),
    checkReceipt: (input) => checkReceipt(ctx, input),
    visitCompletion: (input) => visitCompletion(ctx, input),
    mountingChecklist: (input) => mountingChecklist(ctx, input),
    deviceChecklist: (input) => deviceChecklist(ctx, { ...input, serial: spelled(input.serial) }),
    recordChecklist: (input) => recordChecklist(ctx, { ...input, serial: spelled(input.serial) }),
    silentGuideSource: async () => (await silentGuide(ctx)).source,
    silentCheck: (input) => silentCheck(ctx, { ...input, serial: spelled(input.serial) }),
    recordSilentCheck: (input) =>
      recordSilentCheck(ctx, { ...input, serial: spelled(input.serial) }),
    addPhoto: (input) => addPhoto(ctx, { ...input, serial: spelled(input.serial) }),
    listPhotos: (input) =>
      listPhotos(
        ctx,
        input.serial === undefined ? input : { ...input, serial: spelled(input.serial) },
      ),
    photoData: ({ id }) => photoData(ctx, id),
    deletePhoto: ({ id }) => deletePhoto(ctx, id),
    simulateWalkThrough: ({ serial, count }) =>
      simulateWalkThrough(ctx, session, serial, count ?? 1),
    savePdf: () => {
      // The main process answers this in the desktop app; the core has no window to print.
      throw new AppError({
        kind: 'validation',
        code: 'pdf_desktop_only',
      });
    },
    verification: ({ serial }) => verificationOf(ctx, spelled(serial)),
    readVerification: ({ serial }) => readVerification(ctx, spelled(serial)),
    startWalkTest: (input) => startWalkTest(ctx, { ...input, serial: spelled(input.serial) }),
    recordVerification: (input) =>
      recordVerification(ctx, { ...input, serial: spelled(input.serial) }),
    startAudit: (input) => startAudit(ctx, { ...input, serial: spelled(input.serial) }),
    auditTap: (input) => auditTap(ctx, input),
    stopAudit: (input) => stopAudit(ctx, input),
    getAudit: (input) =>
      getAudit(
        ctx,
        input.serial === undefined ? input : { ...input, serial: spelled(input.serial) },
      ),
    planAudit: ({ serial }) => planAudit(ctx, spelled(serial)),
    auditReason: (input) => auditReason(ctx, input),
    simulateCrossing: ({ serial, ...people }) => simulateCrossing(ctx, session, serial, people),
  };
}
