/**
 * Frames wider than 1280 px are read at 1280 px: the tile network works at half of that anyway
 * (work-image.ts), the classifier's crops are 32 px, and a 1920x1080 frame costs 2.25x the pixels
 * to move and resize. Readings are then scaled back to the caller's frame pixels.
 */
import type { Point, TableReading } from './types';

export const MAX_FRAME_WIDTH = 1280;
/**
 * A still photo is read at up to this width, as `analyze` reads the eval's 1920x1080 scenes: the tile
 * network looks at most at 1280 px (segment.ts), but the classifier's crops are cut from the frame's
 * own pixels, and one photo is read once, not ten times a second.
 */
export const PHOTO_MAX_WIDTH = 1920;

/** The size a frame is read at: at most `max` wide, same aspect. */
export function readSize(width: number, height: number, max = MAX_FRAME_WIDTH): { width: number; height: number } {
  if (width <= max) return { width, height };
  return { width: max, height: Math.max(1, Math.round((height * max) / width)) };
}

/** A reading of a frame read at `reading.image` size, in the pixels of a frame of size `to`. */
export function scaleReading(reading: TableReading, to: { width: number; height: number }): TableReading {
  const sx = to.width / reading.image.width;
  const sy = to.height / reading.image.height;
  if (sx === 1 && sy === 1) return reading;
  const map = (poly: Point[]): Point[] => poly.map(([x, y]) => [Math.round(x * sx * 10) / 10, Math.round(y * sy * 10) / 10]);
  return {
    ...reading,
    image: { width: to.width, height: to.height },
    tiles: reading.tiles.map((t) => ({
      ...t,
      polygon: map(t.polygon),
      ...(t.halves ? { halves: t.halves.map((h) => ({ ...h, polygon: map(h.polygon) })) } : {}),
    })),
  };
}
