/**
 * The update feed built into a package: `FIELD_INSTALLER_UPDATE_URL=https://… npm run dist`.
 * electron-builder writes it into app-update.yml (publish) and into the packaged package.json
 * (extraMetadata.updateFeed), where electron/main/update-policy.ts reads it; a managed UpdateUrl
 * overrides it and UpdatesEnabled=0 turns it off. Without it (or with anything but https) the
 * package has no built-in feed, and the publish entry gets a placeholder that nothing reads: it
 * is only there to make electron-builder write latest*.yml and the blockmaps.
 */
const PLACEHOLDER_FEED = 'https://updates.invalid/field-installer';

/** @param {Record<string, string | undefined>} env @returns {string | null} */
const buildUpdateFeed = (env) => {
  const url = (env.FIELD_INSTALLER_UPDATE_URL ?? '').trim();
  if (url === '') return null;
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`FIELD_INSTALLER_UPDATE_URL is not a URL: ${url}`);
  }
  if (parsed.protocol !== 'https:') {
    throw new Error(`FIELD_INSTALLER_UPDATE_URL must be https: ${url}`);
  }
  return url;
};

module.exports = { buildUpdateFeed, PLACEHOLDER_FEED };
