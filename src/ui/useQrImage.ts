import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The QR image of a link, as an SVG data URL (the CSP allows data: images); null until it is drawn. */
export function useQrImage(link: string): string | null {
  const [image, setImage] = useState<{ link: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(
      (svg) => {
        if (live) setImage({ link, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [link]);
  return image?.link === link ? image.url : null;
}
