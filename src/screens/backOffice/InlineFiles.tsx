import { useCallback, useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import type { KycSide } from '../../../schemas/kyc.schema';
import type { ReviewIdentity } from '../../../schemas/merchantReview.schema';
import type { ReviewFileServices } from '../../app/merchantReviewActors';
import { Button } from '../../ui/Button';

/*
 * The documents and identity photos a reviewer opens inline (the merchant's file and the identity review). They are
 * fetched with the staff token, since a plain link would carry none, and shown from object URLs; the server puts
 * each opening on the audit trail.
 */

const m = defineMessages({
  front: { id: 'backOffice.merchantReview.side.front', defaultMessage: 'Front of the document' },
  back: { id: 'backOffice.merchantReview.side.back', defaultMessage: 'Back of the document' },
  selfie: { id: 'backOffice.merchantReview.side.selfie', defaultMessage: 'Selfie' },
});

export const sideMessages: Record<KycSide, MessageDescriptor> = {
  front: m.front,
  back: m.back,
  selfie: m.selfie,
};

export type OpenedFile = { title: string; url: string; contentType: string };
export type FileToOpen = { title: string; contentType: string; fetch: () => Promise<Blob> };

/**
 * Files opened together (all or none): their object URLs are let go when others replace them, when they close and
 * when the page closes; an answer that comes after the page closed is dropped.
 */
export function useInlineFiles() {
  const [opened, setOpened] = useState<OpenedFile[]>([]);
  const [failed, setFailed] = useState(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  useEffect(() => () => opened.forEach((file) => URL.revokeObjectURL(file.url)), [opened]);
  const open = useCallback(async (files: FileToOpen[]) => {
    setFailed(false);
    try {
      const blobs = await Promise.all(files.map((file) => file.fetch()));
      if (!live.current) return;
      setOpened(
        files.map((file, index) => ({
          title: file.title,
          contentType: file.contentType,
          url: URL.createObjectURL(blobs[index]!),
        })),
      );
    } catch {
      if (live.current) setFailed(true);
    }
  }, []);
  const close = useCallback(() => setOpened([]), []);
  return { opened, failed, open, close };
}

/** One opened file: a PDF in a frame, an image as an image, and a button that closes it. */
export function InlineFile({
  file,
  closeLabel,
  onClose,
}: {
  file: OpenedFile;
  closeLabel: string;
  onClose: () => void;
}) {
  return (
    <div>
      {file.contentType.startsWith('image/') ? (
        <img src={file.url} alt={file.title} style={{ maxWidth: '100%' }} />
      ) : (
        <iframe src={file.url} title={file.title} style={{ width: '100%', height: '32rem' }} />
      )}
      <Button variant="secondary" onClick={onClose}>
        {closeLabel}
      </Button>
    </div>
  );
}

/**
 * An identity verification's photos, each a figure named by its side. With showLabel they wait for that button (the
 * merchant's file, where they are one part of many); without, they are fetched when the page opens.
 */
export function IdentityPhotos({
  identity,
  services,
  failedText,
  showLabel,
}: {
  identity: Pick<ReviewIdentity, 'verification_id' | 'photos'>;
  services: ReviewFileServices;
  failedText: string;
  showLabel?: string;
}) {
  const intl = useIntl();
  const { opened, failed, open } = useInlineFiles();
  const verificationId = identity.verification_id;
  const photos = identity.photos;
  const show = useCallback(
    () =>
      open(
        photos.map((photo) => ({
          title: intl.formatMessage(sideMessages[photo.side]),
          contentType: photo.content_type,
          fetch: () => services.openPhoto(verificationId, photo.side),
        })),
      ),
    [intl, open, photos, services, verificationId],
  );
  // Opened once a page: the sides stand for the photos, whose array is new on each read of the same verification.
  const sides = photos.map((photo) => photo.side).join(',');
  const atOnce = showLabel === undefined;
  useEffect(() => {
    if (atOnce) void show();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above: sides, not photos
  }, [atOnce, services, verificationId, sides]);
  const figures = atOnce || opened.length > 0;
  return (
    <>
      {showLabel !== undefined && photos.length > 0 && opened.length === 0 ? (
        <Button variant="secondary" onClick={() => void show()}>
          {showLabel}
        </Button>
      ) : null}
      {failed ? <p className="error">{failedText}</p> : null}
      {figures
        ? photos.map((photo, index) => {
            const title = intl.formatMessage(sideMessages[photo.side]);
            const url = opened[index]?.url;
            return (
              <figure key={photo.side}>
                {url ? <img src={url} alt={title} style={{ maxWidth: '20rem' }} /> : null}
                <figcaption>{title}</figcaption>
              </figure>
            );
          })
        : null}
    </>
  );
}
