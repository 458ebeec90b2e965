import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { generatePaths } from '../../tests/model/generatePaths';
import { registry } from '../../tests/model/registry';

/*
 * What the model tests cover of one machine, from the very paths they run (tests/model/generatePaths.ts over the
 * registry's models): the states some path is in, and the transitions some path takes. A transition taken on an event
 * is the one the machine itself selects for that event in the state before (`getTransitionData`, guards evaluated);
 * an eventless (`always`) one counts as taken when a path is in its source's parent and then in one of its targets.
 */

type StateNodeLike = AnyStateMachine['root'];
type TransitionLike = ReturnType<AnyStateMachine['getTransitionData']>[number];

export type Coverage = {
  paths: number;
  statesCovered: Set<string>;
  /** Indexes into the machine's transitions in walk order (as scripts/diagrams/model.ts lists its edges). */
  transitionsCovered: Set<number>;
};

/** The transitions in the order scripts/diagrams/model.ts walks them: each state's `on`/invoke/after, then always. */
export function transitionsInOrder(
  node: StateNodeLike,
): Array<{ transition: TransitionLike; always: boolean }> {
  const own: Array<{ transition: TransitionLike; always: boolean }> = [];
  for (const [, branches] of node.transitions)
    for (const transition of branches) own.push({ transition, always: false });
  for (const transition of node.always ?? []) own.push({ transition, always: true });
  return [...own, ...Object.values(node.states).flatMap(transitionsInOrder)];
}

function activeIds(snapshot: AnyMachineSnapshot): Set<string> {
  return new Set((snapshot as unknown as { _nodes: Array<{ id: string }> })._nodes.map((node) => node.id));
}

export function coverageOf(machineFile: string): Coverage {
  const models = registry.filter(({ model }) => model.file === machineFile).map(({ model }) => model);
  const machine = models[0]!.machine;
  const order = transitionsInOrder(machine.root);
  const index = new Map(order.map(({ transition }, at) => [transition, at]));
  const statesCovered = new Set<string>();
  const transitionsCovered = new Set<number>();
  let paths = 0;
  for (const model of models) {
    for (const modelPath of generatePaths(model)) {
      paths += 1;
      const snapshots = modelPath.steps.map((step) => step.state as AnyMachineSnapshot);
      const active = snapshots.map(activeIds);
      for (const ids of active) for (const id of ids) statesCovered.add(id);
      modelPath.steps.forEach((step, at) => {
        if (at === 0) return;
        const before = snapshots[at - 1]!;
        try {
          for (const taken of machine.getTransitionData(before, step.event)) {
            const found = index.get(taken);
            if (found !== undefined) transitionsCovered.add(found);
          }
        } catch {
          // A snapshot the machine cannot step from (a finished journey): nothing taken.
        }
        order.forEach(({ transition, always }, which) => {
          if (!always || transitionsCovered.has(which)) return;
          const parent = transition.source.parent?.id ?? transition.source.id;
          const targets = (transition.target ?? []).map((target) => target.id);
          if (active[at - 1]!.has(parent) && targets.some((target) => active[at]!.has(target)))
            transitionsCovered.add(which);
        });
      });
    }
  }
  return { paths, statesCovered, transitionsCovered };
}
