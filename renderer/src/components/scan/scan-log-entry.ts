/** One line of the "Keep scanning" log: a serial and what its install came to. */
export interface ScanLogEntry {
  id: string;
  serial: string;
  text: string;
  tone: 'info' | 'ok' | 'warn' | 'bad';
}
