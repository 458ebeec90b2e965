import { useActorRef } from '@xstate/react';
import { createContext, useContext } from 'react';
import type {
  Actor,
  ActorOptions,
  AnyActorLogic,
  InspectionEvent,
  IsNotNever,
  Observer,
  RequiredActorOptionsKeys,
} from 'xstate';

/**
 * Watching a flow run (README "Watching a flow run", docs/decisions/021-flows-that-are-not-machines.md): with
 * VITE_INSPECT=1, src/main.tsx opens one Stately inspector and hands its observer to the whole app through this
 * context; every journey a screen starts with useJourneyActor reports to it. Without it the context is empty, the
 * journeys start exactly as before and @statelyai/inspect is never loaded.
 */
export type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/** The app's inspector, if inspection is on; src/main.tsx provides it, tests may provide a fake one. */
export const AppInspector = createContext<InspectionObserver | undefined>(undefined);

function notify(observer: InspectionObserver, event: InspectionEvent): void {
  if (typeof observer === 'function') observer(event);
  else observer.next?.(event);
}

/** Both observers, when a test watches a journey (the screen's `inspect` prop) while the app's inspector is on. */
function bothObservers(
  own: InspectionObserver | undefined,
  app: InspectionObserver | undefined,
): InspectionObserver | undefined {
  if (!own || !app) return own ?? app;
  return (event) => {
    notify(own, event);
    notify(app, event);
  };
}

/** useActorRef's options, with `input` required where the logic requires it. */
type JourneyOptions<TLogic extends AnyActorLogic> =
  IsNotNever<RequiredActorOptionsKeys<TLogic>> extends true
    ? [options: ActorOptions<TLogic> & { [K in RequiredActorOptionsKeys<TLogic>]: unknown }]
    : [options?: ActorOptions<TLogic>];

/**
 * Starts a screen's journey actor like useActorRef, attached to the app's inspector when one is set (and to the
 * screen's own `inspect` option, which tests use).
 */
export function useJourneyActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  ...[options]: JourneyOptions<TLogic>
): Actor<TLogic> {
  const app = useContext(AppInspector);
  const own: ActorOptions<TLogic> = options ?? {};
  const inspect = bothObservers(own.inspect, app);
  const start = useActorRef as (logic: TLogic, options: ActorOptions<TLogic>) => Actor<TLogic>;
  return start(logic, inspect ? { ...own, inspect } : own);
}

const REDACTED = '[redacted]';

/** Values that must not leave the page, not even to a developer tool: passwords, tokens, card secrets. */
const secretKey = /password|confirmation|secret|token$|^altcha$/i;
/** Card PINs; a map pin (an object with a latitude and longitude) stays visible. */
const pinKey = /^e?pin$/i;
/** One-time codes typed by the user travel in events (`otp.submit`, `totp.submit`); a `code` in context is an error code. */
const codeKey = /^code$/;
/** A card's verification value, under whatever key it travels. */
const cardCodeKey = /^(cvv|cvc)$/i;
/** A card number (12 to 19 digits), under whatever key it travels (a revealed card's `number`). */
const cardNumber = /^\d{12,19}$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function redact(value: unknown, inEvent: boolean, depth: number): unknown {
  if (depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, inEvent, depth + 1));
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const primitive = typeof item === 'string' || typeof item === 'number';
    const hidden =
      item != null &&
      (secretKey.test(key) ||
        (primitive && (pinKey.test(key) || cardCodeKey.test(key) || cardNumber.test(String(item)))) ||
        (inEvent && primitive && codeKey.test(key)));
    copy[key] = hidden ? REDACTED : redact(item, inEvent, depth + 1);
  }
  return copy;
}

/** The inspector's sanitizeContext: a journey's context with its secrets replaced by "[redacted]". */
export function redactContext<T extends Record<string, unknown>>(context: T): T {
  return redact(context, false, 0) as T;
}

/** The inspector's sanitizeEvent: an event with the password, code or PIN it carries replaced by "[redacted]". */
export function redactEvent<T extends { type: string }>(event: T): T {
  return redact(event, true, 0) as T;
}

/**
 * The inspector's serialize step: the input and output of every actor a journey invokes (a request's body, its answer)
 * are shown like an event's data, redacted; the inspector's own sanitizers see only contexts and events.
 */
export function redactInspection<T extends object>(inspection: T): T {
  if (!('snapshot' in inspection)) return inspection;
  const snapshot: unknown = inspection.snapshot;
  if (snapshot === null || typeof snapshot !== 'object') return inspection;
  const shown: Record<string, unknown> = { ...snapshot };
  if ('input' in shown) shown.input = redact(shown.input, true, 0);
  if ('output' in shown) shown.output = redact(shown.output, true, 0);
  return { ...inspection, snapshot: shown };
}

/** What the app's inspector is given (src/main.tsx): nothing secret leaves the page, not even to a developer tool. */
export const inspectorRedactions = {
  sanitizeContext: redactContext,
  sanitizeEvent: redactEvent,
  serialize: redactInspection,
};
