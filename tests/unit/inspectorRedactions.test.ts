import { createInspector, type StatelyInspectionEvent } from '@statelyai/inspect';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { passwordLinkMachine, type RequestLinkInput } from '../../machines/passwordLink.machine';
import type { PasswordLinkRequestResponse } from '../../schemas/passwordJourneys.schema';
import { inspectorRedactions } from '../../src/app/inspection';

// README "Watching a flow run": what the Stately inspector sends over its WebSocket, with the redactions src/main.tsx
// gives it. createWebSocketInspector is createInspector over a WebSocket adapter that writes each event it is handed
// as JSON; this adapter keeps that JSON instead. The inspector's own sanitizers see only contexts and events; the body
// of a request a journey invokes travels as that actor's input, so it must be redacted too.

function recordingInspector() {
  const sent: string[] = [];
  const adapter = { send: (event: StatelyInspectionEvent) => void sent.push(JSON.stringify(event)) };
  return { sent, inspector: createInspector(adapter, inspectorRedactions) };
}

describe('what the inspector sends', () => {
  it('the journey and its events, and no secret typed into it', async () => {
    const { sent, inspector } = recordingInspector();
    const logic = passwordLinkMachine.provide({
      actors: {
        requestLink: fromPromise<PasswordLinkRequestResponse, RequestLinkInput>(
          () => new Promise<PasswordLinkRequestResponse>(() => {}),
        ),
      },
    });
    const journey = createActor(logic, { input: { purpose: 'reset' }, inspect: inspector.inspect });
    journey.start();
    journey.send({ type: 'journey.opened', link: null });
    journey.send({ type: 'link.request', email: 'maria@example.com', altcha: 'SECRET-PROOF-OF-WORK' });

    // The inspector hands events on when the page is idle.
    await vi.waitFor(() => {
      expect(sent.some((json) => json.includes('"type":"link.request"'))).toBe(true);
      expect(sent.some((json) => json.includes('"name":"requestLink"'))).toBe(true);
    });
    journey.stop();
    const everything = sent.join('\n');
    expect(everything).toContain('maria@example.com');
    expect(everything).toContain('[redacted]');
    expect(everything).not.toContain('SECRET-PROOF-OF-WORK');
  });
});
