/** What a successful write answers: PUT/install/uninstall of a device, POST /locations. */
import type { Reply } from '../http-kit';

export type DeviceWriteStyle =
  /** 200 {data: device} (the default). */
  | 'wrapped'
  /** The device itself, not wrapped: 201 for install/uninstall, 200 for PUT. */
  | 'bare-201'
  /** 204, no body. */
  | 'no-content'
  /** 200 {}. */
  | 'empty'
  /** Rails-style: PUT 200 {device: device}; install 200 {status: "ok"}; uninstall 204. */
  | 'rails'
  /** 202 Accepted {task_id, status: "accepted"}; the change is made later (`deferred`). */
  | 'accepted-202'
  /** 200 {status: "pending", job: {id}}; the change is made later (`deferred`). */
  | 'pending-200';

/** Styles whose writes are taken on and made a moment later (state.ts `later`). */
export const deferred = (style: DeviceWriteStyle): boolean =>
  style === 'accepted-202' || style === 'pending-200';

let tasks = 0;

export type CreateStyle =
  /** 201 {data: location} with a relative Location header (the default). */
  | 'wrapped'
  /** 201 with the location itself and an absolute Location header. */
  | 'bare-located'
  /** 201 {id} only, no Location header. */
  | 'id-only'
  /** 201 {id} with an absolute Location header. */
  | 'id-located'
  /** 201 {location: location} (a named root), no Location header. */
  | 'named-root';

export type DeviceWrite = 'update' | 'install' | 'uninstall';

export const deviceWritten = (
  style: DeviceWriteStyle,
  write: DeviceWrite,
  device: unknown,
): Reply => {
  switch (style) {
    case 'wrapped':
      return { status: 200, body: { data: device } };
    case 'bare-201':
      return { status: write === 'update' ? 200 : 201, body: device };
    case 'no-content':
      return { status: 204 };
    case 'empty':
      return { status: 200, body: {} };
    case 'rails':
      if (write === 'update') return { status: 200, body: { device } };
      return write === 'install' ? { status: 200, body: { status: 'ok' } } : { status: 204 };
    case 'accepted-202':
      return { status: 202, body: { task_id: `tsk_${write}_${++tasks}`, status: 'accepted' } };
    case 'pending-200':
      return { status: 200, body: { status: 'pending', job: { id: `job-${++tasks}` } } };
  }
};

/** `origin` is the request's own origin, so absolute Location headers stay on it. */
export const locationCreated = (
  style: CreateStyle,
  id: string,
  location: unknown,
  origin: string,
): Reply => {
  const path = `/v1/locations/${encodeURIComponent(id)}`;
  switch (style) {
    case 'wrapped':
      return { status: 201, body: { data: location }, headers: { location: path } };
    case 'bare-located':
      return { status: 201, body: location, headers: { location: `${origin}${path}` } };
    case 'id-only':
      return { status: 201, body: { id } };
    case 'id-located':
      return { status: 201, body: { id }, headers: { location: `${origin}${path}` } };
    case 'named-root':
      return { status: 201, body: { location } };
  }
};
