import { describe, expect, it } from 'vitest';
import { bigEnough, KycInitiateBody, requiredSides } from '../../schemas/kyc.schema';
import { sameName } from '../../server/kyc/kyc';
import { imageSize } from '../../server/kyc/imageSize';
import { jpegImage, pngImage } from '../api/kycImages';

describe('image size from the header', () => {
  it('reads PNG and JPEG dimensions', () => {
    expect(imageSize(pngImage(640, 480), 'image/png')).toEqual({ width: 640, height: 480 });
    expect(imageSize(jpegImage(1920, 1080), 'image/jpeg')).toEqual({ width: 1920, height: 1080 });
  });

  it('skips JPEG segments before the frame and refuses broken headers', () => {
    const jpeg = jpegImage(800, 600);
    // An extra APP1 segment between APP0 and the frame.
    const app1 = Buffer.from([0xff, 0xe1, 0x00, 0x06, 1, 2, 3, 4]);
    const withApp1 = Buffer.concat([jpeg.subarray(0, 20), app1, jpeg.subarray(20)]);
    expect(imageSize(withApp1, 'image/jpeg')).toEqual({ width: 800, height: 600 });
    expect(imageSize(jpeg.subarray(0, 22), 'image/jpeg')).toBeNull();
    expect(imageSize(Buffer.from('not an image'), 'image/png')).toBeNull();
    expect(imageSize(pngImage(0, 10), 'image/png')).toBeNull();
  });
});

describe('kyc rules', () => {
  it('needs 600 × 400 in either orientation', () => {
    expect(bigEnough(600, 400)).toBe(true);
    expect(bigEnough(400, 600)).toBe(true);
    expect(bigEnough(599, 400)).toBe(false);
    expect(bigEnough(600, 399)).toBe(false);
  });

  it('asks for the back only of cards and licences, and always a selfie', () => {
    expect(requiredSides('passport')).toEqual(['front', 'selfie']);
    expect(requiredSides('id_card')).toEqual(['front', 'back', 'selfie']);
    expect(requiredSides('driving_licence')).toEqual(['front', 'back', 'selfie']);
  });

  it('compares names without case, accents or extra spaces', () => {
    expect(sameName('ELENI', 'Eleni')).toBe(true);
    expect(sameName('Hélène  Dupont', 'helene dupont')).toBe(true);
    expect(sameName('Maria', 'Eleni')).toBe(false);
  });

  it('refuses an expired document in the form schema', () => {
    const body = {
      document_type: 'passport',
      document_number: 'ab 12',
      expiry_date: '2020-01-01',
      first_name: 'Eleni',
      last_name: 'Papadopoulou',
    };
    expect(KycInitiateBody.safeParse(body).success).toBe(false);
    const later = `${new Date().getUTCFullYear() + 1}-01-01`;
    expect(KycInitiateBody.parse({ ...body, expiry_date: later }).document_number).toBe('AB 12');
  });
});
