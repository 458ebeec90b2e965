/**
 * Width and height of a PNG or JPEG read from the file's header, without decoding the image (no dependency).
 * Returns null when the header cannot be read.
 */
export type ImageSize = { width: number; height: number };

const pngSignature = Buffer.from('89504e470d0a1a0a', 'hex');

/** PNG: the IHDR chunk comes first, right after the 8-byte signature. */
function pngSize(data: Buffer): ImageSize | null {
  if (data.length < 24 || !data.subarray(0, 8).equals(pngSignature)) return null;
  if (data.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** JPEG: walk the marker segments to the first start-of-frame (SOF0-SOF15 except DHT, JPG and DAC). */
function jpegSize(data: Buffer): ImageSize | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 4 <= data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RSTn, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or start of scan before a frame
    const length = data.readUInt16BE(offset + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (offset + 9 > data.length) return null;
      return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

export function imageSize(data: Buffer, contentType: 'image/jpeg' | 'image/png'): ImageSize | null {
  const size = contentType === 'image/png' ? pngSize(data) : jpegSize(data);
  return size && size.width > 0 && size.height > 0 ? size : null;
}
