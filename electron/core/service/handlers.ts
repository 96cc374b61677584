/**
 * One service function per contract operation. The mapped type makes a missing or
 * mistyped handler a compile error, so the contract and the core cannot drift apart.
 */
import { AppError } from '../app-error';
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
  const status = () => session.status(ctx.isOnline());
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

    listOrganizations: () => reads.listOrganizations(ctx),
    getOrganization: ({ organizationId }) => reads.getOrganization(ctx, organizationId),
    listLocations: () => reads.listLocations(ctx),
    getLocation: ({ locationId }) => reads.getLocation(ctx, locationId),
    createLocation: (input) => createLocation(ctx, input),
    deleteLocation: ({ locationId }) => deleteLocation(ctx, locationId),
    listLocationDevices: ({ locationId }) => reads.listLocationDevices(ctx, locationId),

    queryDevices: (input) => reads.queryDevices(ctx, input),
    deviceFacets: () => reads.deviceFacets(ctx),
    nearSerials: ({ serial }) => reads.nearSerials(ctx, serial),
    // Every serial below is the server's spelling from here on (serial-spelling.ts).
    getDevice: ({ serial, fresh }) => reads.getDevice(ctx, spelled(serial), fresh ?? false),
    updateDevice: (input) => updateDevice(ctx, { ...input, serial: spelled(input.serial) }),
    installDevice: ({ serial, locationId, label }) =>
      installDevice(ctx, spelled(serial), locationId, label),
    uninstallDevice: ({ serial, locationId }) => uninstallDevice(ctx, spelled(serial), locationId),
    replaceDevice: (input) =>
      replaceDevice(ctx, {
        ...input,
        serial: spelled(input.serial),
        newSerial: spelled(input.newSerial),
      }),
    moveDevice: ({ serial, fromLocationId, toLocationId }) =>
      moveDevice(ctx, spelled(serial), fromLocationId, toLocationId),

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

    locationsFootTraffic: (input) => locationsFootTraffic(ctx, input),
    deviceFootTraffic: (input) =>
      deviceFootTraffic(ctx, { ...input, serial: spelled(input.serial) }),

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
