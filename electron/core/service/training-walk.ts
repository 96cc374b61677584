/**
 * Training mode's walk test and accuracy audit: nobody walks past a practice device, so the
 * training service counts simulated passes (and people crossing, a few of them missed) in its
 * foot traffic, as it simulates check-ins. Calls in this process, never an HTTP route: the
 * shipped training server has no control routes.
 */
import { AppError } from '../app-error';
import { requireScope, type ServiceContext } from './context';
import type { SessionManager } from './session-manager';

const practice = (ctx: ServiceContext, session: SessionManager) => {
  const scope = requireScope(ctx);
  const training = session.trainingServer();
  if (!training) {
    throw new AppError({
      kind: 'validation',
      code: 'training_only',
    });
  }
  return { training, organizationId: scope.record.organizationId ?? '' };
};

const unknownDevice = (serial: string) =>
  new AppError({ kind: 'not_found', code: 'device_not_found', params: { serial } });

export function simulateWalkThrough(
  ctx: ServiceContext,
  session: SessionManager,
  serial: string,
  count: number,
): { serial: string; added: number } {
  const { training, organizationId } = practice(ctx, session);
  if (!training.walkThrough(organizationId, serial, count)) throw unknownDevice(serial);
  return { serial, added: count };
}

/** People cross a practice device's line: answers how many crossed, for the trainee to count. */
export function simulateCrossing(
  ctx: ServiceContext,
  session: SessionManager,
  serial: string,
  people: { in: number; out: number },
): { in: number; out: number } {
  const { training, organizationId } = practice(ctx, session);
  if (training.peopleCross(organizationId, serial, people) === null) throw unknownDevice(serial);
  return people;
}
