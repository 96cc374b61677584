/**
 * The one definition of an account scope: base URL + organization + a fingerprint of the key
 * (never the key). Each scope has its own cache.db and work.db, so two organizations, two
 * servers or two people's keys never see each other's data or queue; training mode has a
 * fixed scope of its own because its server's port changes every start.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Identifies a key without revealing it: a salted hash, shortened. */
export const keyFingerprint = (baseUrl: string, apiKey: string): string =>
  sha256(`field-installer key fingerprint\n${baseUrl}\n${apiKey}`).slice(0, 16);

export const TRAINING_FINGERPRINT = 'training';

export interface ScopeParts {
  baseUrl: string;
  organizationId: string;
  keyFingerprint: string;
  training: boolean;
}

/** The folder name reveals neither the server, the organization nor the key. */
const scopeId = (scope: ScopeParts): string =>
  scope.training
    ? `training-${sha256(scope.organizationId).slice(0, 16)}`
    : sha256(
        `${scope.baseUrl.replace(/\/+$/, '')}\n${scope.organizationId}\n${scope.keyFingerprint}`,
      ).slice(0, 32);

export const scopeDir = (dataDir: string, scope: ScopeParts): string =>
  join(dataDir, 'accounts', scopeId(scope));
