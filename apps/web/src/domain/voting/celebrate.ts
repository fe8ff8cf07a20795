/** The spec's confetti: 3 bursts of 50 pieces over 3 seconds. */
export const CONFETTI_BURSTS = 3;
export const CONFETTI_PIECES = 50;
export const CONFETTI_DURATION_MS = 3000;
/** Pieces keep falling a little after the last burst; the canvas goes once they have landed. */
const CANVAS_LIFETIME_MS = CONFETTI_DURATION_MS + 3000;
const COLORS = ['#f7c04a', '#ffd98a', '#34d399', '#ff7f5c', '#faf7f2'];

/**
 * Throws confetti for a successful vote. The library (canvas-confetti, ~4 kB) loads only now. Its canvas
 * goes into the open dialog when there is one (a modal lives in the top layer, above anything else) and is
 * removed afterwards. Nothing happens for visitors who asked for reduced motion.
 */
export async function celebrate(): Promise<void> {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const { default: confetti } = await import('canvas-confetti');
  const canvas = document.createElement('canvas');
  canvas.dataset.confetti = '';
  canvas.setAttribute('aria-hidden', 'true');
  canvas.style.cssText = 'position:fixed;inset:0;width:100vw;height:100vh;pointer-events:none;z-index:100';
  (document.querySelector('dialog[open]') ?? document.body).append(canvas);
  const fire = confetti.create(canvas, { resize: true, disableForReducedMotion: true });
  const gap = CONFETTI_DURATION_MS / CONFETTI_BURSTS;
  for (let burst = 0; burst < CONFETTI_BURSTS; burst++) {
    window.setTimeout(() => {
      void fire({
        particleCount: CONFETTI_PIECES,
        spread: 70 + burst * 15,
        startVelocity: 42,
        origin: { x: 0.2 + burst * 0.3, y: 0.6 },
        colors: COLORS,
      });
    }, burst * gap);
  }
  window.setTimeout(() => {
    fire.reset();
    canvas.remove();
  }, CANVAS_LIFETIME_MS);
}
