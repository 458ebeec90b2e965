/** The part of gifenc 1.0.3 (no types of its own) that scripts/buildGifs.ts uses. */
declare module 'gifenc' {
  export type Palette = number[][];
  export type FrameOptions = {
    palette?: Palette;
    /** Milliseconds. */
    delay?: number;
    /** -1 once, 0 forever, n: n more times. */
    repeat?: number;
    transparent?: boolean;
    transparentIndex?: number;
    dispose?: number;
    colorDepth?: number;
  };
  export type Encoder = {
    writeFrame(index: Uint8Array, width: number, height: number, options?: FrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
  };
  export type CreateEncoder = (options?: { auto?: boolean; initialCapacity?: number }) => Encoder;
  /** Named in the ESM build (bundlers, Vitest); Node loads the CommonJS build, where it sits under `default`. */
  export const GIFEncoder: CreateEncoder | undefined;
  const gifenc: { GIFEncoder?: CreateEncoder } | CreateEncoder;
  export default gifenc;
}
