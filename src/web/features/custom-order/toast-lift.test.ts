/**
 * The toaster's lift for the custom wizard's buttons (toast-lift.ts): none while they are
 * off screen or above a bottom toast's band, else their distance from the screen's bottom.
 */
import { describe, expect, it } from 'vitest';
import { TOAST_BAND, toastLiftAbove } from './toast-lift';

describe('toastLiftAbove', () => {
  it('lifts the toast above buttons in the bottom band', () => {
    // 1366x768, 'Next Step' 36 px tall, 4 px above the bottom: the toast goes 40 px up.
    expect(toastLiftAbove(728, 764, 768)).toBe(40);
    expect(toastLiftAbove(650.5, 686.5, 740)).toBe(90);
    // Partly below the screen: lifted by the part in sight.
    expect(toastLiftAbove(750, 786, 768)).toBe(18);
  });

  it('leaves the toast at the bottom when the buttons are off screen or higher up', () => {
    expect(toastLiftAbove(884, 920, 768)).toBe(0);
    expect(toastLiftAbove(-71, -35, 740)).toBe(0);
    expect(toastLiftAbove(300, 336, 768)).toBe(0);
    expect(toastLiftAbove(768 - TOAST_BAND - 36, 768 - TOAST_BAND, 768)).toBe(0);
    expect(toastLiftAbove(768 - TOAST_BAND - 35, 768 - TOAST_BAND + 1, 768)).toBe(TOAST_BAND + 35);
  });

  it('uses at most half of a short screen as the band', () => {
    // 740x360 (a phone on its side): the band is the lower 180 px, not 200.
    expect(toastLiftAbove(100, 136, 360)).toBe(0);
    expect(toastLiftAbove(144, 180, 360)).toBe(0);
    expect(toastLiftAbove(160, 196, 360)).toBe(200);
  });
});
