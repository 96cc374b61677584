/**
 * Optional tones for scan results: technicians on a ladder look at the door, not the laptop.
 * A rising two-note chime when a device is installed (or queued to be), a low double buzz for a
 * problem. WebAudio oscillators, so there are no sound files to ship; off unless chosen in
 * Settings (preferences `sounds`).
 */
export type ScanTone = 'installed' | 'problem';

interface Note {
  hz: number;
  wave: OscillatorType;
  /** Seconds after the tone starts. */
  at: number;
  length: number;
}

const TONES: Record<ScanTone, readonly Note[]> = {
  installed: [
    { hz: 880, wave: 'sine', at: 0, length: 0.09 },
    { hz: 1320, wave: 'sine', at: 0.1, length: 0.14 },
  ],
  problem: [
    { hz: 220, wave: 'square', at: 0, length: 0.14 },
    { hz: 220, wave: 'square', at: 0.2, length: 0.14 },
  ],
};

const QUIET = 0.0001;
const LOUD = 0.15;

let context: AudioContext | null = null;

/** Plays a tone now; without an audio device it stays silent (never an error). */
export function playTone(tone: ScanTone): void {
  try {
    context ??= new AudioContext();
    // Created before any click, a context starts suspended (autoplay policy).
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    for (const note of TONES[tone]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = note.wave;
      oscillator.frequency.value = note.hz;
      const from = start + note.at;
      // Short fades in and out: a hard edge clicks.
      gain.gain.setValueAtTime(QUIET, from);
      gain.gain.exponentialRampToValueAtTime(LOUD, from + 0.01);
      gain.gain.exponentialRampToValueAtTime(QUIET, from + note.length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(from);
      oscillator.stop(from + note.length + 0.02);
    }
  } catch {
    // no audio output: the screen still says it
  }
}

/** The tone for a scan result, when the technician turned sounds on. */
export const scanSound = (enabled: boolean, tone: ScanTone): void => {
  if (enabled) playTone(tone);
};
