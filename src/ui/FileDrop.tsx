import { useId, useState, type DragEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { fileSizeText, fileTypeList, type FileRules } from './fileErrors';

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

/** The label is the drop target and the click target: a press anywhere on it opens the file picker. */
const Zone = styled.label<{ $dragging: boolean; $invalid: boolean; $disabled: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(1)};
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(4)} ${theme.space(4)}`};
  border: 2px dashed
    ${({ theme, $invalid, $dragging }) =>
      $invalid ? theme.colors.danger : $dragging ? theme.colors.primary : theme.colors.inputBorder};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme, $dragging, $disabled }) =>
    $disabled ? theme.colors.disabledSurface : $dragging ? theme.colors.navCurrent : theme.colors.surface};
  color: ${({ theme, $disabled }) => ($disabled ? theme.colors.disabledText : theme.colors.text)};
  font-weight: ${({ theme }) => theme.weights.semibold};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  &:hover {
    border-color: ${({ theme, $invalid, $disabled }) =>
      $invalid ? theme.colors.danger : $disabled ? theme.colors.inputBorder : theme.colors.primary};
  }
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** Out of sight but still focusable and read: the label around it is what is seen and pressed. */
const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.type.small.size};
`;

const Chosen = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.type.small.size};
  overflow-wrap: anywhere;
`;

const ProgressRow = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  font-size: ${({ theme }) => theme.type.small.size};
  progress {
    flex: 1;
    min-width: 8rem;
    max-width: 20rem;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.type.small.size};
  font-weight: ${({ theme }) => theme.weights.semibold};
`;

export type FileDropProps = {
  /** The field's name, the whole of the label's text (so the input is found and announced by it). */
  label: string;
  /** What the field accepts; the hint quotes it and `accept` is built from it unless given. */
  rules: FileRules;
  /** The picker's filter when it differs from the accepted types (`image/*` lets a phone offer its camera). */
  accept?: string;
  /** Phones open the camera: `user` (front) for a selfie, `environment` (back) for a document. */
  capture?: 'user' | 'environment';
  /** Replaces the hint built from the rules. */
  hint?: string;
  disabled?: boolean;
  /** The file chosen (or being sent), shown by name and size. */
  file?: { name: string; size: number } | null;
  /** Bytes sent so far, when the upload reports them. */
  progress?: { fileName: string; loaded: number; total: number } | null;
  /** Why the last file was refused: shown under the field, announced, and tied to the input. */
  error?: string | null;
  onFile: (file: File) => void;
};

/**
 * A file field: a real `<input type="file">` inside its label (keyboard and screen readers work as usual) styled as a
 * drop zone, which also takes a file dragged onto it. It shows the chosen file's name and size, the upload's progress
 * when there is one, and the error beside the field (aria-describedby, aria-invalid).
 */
export function FileDrop({
  label,
  rules,
  accept,
  capture,
  hint,
  disabled = false,
  file,
  progress,
  error,
  onFile,
}: FileDropProps) {
  const intl = useIntl();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const chosenId = `${id}-chosen`;
  const progressId = `${id}-progress`;
  const [dragging, setDragging] = useState(false);
  const types = fileTypeList(intl, rules.types);
  const max = fileSizeText(intl, rules.maxBytes);
  const hintText =
    hint ??
    (rules.minPixels
      ? intl.formatMessage(
          {
            id: 'files.hint.photo',
            defaultMessage:
              'Drop a photo here or choose one: {types}, at least {long} × {short} pixels, up to {max}.',
          },
          { types, max, long: rules.minPixels.long, short: rules.minPixels.short },
        )
      : intl.formatMessage(
          { id: 'files.hint', defaultMessage: 'Drop a file here or choose one: {types}, up to {max}.' },
          { types, max },
        ));
  const describedBy = [hintId, file ? chosenId : null, error ? errorId : null].filter(Boolean).join(' ');

  const over = (event: DragEvent) => {
    event.preventDefault();
    if (disabled) return;
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const percentText = intl.formatNumber(percent / 100, { style: 'percent' });

  return (
    <Field>
      <Zone
        htmlFor={id}
        $dragging={dragging}
        $invalid={Boolean(error)}
        $disabled={disabled}
        onDragEnter={over}
        onDragOver={over}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        {label}
        <HiddenInput
          id={id}
          type="file"
          accept={accept ?? rules.types.join(',')}
          capture={capture}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            // Cleared, so that choosing the same file again (after fixing it) is a change too.
            event.target.value = '';
            if (chosen) onFile(chosen);
          }}
        />
      </Zone>
      <Hint id={hintId}>{hintText}</Hint>
      {file ? (
        <Chosen id={chosenId}>
          <FormattedMessage
            id="files.chosen"
            defaultMessage="Chosen: {name} ({size})"
            values={{ name: file.name, size: fileSizeText(intl, file.size) }}
          />
        </Chosen>
      ) : null}
      {progress ? (
        <ProgressRow>
          <label htmlFor={progressId}>
            <FormattedMessage
              id="files.uploading"
              defaultMessage="Uploading {name}"
              values={{ name: progress.fileName }}
            />
          </label>
          <progress id={progressId} max={100} value={percent} aria-valuetext={percentText}>
            {percentText}
          </progress>
          <span aria-hidden="true">{percentText}</span>
        </ProgressRow>
      ) : null}
      {error ? (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </Field>
  );
}
