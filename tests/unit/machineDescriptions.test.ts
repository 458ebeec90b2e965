import type { AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { registry } from '../model/registry';

/*
 * Issue 18: every state and every transition of every journey says, in its `description`, what it means for the
 * merchant and the auditor; the diagrams, the flow catalogue and the QA plans print these words. A state or a
 * transition added without one fails here, naming it.
 */

type StateNodeLike = AnyStateMachine['root'];

/** The states and transitions of `machine` that carry no description, as `state` / `state: event → target`. */
export function undescribed(machine: AnyStateMachine): string[] {
  const missing: string[] = [];
  const visit = (node: StateNodeLike) => {
    const name = node.path.join('.') || '(root)';
    if (node !== machine.root && !node.description?.trim()) missing.push(name);
    const transitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const transition of transitions) {
      if (transition.description?.trim()) continue;
      const targets = (transition.target ?? []).map((target) => target.path.join('.')).join(', ');
      missing.push(`${name}: ${transition.eventType || 'always'} → ${targets || '(stays)'}`);
    }
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return missing;
}

const machines = [...new Map(registry.map(({ model }) => [model.machine.id, model.machine])).values()];

describe('every state and transition says what it means', () => {
  it.each(machines.map((machine) => [machine.id, machine] as const))('%s', (_id, machine) => {
    expect(undescribed(machine)).toEqual([]);
  });

  it('finds a state and a transition without a description', async () => {
    const { setup } = await import('xstate');
    const machine = setup({}).createMachine({
      id: 'probe',
      initial: 'a',
      states: {
        a: { description: 'Described.', on: { go: { target: 'b' } } },
        b: { on: { back: { target: 'a', description: 'Described.' } } },
      },
    });
    expect(undescribed(machine)).toEqual(['a: go → b', 'b']);
  });
});
