/**
 * A migration is one file, `migrations/<file>/NNNN-what-it-does.ts`, that states its own number
 * (decision record 74). The registry (../schema.ts) lists them; `numbered` puts them in order
 * and refuses a list whose numbers skip or repeat one, so a file left out of the registry or
 * two branches that each added "the next" migration stop the app at start, before any file is
 * opened, instead of running a migration at the wrong `user_version`.
 */

export interface NumberedMigration {
  /** 1, 2, …: `PRAGMA user_version` once it has run. */
  readonly version: number;
  readonly sql: string;
}

/** One migration's SQL, run in order: `user_version` counts how many have run. */
export type Migration = string;

export function numbered(file: string, list: readonly NumberedMigration[]): readonly Migration[] {
  const ordered = [...list].sort((a, b) => a.version - b.version);
  ordered.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      const seen = ordered.slice(0, index).some((m) => m.version === migration.version);
      throw new Error(
        `${file} migrations: ${seen ? `${migration.version} twice` : `${index + 1} missing`}`,
      );
    }
  });
  return ordered.map((migration) => migration.sql);
}
