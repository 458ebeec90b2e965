import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import {
  selectKycBusy,
  selectKycCriteria,
  selectKycError,
  selectKycErrorDetails,
  selectKycSide,
} from '../../../machines/identityVerification.machine';
import { Button } from '../../ui/Button';
import { FileDrop } from '../../ui/FileDrop';
import { Muted, Row } from '../../ui/Layout';
import { StepHeading } from '../../ui/StepHeading';
import { useKyc, type KycActor } from './kycActor';
import { kycPhotoErrorText, kycPhotoRules, sideTitle } from './kycMessages';

const Preview = styled.img`
  display: block;
  max-width: 100%;
  max-height: 16rem;
  margin-bottom: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

/** A local preview of the chosen photo through an object URL (none where the browser has no createObjectURL). */
function usePreview(file: File | null): string | null {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/**
 * /verification/:method: one photo. `capture` makes phones open the camera (the back camera for the document, the
 * front one for the selfie); elsewhere it is an ordinary file choice.
 */
export function CaptureStep({ kyc }: { kyc: KycActor }) {
  const intl = useIntl();
  const side = useKyc(kyc, selectKycSide) ?? 'front';
  const busy = useKyc(kyc, selectKycBusy);
  const criteria = useKyc(kyc, selectKycCriteria);
  const error = useKyc(kyc, selectKycError);
  const details = useKyc(kyc, selectKycErrorDetails);
  const [file, setFile] = useState<File | null>(null);
  const preview = usePreview(file);
  // A new side starts without a choice.
  const [shownSide, setShownSide] = useState(side);
  if (shownSide !== side) {
    setShownSide(side);
    setFile(null);
  }
  const title = sideTitle(intl, side);
  return (
    <div>
      <StepHeading>{title}</StepHeading>
      <Muted>
        {side === 'selfie' ? (
          <FormattedMessage
            id="kyc.capture.selfieHint"
            defaultMessage="Face the camera in good light, without glasses or a hat."
          />
        ) : (
          <FormattedMessage
            id="kyc.capture.documentHint"
            defaultMessage="Lay the document flat in good light; all four corners and every line must be readable."
          />
        )}
      </Muted>
      <FileDrop
        // A fresh field per side, so the same photo file can be chosen again for the next side.
        key={side}
        label={intl.formatMessage({ id: 'kyc.capture.photo', defaultMessage: 'Take or choose a photo' })}
        rules={kycPhotoRules(criteria)}
        // Any image, so that phones offer the camera; the server checks the type from the bytes.
        accept="image/*"
        capture={side === 'selfie' ? 'user' : 'environment'}
        disabled={busy}
        file={file}
        // The only call this step makes is the upload: why it was refused belongs beside the photo.
        error={error && !busy ? kycPhotoErrorText(intl, error, details, criteria) : null}
        onFile={setFile}
      />
      {preview ? (
        <Preview
          src={preview}
          alt={intl.formatMessage(
            { id: 'kyc.capture.preview', defaultMessage: 'Preview of {side}' },
            { side: title },
          )}
        />
      ) : null}
      <Row>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => kyc.send({ type: 'verification.restart' })}
        >
          <FormattedMessage id="kyc.restart" defaultMessage="Start over" />
        </Button>
        <Button
          busy={busy}
          disabled={!file}
          onClick={() => {
            if (file) kyc.send({ type: 'image.capture', file });
          }}
        >
          <FormattedMessage id="kyc.capture.use" defaultMessage="Use this photo" />
        </Button>
      </Row>
    </div>
  );
}
