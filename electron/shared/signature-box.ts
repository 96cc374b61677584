/**
 * The box a store's signature is kept in: pen strokes as whole x,y pairs within it, whatever
 * the screen it was drawn on. Shared by the contract (its bounds) and the renderer (the pad and
 * the drawing), so it lives outside the contract, which the page imports type-only.
 */
export const SIGNATURE_WIDTH = 600;
export const SIGNATURE_HEIGHT = 200;
