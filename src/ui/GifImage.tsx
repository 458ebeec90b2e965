import { useIntl } from 'react-intl';
import styled, { css } from 'styled-components';
import { bundledGif, bundledGifUrl } from '../../schemas/gifs';
import { providerGifUrlPattern } from '../../schemas/sendMoney.schema';
import { gifAltText } from './gifMessages';

const media = css<{ $size: number }>`
  display: block;
  max-width: ${({ $size }) => $size}px;
  max-height: ${({ $size }) => $size}px;
  width: auto;
  height: auto;
  border-radius: ${({ theme }) => theme.radii.small};
  object-fit: contain;
`;

const Image = styled.img<{ $size: number }>`
  ${media}
`;

/** Giphy and Tenor also serve MP4: a muted loop, named like an image. */
const Video = styled.video<{ $size: number }>`
  ${media}
`;

export type GifImageProps = {
  /** A payment's `gif`: a bundled id (schemas/gifs.ts) or a Giphy or Tenor media URL. */
  gif: string;
  /** The longest side in CSS pixels (default 96). */
  size?: number;
  /** Overrides the alt text (a provider's title, say). */
  alt?: string;
};

/**
 * Shows a payment's GIF wherever its note is shown. A bundled GIF comes from the app itself (it works offline) with its
 * translated label as alt text; a provider's from its media host. Anything else (an id this app no longer bundles, a
 * URL that is not a provider's) shows nothing rather than loading it.
 */
export function GifImage({ gif, size = 96, alt }: GifImageProps) {
  const intl = useIntl();
  const text = alt ?? gifAltText(intl, gif);
  const bundled = bundledGif(gif);
  if (bundled) {
    return (
      <Image
        src={bundledGifUrl(bundled)}
        alt={text}
        width={bundled.width}
        height={bundled.height}
        $size={size}
        loading="lazy"
      />
    );
  }
  if (!providerGifUrlPattern.test(gif)) return null;
  if (gif.endsWith('.mp4')) {
    return <Video src={gif} aria-label={text} role="img" muted loop autoPlay playsInline $size={size} />;
  }
  return (
    <Image src={gif} alt={text} $size={size} loading="lazy" referrerPolicy="no-referrer" decoding="async" />
  );
}
