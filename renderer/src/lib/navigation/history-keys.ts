/**
 * Back / Forward from the keyboard (Alt+Left / Alt+Right) and the mouse's side buttons. The
 * desktop app has no browser chrome to do this, so the renderer does it — and then browser mode
 * must stop the browser doing it as well, or one press would go back twice.
 */
import { keyPlace } from '../scan/key-place';

const MOUSE_BACK = 3;
const MOUSE_FORWARD = 4;

export interface HistoryMoves {
  back(): void;
  forward(): void;
}

export function listenForHistoryKeys(win: Window, moves: HistoryMoves): () => void {
  const onKeydown = (e: KeyboardEvent) => {
    if (e.defaultPrevented || !e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    // In a text field the keys are the field's: on macOS Option+arrow moves the caret by a
    // word, and going back there would throw away the half-typed form.
    if (keyPlace(e.target) !== 'other') return;
    if (e.key === 'ArrowLeft') moves.back();
    else if (e.key === 'ArrowRight') moves.forward();
    else return;
    e.preventDefault();
  };
  const onMouse = (e: MouseEvent) => {
    if (e.button !== MOUSE_BACK && e.button !== MOUSE_FORWARD) return;
    e.preventDefault();
    // Chromium navigates on mouseup; auxclick follows the same press and must not move twice.
    if (e.type !== 'mouseup') return;
    if (e.button === MOUSE_BACK) moves.back();
    else moves.forward();
  };
  win.addEventListener('keydown', onKeydown);
  win.addEventListener('mouseup', onMouse);
  win.addEventListener('auxclick', onMouse);
  return () => {
    win.removeEventListener('keydown', onKeydown);
    win.removeEventListener('mouseup', onMouse);
    win.removeEventListener('auxclick', onMouse);
  };
}
