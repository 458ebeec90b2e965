import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import { bundledGif, bundledGifUrl, matchBundledGifs } from '../../schemas/gifs';
import type { GifProvider, GifSearchResponse } from '../../schemas/gifs.schema';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { GifImage } from './GifImage';
import { gifLabel, gifMessages } from './gifMessages';
import { Row } from './Layout';
import { Spinner } from './Spinner';
import { TextField } from './TextField';

const messages = defineMessages({
  add: { id: 'gifPicker.add', defaultMessage: 'Add a GIF' },
  change: { id: 'gifPicker.change', defaultMessage: 'Change GIF' },
  remove: { id: 'gifPicker.remove', defaultMessage: 'Remove GIF' },
  chosen: { id: 'gifPicker.chosen', defaultMessage: 'Chosen GIF' },
  title: { id: 'gifPicker.title', defaultMessage: 'Choose a GIF' },
  search: { id: 'gifPicker.search', defaultMessage: 'Search GIFs' },
  searchHint: {
    id: 'gifPicker.searchHint',
    defaultMessage: 'A word in English or Greek, such as coffee or καφές.',
  },
  searchButton: { id: 'gifPicker.searchButton', defaultMessage: 'Search' },
  cancel: { id: 'gifPicker.cancel', defaultMessage: 'Cancel' },
  results: { id: 'gifPicker.results', defaultMessage: 'GIFs to choose from' },
  searching: { id: 'gifPicker.searching', defaultMessage: 'Searching GIFs…' },
  fallback: {
    id: 'gifPicker.fallback',
    defaultMessage: 'GIF search is not available right now. Here are our own GIFs.',
  },
  failed: {
    id: 'gifPicker.failed',
    defaultMessage: 'GIFs could not be searched. Here are our own GIFs, which work offline.',
  },
});

/** Results asked of the server per search. */
export const gifSearchLimit = 24;
/** Typing pauses this long before the search runs (Enter searches at once). */
export const gifSearchDelayMs = 350;
/** Columns of the grid: the arrow keys move by one, or by a row. */
const columns = 3;

const providerNames: Record<Exclude<GifProvider, 'bundled'>, string> = { giphy: 'GIPHY', tenor: 'Tenor' };

type Choice = { value: string; src: string; label: string; width: number; height: number };
type Results = {
  choices: Choice[];
  provider: GifProvider;
  /** Why these are the bundled GIFs although a search ran: the provider failed, or the request did. */
  notice: 'fallback' | 'failed' | null;
};

/** The bundled GIFs matching the query in any language, the reader's labels included: no request needed. */
function bundledChoices(intl: IntlShape, query: string): Choice[] {
  return matchBundledGifs(query, (gif) => [gifLabel(intl, gif)]).map((gif) => ({
    value: gif.id,
    src: bundledGifUrl(gif),
    label: gifLabel(intl, gif),
    width: gif.width,
    height: gif.height,
  }));
}

function choicesFrom(intl: IntlShape, response: GifSearchResponse): Choice[] {
  return response.items.map((item) => {
    const bundled = bundledGif(item.id);
    return {
      value: item.id,
      src: item.preview_url,
      label: bundled ? gifLabel(intl, bundled) : item.title || intl.formatMessage(gifMessages.providerGif),
      width: item.width,
      height: item.height,
    };
  });
}

const Preview = styled.figure`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  figcaption {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.type.small.size};
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
`;

const SearchForm = styled.form`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  & > div {
    flex: 1;
  }
  & > button {
    margin-bottom: ${({ theme }) => theme.space(4)};
  }
`;

const Choices = styled.div`
  display: grid;
  grid-template-columns: repeat(${columns}, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(2)};
  max-height: min(50vh, 22rem);
  overflow-y: auto;
  padding: ${({ theme }) => theme.space(1)};
`;

const ChoiceButton = styled.button`
  display: flex;
  align-items: center;
  justify-content: center;
  aspect-ratio: 1;
  min-height: 44px;
  padding: ${({ theme }) => theme.space(1)};
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
  img {
    max-width: 100%;
    max-height: 100%;
    object-fit: contain;
  }
  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    border-width: 3px;
  }
  &:hover {
    border-color: ${({ theme }) => theme.colors.primaryStrong};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Status = styled.p`
  margin: ${({ theme }) => `${theme.space(2)} 0`};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Notice = styled.p`
  margin: ${({ theme }) => `0 0 ${theme.space(2)}`};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-left: 4px solid ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
`;

export type GifPickerProps = {
  /** A payment's `gif`: a bundled id or a provider's media URL; null when none. */
  value: string | null;
  onChange: (gif: string | null) => void;
  /** While the surrounding form is busy: the buttons do nothing. */
  disabled?: boolean;
  /** The search effect: the app's gifServices(api) (src/app/gifActors.ts); tests provide fakes. */
  services: GifServices;
};

export type GifServices = {
  /** gifSearch (schemas/gifs.schema.ts); throws an ApiFailure like every effect. */
  searchGifs: (query: { q: string; limit: number }, signal?: AbortSignal) => Promise<GifSearchResponse>;
};

/**
 * "Add a GIF" for a payment's note: a dialog with a search field and a grid of GIFs to choose from (arrow keys, Home
 * and End move between them). It opens on the bundled set, which the app knows without a request and which works
 * offline; a search asks the server, which searches Giphy or Tenor when configured, else the bundled set. When the
 * request fails the bundled GIFs matching the words are shown, with a message. The chosen GIF is previewed beside
 * "Change GIF" and "Remove GIF".
 */
export function GifPicker({ value, onChange, disabled = false, services }: GifPickerProps) {
  const intl = useIntl();
  const openerId = useId();
  const statusId = useId();
  const captionId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Results>(() => ({
    choices: bundledChoices(intl, ''),
    provider: 'bundled',
    notice: null,
  }));
  const [busy, setBusy] = useState(false);
  const [active, setActive] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const searchField = useRef<HTMLInputElement>(null);

  const stop = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    controller.current?.abort();
    controller.current = null;
  };
  useEffect(() => stop, []);

  // After the dialog has placed the focus on its actions: the search field is where the user starts.
  useEffect(() => {
    if (open) searchField.current?.focus();
  }, [open]);

  const show = (next: Results) => {
    setResults(next);
    const selected = next.choices.findIndex((choice) => choice.value === value);
    setActive(Math.max(0, selected));
  };

  const search = async (words: string) => {
    stop();
    const q = words.trim();
    if (q === '') {
      setBusy(false);
      show({ choices: bundledChoices(intl, ''), provider: 'bundled', notice: null });
      return;
    }
    const current = new AbortController();
    controller.current = current;
    setBusy(true);
    try {
      const response = await services.searchGifs({ q, limit: gifSearchLimit }, current.signal);
      if (current.signal.aborted) return;
      show({
        choices: choicesFrom(intl, response),
        provider: response.provider,
        notice: response.fallback ? 'fallback' : null,
      });
    } catch {
      // Offline, the server down or the session gone: the bundled set still works.
      if (current.signal.aborted) return;
      const matches = bundledChoices(intl, q);
      show({
        choices: matches.length > 0 ? matches : bundledChoices(intl, ''),
        provider: 'bundled',
        notice: 'failed',
      });
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setBusy(false);
      }
    }
  };

  const onType = (text: string) => {
    setQuery(text);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void search(text), gifSearchDelayMs);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled out of the page's DOM but not out of its React tree: without this, Enter in the search
    // field would also submit the form the picker sits in (the send-money amount step).
    event.stopPropagation();
    void search(query);
  };

  const openDialog = () => {
    setQuery('');
    show({ choices: bundledChoices(intl, ''), provider: 'bundled', notice: null });
    setOpen(true);
  };

  const close = () => {
    stop();
    setBusy(false);
    setOpen(false);
  };

  const choose = (choice: Choice) => {
    onChange(choice.value);
    close();
  };

  const remove = () => {
    onChange(null);
    document.getElementById(openerId)?.focus();
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = results.choices.length - 1;
    if (last < 0) return;
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowLeft: active - 1,
      ArrowDown: active + columns,
      ArrowUp: active - columns,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = Math.min(last, Math.max(0, target));
    setActive(next);
    buttons.current[next]?.focus();
  };

  const { choices, provider, notice } = results;
  return (
    <div>
      {value ? (
        <Preview aria-labelledby={captionId}>
          <figcaption id={captionId}>{intl.formatMessage(messages.chosen)}</figcaption>
          <GifImage gif={value} size={120} />
        </Preview>
      ) : null}
      <Row>
        <Button
          id={openerId}
          variant="secondary"
          disabled={disabled}
          onClick={openDialog}
          aria-haspopup="dialog"
        >
          {intl.formatMessage(value ? messages.change : messages.add)}
        </Button>
        {value ? (
          <Button variant="quiet" disabled={disabled} onClick={remove}>
            {intl.formatMessage(messages.remove)}
          </Button>
        ) : null}
      </Row>
      {open ? (
        <Dialog
          title={intl.formatMessage(messages.title)}
          onEscape={close}
          actions={
            <Button variant="secondary" onClick={close}>
              {intl.formatMessage(messages.cancel)}
            </Button>
          }
        >
          <SearchForm role="search" onSubmit={onSubmit}>
            <TextField
              ref={searchField}
              type="search"
              label={intl.formatMessage(messages.search)}
              hint={intl.formatMessage(messages.searchHint)}
              value={query}
              maxLength={50}
              autoComplete="off"
              onChange={(event) => onType(event.target.value)}
            />
            <Button type="submit" variant="secondary" busy={busy}>
              {intl.formatMessage(messages.searchButton)}
            </Button>
          </SearchForm>
          {notice ? <Notice role="alert">{intl.formatMessage(messages[notice])}</Notice> : null}
          <Status id={statusId} role="status">
            {busy
              ? intl.formatMessage(messages.searching)
              : intl.formatMessage(
                  {
                    id: 'gifPicker.count',
                    defaultMessage:
                      '{count, plural, =0 {No GIF matches. Try another word.} one {# GIF} other {# GIFs}}',
                  },
                  { count: choices.length },
                )}
          </Status>
          {busy ? <Spinner size={24} label={intl.formatMessage(messages.searching)} /> : null}
          <Choices
            role="group"
            aria-label={intl.formatMessage(messages.results)}
            aria-describedby={statusId}
            aria-busy={busy}
            onKeyDown={onGridKeyDown}
          >
            {choices.map((choice, index) => (
              <ChoiceButton
                key={choice.value}
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                type="button"
                tabIndex={index === active ? 0 : -1}
                aria-pressed={choice.value === value}
                onFocus={() => setActive(index)}
                onClick={() => choose(choice)}
              >
                <img
                  src={choice.src}
                  alt={choice.label}
                  width={choice.width}
                  height={choice.height}
                  loading="lazy"
                />
              </ChoiceButton>
            ))}
          </Choices>
          {provider !== 'bundled' ? (
            <Status>
              {intl.formatMessage(
                { id: 'gifPicker.poweredBy', defaultMessage: 'Powered by {provider}' },
                { provider: providerNames[provider] },
              )}
            </Status>
          ) : null}
        </Dialog>
      ) : null}
    </div>
  );
}
