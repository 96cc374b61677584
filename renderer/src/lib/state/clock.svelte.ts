/** A shared, slowly ticking "now" so relative times ("2 minutes ago") stay true on screen. */
class Clock {
  value = $state(Date.now());
  constructor() {
    setInterval(() => (this.value = Date.now()), 15_000);
  }
}

export const now = new Clock();
