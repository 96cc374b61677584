/**
 * Training mode's walk test: nobody walks past a practice device, so the training service
 * counts simulated passes in its foot traffic, as it simulates check-ins. A call in this
 * process, never an HTTP route: the shipped training server has no control routes.
 */
import { AppError } from '../app-error';
import { requireScope, type ServiceContext } from './context';
import type { SessionManager } from './session-manager';

export function simulateWalkThrough(
  ctx: ServiceContext,
  session: SessionManager,
  serial: string,
  count: number,
): { serial: string; added: number } {
  const scope = requireScope(ctx);
  const training = session.trainingServer();
  if (!training) {
    throw new AppError({
      kind: 'validation',
      code: 'training_only',
    });
  }
  const organizationId = scope.record.organizationId ?? '';
  if (!training.walkThrough(organizationId, serial, count)) {
    throw new AppError({ kind: 'not_found', code: 'device_not_found', params: { serial } });
  }
  return { serial, added: count };
}
