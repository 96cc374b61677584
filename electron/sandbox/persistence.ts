/**
 * --data FILE: the whole state as JSON, written atomically (temp file + fsync + rename via
 * write-file-atomic) shortly after each mutation and on close. A file that cannot be read
 * back is moved aside, never deleted, so nobody loses evidence of what went wrong.
 */
import { readFile, rename } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import { Snapshot } from './snapshot';

export const loadSnapshot = async (
  file: string,
  log: (line: string) => void,
): Promise<Snapshot | null> => {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  try {
    return Snapshot.parse(JSON.parse(text));
  } catch {
    const aside = `${file}.corrupt-${Date.now()}`;
    await rename(file, aside);
    log(`sandbox: data file ${file} is unreadable; moved it to ${aside} and started from the seed`);
    return null;
  }
};

export class Saver {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly snapshot: () => Snapshot,
    private readonly log: (line: string) => void,
    private readonly debounceMs = 100,
  ) {}

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.write();
    }, this.debounceMs);
  }

  /** Writes now if anything is pending, and waits for every write in flight. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      await this.write();
    }
    await this.writing;
  }

  private write(): Promise<void> {
    // Serialize writes so an older snapshot never lands after a newer one.
    this.writing = this.writing.then(async () => {
      try {
        // Training mode keeps its state in the data folder: private like every file there.
        await writeFileAtomic(this.file, JSON.stringify(this.snapshot()), {
          fsync: true,
          mode: 0o600,
        });
      } catch (e) {
        this.log(
          `sandbox: could not save ${this.file}: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
    });
    return this.writing;
  }
}
