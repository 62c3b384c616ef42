/**
 * What counts as a double tap: two clicks within this time, at about the same spot. Apart from
 * the guard itself (taps.ts, the play route's), for screens that wait out a double tap (Theos'
 * cleanup pad opens after it), so they do not bring the guard's code with them.
 */
export const DOUBLE_TAP_MS = 300;
/** How far apart (in CSS pixels, each way) two taps may land and still be one double tap. */
export const DOUBLE_TAP_SLOP_PX = 32;
