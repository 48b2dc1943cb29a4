/**
 * Canvases for drawn PDF pages. Their pixels live in Skia's native memory, which neither the
 * worker's heap limits nor process.memoryUsage() see, so each canvas is counted from its creation
 * until it is released, and released as soon as it is done with: a 40 MP page is 160 MB that
 * would otherwise wait for a garbage collection that the small JavaScript object never prompts.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { encodeStoredPng } from './stored-png';

const BYTES_PER_PIXEL = 4;
const held = new Map<Canvas, number>();
let heldBytes = 0;

export function createPageCanvas(width: number, height: number): Canvas {
  const canvas = createCanvas(width, height);
  const bytes = width * height * BYTES_PER_PIXEL;
  held.set(canvas, bytes);
  heldBytes += bytes;
  return canvas;
}

/** Frees the canvas's pixels now (@napi-rs/canvas gives a resized surface's memory back at once). */
export function releaseCanvas(canvas: Canvas): void {
  const bytes = held.get(canvas);
  if (bytes === undefined) return;
  held.delete(canvas);
  heldBytes -= bytes;
  canvas.width = 1;
  canvas.height = 1;
}

/** Pixel memory of the canvases alive now. */
export function canvasBytes(): number {
  return heldBytes;
}

/** The canvas as a stored PNG for the OCR engine (stored-png.ts); the canvas is released. */
export function takeScan(canvas: Canvas): { image: Buffer; width: number; height: number } {
  const { width, height } = canvas;
  try {
    return { image: encodeStoredPng(canvas.getContext('2d').getImageData(0, 0, width, height).data, width, height), width, height };
  } finally {
    releaseCanvas(canvas);
  }
}
